import type { Warehouse } from "@forgeline/contract";
import { DataTable } from "../../components/data-table";
import { QueryState } from "../../components/query-state";
import { RowActions } from "../../components/row-actions";
import { RowRefusal } from "../../components/row-refusal";
import { useRowActions } from "../../lib/row-actions";
import { useUpdateWarehouse, useWarehouses } from "./api/warehouses";
import { WarehouseForm } from "./warehouse-form";

const COLUMNS = [{ label: "Code" }, { label: "Name" }, { label: "Address" }, { label: "State" }, { label: "Actions" }];

/**
 * /dashboard/warehouses (admins): where stock is kept (docs/STOCK.md), the first first (new stock and Restock go
 * there), a form to add one, and Make inactive / Make active for each; the server refuses to make one inactive
 * while it holds stock, and says so.
 */
export default function WarehousesPage() {
  const query = useWarehouses();
  const update = useUpdateWarehouse();
  const rowActions = useRowActions();

  function toggle(warehouse: Warehouse) {
    const active = !warehouse.active;
    void rowActions.run(
      warehouse._id,
      () => update.mutateAsync({ id: warehouse._id, patch: { active } }),
      `Warehouse: ${warehouse.code} is ${active ? "active" : "inactive"}`,
    );
  }

  return (
    <section aria-labelledby="warehouses-heading" className="flex flex-col gap-8">
      <h1 id="warehouses-heading" className="text-2xl font-bold sm:text-3xl">
        Warehouses
      </h1>
      <QueryState query={query} what="warehouses" isEmpty={(rows) => rows.length === 0} empty="No warehouses yet.">
        {(rows) => (
          <DataTable columns={COLUMNS}>
            {rows.map((warehouse, index) => (
              <tr key={warehouse._id}>
                <th scope="row">{warehouse.code}</th>
                <td>
                  {warehouse.name}
                  {index === 0 && <span className="ml-2 text-sm">(first: new stock goes here)</span>}
                </td>
                <td>{warehouse.address}</td>
                <td>{warehouse.active ? "Active" : "Inactive"}</td>
                <RowActions>
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={`${warehouse.active ? "Make inactive" : "Make active"}: ${warehouse.code}`}
                    disabled={update.isPending}
                    onClick={() => toggle(warehouse)}
                  >
                    {warehouse.active ? "Make inactive" : "Make active"}
                  </button>
                  <RowRefusal error={rowActions.refusalOf(warehouse._id)} />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <WarehouseForm />
    </section>
  );
}
