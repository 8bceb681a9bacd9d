import { type Company, formatPrice } from "@forgeline/contract";
import { DataTable } from "../../components/data-table";
import { OrderRowHeading } from "../../components/order-row-heading";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { QueryState } from "../../components/query-state";
import { dateText } from "../../lib/date-text";
import { useCompanyOrders } from "./api/orders";
import { CompanyRequired } from "./company-required";
import { memberName } from "./roles";

/** /dashboard/company/orders (members): every order of the company's members, newest first. */
export default function CompanyOrdersPage() {
  return (
    <section aria-labelledby="company-orders-heading" className="flex flex-col gap-4">
      <h1 id="company-orders-heading" className="text-2xl font-bold sm:text-3xl">
        Company Orders
      </h1>
      <CompanyRequired>{(company) => <CompanyOrders company={company} />}</CompanyRequired>
    </section>
  );
}

function CompanyOrders({ company }: { company: Company }) {
  const orders = useCompanyOrders(company._id);
  return (
    <QueryState
      query={orders}
      what="company's orders"
      isEmpty={(list) => list.length === 0}
      empty={`No member of ${company.name} has ordered yet.`}
    >
      {(list) => (
        <DataTable
          columns={[
            { label: "Order" },
            { label: "Placed by" },
            { label: "Placed" },
            { label: "Total", numeric: true },
            { label: "Status" },
          ]}
        >
          {list.map((order) => (
            <tr key={order._id}>
              <OrderRowHeading order={order} />
              <td>
                {memberName({ name: order.userName, email: order.userEmail })}
                <span className="block text-xs text-base-content/80 break-all">{order.userEmail}</span>
              </td>
              <td>{dateText(order.createdAt)}</td>
              <td className="text-right">
                {formatPrice(order.total)}
                {order.poNumber && <span className="block text-xs text-base-content/80">PO {order.poNumber}</span>}
              </td>
              <td>
                <OrderStatusBadge order={order} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryState>
  );
}
