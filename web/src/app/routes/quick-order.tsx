import QuickOrderPage from "../../features/quick-order/quick-order-page";
import { RequireAuth } from "../guards";

/** /quick-order: a signed-in route (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder'). */
export default function GuardedQuickOrderPage() {
  return (
    <RequireAuth>
      <QuickOrderPage />
    </RequireAuth>
  );
}
