import type { Product } from "@forgeline/contract";
import type { QueryClient } from "@tanstack/react-query";
import { accessTokenFor } from "../../lib/account-session";
import { apiAuthed } from "../../lib/api-authed";
import { ApiError } from "../../lib/api-client";
import { cartApi } from "../../lib/api-routes/cart";
import { cartQueryKey } from "../../lib/query-keys";
import { sessionQuery } from "../../lib/session";
import { errorMessage, notify } from "../../lib/toast";

/**
 * PUT /api/cart/lines/{productId} {quantity} as the signed-in buyer, then the cart is fetched again (the
 * navbar counts its lines) and a toast says so; a refusal (outside the rule, above stock, withdrawn) answers the
 * server's message, which the caller says beside the button. Loaded with the first click of "Add to order".
 * "signed-out" when nobody is signed in (the caller sends the visitor to sign in).
 */
export async function addToOrder(
  queryClient: QueryClient,
  product: Pick<Product, "_id" | "name">,
  quantity: number,
): Promise<"added" | "signed-out" | { refused: string }> {
  try {
    const user = await queryClient.fetchQuery(sessionQuery);
    if (!user) return "signed-out";
    await accessTokenFor(user.email);
    await apiAuthed(cartApi.setLine(product._id), { quantity });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return "signed-out";
    return { refused: errorMessage(error, "quantity") };
  }
  await queryClient.invalidateQueries({ queryKey: cartQueryKey });
  notify("success", `Added ${product.name} to your order`);
  return "added";
}
