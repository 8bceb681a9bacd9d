import {
  type Product,
  QUANTITY_UNIT,
  type RestockInWarehouse,
  type RestockInWarehouseInput,
  STOCK_MAX,
  type StockLevel,
} from "@forgeline/contract";
import { useForm } from "react-hook-form";
import { DataTable } from "../../components/data-table";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal } from "../../components/form-refusal";
import { QueryState } from "../../components/query-state";
import { SelectField } from "../../components/select-field";
import { lazyResolver } from "../../lib/lazy-resolver";
import { notify } from "../../lib/toast";
import { useProductStock } from "./api/get-product-stock";
import { useUpdateProduct } from "./api/update-product";

const LEVEL_COLUMNS = [
  { label: "Warehouse" },
  { label: "On hand", numeric: true },
  { label: "Allocated", numeric: true },
  { label: "Available", numeric: true },
];

/**
 * Restock: the tool's stock in each warehouse (docs/STOCK.md), and the count on hand of one of them set (a whole
 * number from 0), e.g. after a delivery or a count; the first warehouse unless another is chosen. The tool's
 * stock on every page is then what is available over all of them.
 */
export function RestockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const stock = useProductStock(product._id);
  return (
    <FormDialog title={`Restock ${product.name}`} onClose={onClose}>
      {(close) => (
        <QueryState query={stock} what="stock levels" isEmpty={() => false} empty="">
          {({ levels }) => <RestockForm product={product} levels={levels} close={close} />}
        </QueryState>
      )}
    </FormDialog>
  );
}

function RestockForm({ product, levels, close }: { product: Product; levels: StockLevel[]; close: () => void }) {
  const update = useUpdateProduct();
  const open = levels.filter((level) => level.active);
  const first = open[0];
  const form = useForm<RestockInWarehouseInput, unknown, RestockInWarehouse>({
    resolver: lazyResolver(async () => {
      const { zodResolver, restockInWarehouseSchema } = await import("../../lib/form-checks");
      return zodResolver(restockInWarehouseSchema);
    }),
    defaultValues: { quantity: first?.onHand ?? 0, warehouseId: first?.warehouseId ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const levelOf = (warehouseId: string) => levels.find((level) => level.warehouseId === warehouseId);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(async ({ quantity, warehouseId }) => {
        const code = levelOf(warehouseId)?.code ?? "";
        try {
          await update.mutateAsync({ id: product._id, patch: { quantity, warehouseId } });
        } catch {
          // Said beside Save stock (update.error): below what is allocated there, the warehouse made inactive…
          return;
        }
        notify("success", `${product.name}: ${quantity} ${QUANTITY_UNIT} in stock in ${code}`);
        close();
      })}
    >
      <p className="text-sm">
        Now {product.quantity} {QUANTITY_UNIT} available.
      </p>
      <DataTable columns={LEVEL_COLUMNS}>
        {levels.map((level) => (
          <tr key={level.warehouseId}>
            <th scope="row">{level.code}</th>
            <td className="text-right">{level.onHand}</td>
            <td className="text-right">{level.allocated}</td>
            <td className="text-right">{level.available}</td>
          </tr>
        ))}
      </DataTable>
      <SelectField
        label="Warehouse"
        options={open.map((level) => ({ value: level.warehouseId, label: `${level.code}: ${level.name}` }))}
        {...form.register("warehouseId", {
          onChange: (event: { target: { value: string } }) =>
            form.setValue("quantity", levelOf(event.target.value)?.onHand ?? 0),
        })}
      />
      <Field
        label="Pieces in stock (on hand there)"
        type="number"
        inputMode="numeric"
        step="1"
        min={0}
        max={STOCK_MAX}
        error={errors.quantity?.message}
        {...form.register("quantity")}
      />
      <FormRefusal error={update.error} fields={[]} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save stock
        </button>
      </div>
    </form>
  );
}
