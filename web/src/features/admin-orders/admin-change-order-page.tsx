import { formatPrice, orderChangeRefusal } from "@forgeline/contract";
import { Link } from "../../components/link";
import { OrderChangeEditor } from "../../components/order-change-editor";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import type { AdminPageOrder } from "../../lib/order";
import { useNavigate, useParams } from "../../lib/router";
import { notify } from "../../lib/toast";
import { useAdminApplyChange, useAdminPreviewChange } from "./api/change-order";
import { useAdminOrder } from "./api/get-admin-order";

const INTRO =
  "Change the pieces of a line, remove a line or add a tool, as the buyer could. Nothing changes until you confirm: " +
  "the preview shows every line's old and new price first. A change that lowers or keeps the total is applied at " +
  "once and the buyer is mailed what changed; one that raises it waits for the buyer to accept it.";

/**
 * /dashboard/orders/:id/change (admins): any order's lines changed (issue 48; docs/decisions/
 * 078-admins-change-orders.md), with the buyer's editor and preview (components/order-change-editor.tsx) on the admin
 * routes. The server decides whether the order may change (`change:order` among the admin's actions).
 */
export default function AdminChangeOrderPage() {
  const orderId = useParams().id ?? "";
  const order = useAdminOrder(orderId);
  return (
    <section aria-labelledby="change-heading" className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link className="link link-primary text-sm" to={paths.adminOrder(orderId)}>
          Back to order {order.data?.number}
        </Link>
        <h1 id="change-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
          Change order {order.data?.number}
        </h1>
      </div>
      <QueryState query={order} what="order" isEmpty={() => false} empty={null}>
        {(data) =>
          data.actions.includes("change:order") ? (
            <ChangeOrder order={data} />
          ) : (
            <p role="status" className="alert alert-info alert-soft">
              {orderChangeRefusal(data) ?? "This order cannot be changed."}
            </p>
          )
        }
      </QueryState>
    </section>
  );
}

function ChangeOrder({ order }: { order: AdminPageOrder }) {
  const navigate = useNavigate();
  const preview = useAdminPreviewChange(order._id);
  const apply = useAdminApplyChange(order._id);
  return (
    <OrderChangeEditor
      order={order}
      preview={preview}
      apply={apply}
      intro={INTRO}
      previewHeading="The order after the change"
      byTheShop
      previewNote={(previewed) =>
        // The server proposes a change that raises the total instead of applying it (decision 078).
        previewed.difference > 0 && (
          <p role="status" className="alert alert-info alert-soft">
            It raises the total by {formatPrice(previewed.difference)}: confirmed, it waits for the buyer's acceptance,
            and they are mailed a link to accept or decline it.
          </p>
        )
      }
      onApplied={(_, previewed) => {
        notify(
          "success",
          previewed.difference > 0
            ? `The change of order ${order.number} waits for the buyer's acceptance`
            : `Order ${order.number} is changed`,
        );
        navigate(paths.adminOrder(order._id));
      }}
    />
  );
}
