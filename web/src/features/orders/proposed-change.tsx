import { formatPrice } from "@forgeline/contract";
import { ChangePreview } from "../../components/change-preview";
import { FormRefusal } from "../../components/form-refusal";
import { dateTimeText } from "../../lib/date-text";
import type { PageOrder } from "../../lib/order";
import { notify } from "../../lib/toast";
import { useDecideChange } from "./api/proposed-change";

/**
 * An admin's change that raises the order's total, waiting for the buyer (docs/decisions/078-admins-change-orders.md):
 * the lines before and after and the new total as the admin's preview showed them, with "Accept the change" and
 * "Decline" for whoever may change the order. A refusal stands under the two buttons, which may go with the answer
 * (decision 074).
 */
export function ProposedChange({ order }: { order: PageOrder }) {
  const decide = useDecideChange(order._id);
  const change = order.proposedChange;
  if (!change) return null;

  async function run(decision: "accept" | "decline", changeId: string) {
    try {
      await decide.mutateAsync({ decision, changeId });
      notify("success", decision === "accept" ? `Order ${order.number} is changed` : "The change is declined");
    } catch {
      // Said under the buttons (decide.error).
    }
  }

  return (
    <section aria-labelledby="proposed-change-heading" className="flex flex-col gap-4">
      <h2 id="proposed-change-heading" className="text-xl font-bold">
        A change waits for your acceptance
      </h2>
      <p>
        On {dateTimeText(change.proposedAt)} the shop proposed to change this order's lines. Nothing changes until you
        accept it: the total would be {formatPrice(change.after.total)} instead of {formatPrice(change.before.total)}.
      </p>
      <ChangePreview preview={change} />
      {order.actions.includes("change:order") ? (
        <div className="flex flex-col items-start gap-2">
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={decide.isPending}
              onClick={() => void run("accept", change._id)}
            >
              Accept the change
            </button>
            <button
              type="button"
              className="btn"
              disabled={decide.isPending}
              onClick={() => void run("decline", change._id)}
            >
              Decline
            </button>
          </div>
          <FormRefusal error={decide.error} fields={[]} />
        </div>
      ) : (
        <p className="text-sm text-base-content/80">
          The order's buyer, or an owner or buyer of your company, accepts or declines it.
        </p>
      )}
    </section>
  );
}
