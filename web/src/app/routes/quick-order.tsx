import QuickOrderPage from "../../features/quick-order/quick-order-page";
import { RequireAuth } from "../guards";

/** /quick-order: a signed-in route (DESIGN.md 10.5). */
export default function GuardedQuickOrderPage() {
  return (
    <RequireAuth>
      <QuickOrderPage />
    </RequireAuth>
  );
}
