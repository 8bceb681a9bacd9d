import type { Order } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { ordersQueryKey } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/** The signed-in customer's orders. Not retried: a refusal here ends the sign-in at once (SPEC.md point 4). */
export function useMyOrders() {
  const session = useSession();
  const email = session.data?.email;
  return useQuery({
    queryKey: [...ordersQueryKey, email],
    enabled: Boolean(email),
    retry: false,
    queryFn: () => apiAuthed<Order[]>(`/api/ordering?userEmail=${encodeURIComponent(email ?? "")}`),
  });
}
