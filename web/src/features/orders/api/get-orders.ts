import type { Order } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "../../../config/paths";
import { signOut } from "../../../lib/account-session";
import { apiAuthed } from "../../../lib/api-authed";
import { ApiError } from "../../../lib/api-client";
import { ordersQueryKey } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/**
 * The signed-in customer's orders. A 401 or 403 here means the sign-in is no longer good: the customer
 * is signed out and sent to /login (SPEC.md point 4).
 */
export function useMyOrders() {
  const session = useSession();
  const navigate = useNavigate();
  const email = session.data?.email;
  return useQuery({
    queryKey: [...ordersQueryKey, email],
    enabled: Boolean(email),
    retry: false,
    queryFn: async () => {
      try {
        return await apiAuthed<Order[]>(`/api/ordering?userEmail=${encodeURIComponent(email ?? "")}`);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          await signOut();
          navigate(paths.login, { replace: true });
        }
        throw error;
      }
    },
  });
}
