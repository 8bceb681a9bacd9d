import type { Shipment } from "@forgeline/contract";
import { type FormEvent, useId } from "react";
import { Field } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { piecesToCome } from "../../components/order-shipments";
import type { AdminPageOrder } from "../../lib/order";
import { notify } from "../../lib/toast";
import { useDeliverShipment, useShipFromWarehouses, useShipPart } from "./api/shipments";
import { TRACKING_FIELDS, TrackingFields, trackingOf } from "./tracking-fields";

/** The fields a refusal of Ship part may name; any other refusal is said beside the button. */
const FIELDS = ["warehouseId", ...TRACKING_FIELDS, "lines"] as const;

/**
 * "Ship part" (docs/STOCK.md, 'Shipments'): from one warehouse, so many pieces of each line, with a carrier and
 * tracking. The server checks what is allocated there and says why not beside the button (a line above it names
 * how many can ship).
 */
export function ShipPartForm({ order }: { order: AdminPageOrder }) {
  const ship = useShipPart(order._id);
  const warehouses = useShipFromWarehouses();
  const headingId = useId();
  const warehouseId = useId();
  const left = new Map(piecesToCome(order).map((line) => [line.sku, line.quantity]));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const lines = order.lines
      .map((line, position) => ({ productId: line.productId, quantity: Number(data.get(`line-${position}`) || 0) }))
      .filter((line) => line.quantity !== 0);
    try {
      await ship.mutateAsync({
        warehouseId: formText(data, "warehouseId"),
        lines,
        ...trackingOf(data),
      });
      form.reset();
      notify("success", "Part of the order shipped");
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <form aria-labelledby={headingId} className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <h3 id={headingId} className="text-lg font-semibold">
        Ship part
      </h3>
      {order.paymentMethod === "invoice" && (
        <p className="text-sm">
          On account: this part issues its own invoice for what it carries, due in {order.netDays} days.
        </p>
      )}
      <div>
        <label htmlFor={warehouseId} className="mb-1 block text-sm font-medium">
          From warehouse
        </label>
        <select
          id={warehouseId}
          name="warehouseId"
          className="min-h-10 w-full rounded-field border border-base-content/60 bg-base-100 px-2"
          aria-invalid={Boolean(fieldError(ship.error, "warehouseId"))}
        >
          {(warehouses.data ?? []).map((warehouse) => (
            <option key={warehouse._id} value={warehouse._id}>
              {warehouse.name} ({warehouse.code})
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Pieces to ship</legend>
        {order.lines.map((line, position) => (
          <Field
            key={line.productId}
            label={`${line.name} (${line.sku}), ${left.get(line.sku) ?? line.quantity} left`}
            name={`line-${position}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue=""
            placeholder="0"
          />
        ))}
        {fieldError(ship.error, "lines") && (
          <p className="text-sm text-error" role="alert">
            {fieldError(ship.error, "lines")}
          </p>
        )}
      </fieldset>
      <TrackingFields error={ship.error} of=" of this part" />
      <FormRefusal error={ship.error} fields={FIELDS} />
      <button type="submit" className="btn btn-primary self-start" disabled={ship.isPending}>
        Ship part
      </button>
    </form>
  );
}

/** A shipment's "Mark delivered", with its refusal beside it. */
export function DeliverShipmentButton({ order, shipment }: { order: AdminPageOrder; shipment: Shipment }) {
  const deliver = useDeliverShipment(order._id);
  if (shipment.deliveredAt) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={deliver.isPending}
        onClick={() => void deliver.mutateAsync(shipment._id).catch(() => undefined)}
      >
        Mark shipment {shipment.number} delivered
      </button>
      <FormRefusal error={deliver.error} fields={[]} />
    </>
  );
}
