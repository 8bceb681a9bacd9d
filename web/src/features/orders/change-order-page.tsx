import { orderChangeRefusal } from "@forgeline/contract";
import { Link } from "../../components/link";
import { OrderChangeEditor } from "../../components/order-change-editor";
import { paths } from "../../config/paths";
import type { PageOrder } from "../../lib/order";
import { useNavigate, useParams } from "../../lib/router";
import { notify } from "../../lib/toast";
import { useApplyChange, usePreviewChange } from "./api/change-order";
import { CallerOrder } from "./caller-order";

/**
 * /dashboard/myorders/:id/change: the buyer changes an order after placing it (issue 48; docs/decisions/
 * 072-order-changes.md, 075-the-change-order-page.md): the lines' pieces, a line removed or added, then "Preview
 * changes" shows each line's old and new price and the totals, and "Confirm change" applies it on the revision the
 * preview read at the total it showed. The server decides whether the order may change (`change:order` among its
 * actions) and checks every rule again; its refusals stand beside the button pressed.
 */
export default function ChangeOrderPage() {
  const { id = "" } = useParams();
  return (
    <CallerOrder id={id}>
      {(order) =>
        order.actions.includes("change:order") ? <ChangeOrder order={order} /> : <Unchangeable order={order} />
      }
    </CallerOrder>
  );
}

function Heading({ order }: { order: PageOrder }) {
  return (
    <div>
      <Link className="link text-sm" to={paths.myOrder(order._id)}>
        Back to order {order.number}
      </Link>
      <h1 id="change-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
        Change order {order.number}
      </h1>
    </div>
  );
}

/** An order shipped, paid, invoiced or closed meanwhile (or never the caller's to change): why, and the way back. */
function Unchangeable({ order }: { order: PageOrder }) {
  return (
    <section aria-labelledby="change-heading" className="flex max-w-3xl flex-col gap-4">
      <Heading order={order} />
      <p role="status" className="alert alert-info alert-soft">
        {orderChangeRefusal(order) ?? "You cannot change this order: ask the buyer or an owner of your company."}
      </p>
    </section>
  );
}

const INTRO =
  "Change the pieces of a line, remove a line or add a tool. Nothing changes until you confirm: the preview shows " +
  "every line's old and new price first. A changed or added line is priced at today's price for its pieces.";

function ChangeOrder({ order }: { order: PageOrder }) {
  const navigate = useNavigate();
  const preview = usePreviewChange(order._id);
  const apply = useApplyChange(order._id);
  return (
    <section aria-labelledby="change-heading" className="flex max-w-3xl flex-col gap-6">
      <Heading order={order} />
      <OrderChangeEditor
        order={order}
        preview={preview}
        apply={apply}
        intro={INTRO}
        previewHeading="Your order after the change"
        onApplied={() => {
          notify("success", `Order ${order.number} is changed`);
          navigate(paths.myOrder(order._id));
        }}
      />
    </section>
  );
}
