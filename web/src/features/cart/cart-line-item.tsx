import { type CartLine, formatPrice, pictureSrcSet } from "@forgeline/contract";
import { UnitPrice } from "../../components/priced-order";
import { RowRefusal } from "../../components/row-refusal";
import { ApiError } from "../../lib/api-client";
import { shipsNowText } from "../../lib/backorder-words";
import { useSetLineQuantity } from "./api/set-line-quantity";
import { QuantityStepper } from "./quantity-stepper";

/**
 * One line of the cart: the tool, its quantity stepper, its price as the server priced it, and Remove, with why the
 * shop refused to remove it (`removeRefusal`) under that button.
 */
export function CartLineItem({
  line,
  removing,
  removeRefusal,
  onRemove,
}: {
  line: CartLine;
  removing: boolean;
  removeRefusal: unknown;
  onRemove: (line: CartLine) => void;
}) {
  const setQuantity = useSetLineQuantity(line.productId);
  const shipsNow = shipsNowText(line.quantity, line.stock, line.backorders);
  // The latest change of this line: while it (or one queued before it) is on its way, the field keeps what was asked.
  const changing = setQuantity.isPending;
  const refusal =
    setQuantity.error instanceof ApiError
      ? (setQuantity.error.messageFor("quantity") ?? setQuantity.error.message)
      : setQuantity.error?.message;

  return (
    <li className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 border-b border-base-300 py-4 sm:grid-cols-[auto_1fr_auto_auto]">
      <img
        src={line.image}
        srcSet={pictureSrcSet(line.image)}
        sizes="96px"
        alt=""
        width={96}
        height={72}
        className="row-span-2 rounded-box bg-base-200 object-cover sm:row-span-1"
      />
      <div className="min-w-0">
        <h2 className="font-semibold">{line.name}</h2>
        <p className="text-sm text-base-content/80">
          SKU <span className="font-mono whitespace-nowrap">{line.sku}</span>
        </p>
        {shipsNow && <p className="text-sm font-medium">{shipsNow}</p>}
        <button
          type="button"
          className="btn btn-ghost btn-xs mt-1 px-0 text-error underline"
          disabled={removing}
          onClick={() => onRemove(line)}
        >
          Remove<span className="sr-only"> {line.name}</span>
        </button>
        <RowRefusal error={removeRefusal} />
      </div>
      <QuantityStepper
        name={line.name}
        rule={line.quantityRule}
        stock={line.stock}
        takesBackorders={line.backorders?.allowed}
        quantity={line.quantity}
        serverError={changing ? undefined : refusal}
        busy={changing}
        revision={`${setQuantity.submittedAt}-${setQuantity.status}`}
        onChange={(quantity) => setQuantity.mutate(quantity)}
      />
      <dl className="col-span-2 grid grid-cols-[auto_auto] justify-end gap-x-4 text-right text-sm sm:col-span-1 sm:min-w-40">
        <dt className="text-base-content/80">Unit price</dt>
        <dd>
          <UnitPrice line={line} />
        </dd>
        <dt className="text-base-content/80">Line total</dt>
        <dd className="font-semibold">{formatPrice(line.total)}</dd>
      </dl>
    </li>
  );
}
