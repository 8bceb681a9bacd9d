import { describeRule, type Product, type QuantityRule } from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { apiCall, type Route } from "../lib/api-client";
import { publicApi } from "../lib/api-routes/public";
import { type DraftLine, draftRefusal, ruleOfTool } from "../lib/change-draft";
import { productQuery } from "../lib/product-query";
import { errorMessage } from "../lib/toast";
import { RefusalBeside } from "./refusal-beside";

/**
 * The lines of a change as the buyer, or an admin (decision 078), edits them (docs/decisions/075-the-change-order-
 * page.md): each line's pieces with its tool's rule under the field and an off-rule quantity refused beside it
 * naming the nearest allowed (as "Add to order" says it), Remove (and Keep, to take it back), and the server's
 * refusal of a line's quantity.
 */
export function ChangeLines({
  draft,
  rules,
  serverRefusal,
  onEdit,
}: {
  draft: DraftLine[];
  /** Each tool's rule by product id, once its product is read. */
  rules: Record<string, QuantityRule | undefined>;
  /** The server's refusal of a line (a 400 naming `lines.N.quantity`), by the line's index. */
  serverRefusal: (index: number) => string | undefined;
  onEdit: (index: number, line: DraftLine | null) => void;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {draft.map((line, index) => (
        <ChangeLine
          key={line.productId}
          line={line}
          rule={rules[line.productId]}
          serverRefusal={serverRefusal(index)}
          onEdit={(edited) => onEdit(index, edited)}
        />
      ))}
    </ul>
  );
}

function ChangeLine({
  line,
  rule,
  serverRefusal,
  onEdit,
}: {
  line: DraftLine;
  rule: QuantityRule | undefined;
  serverRefusal: string | undefined;
  onEdit: (line: DraftLine | null) => void;
}) {
  const id = useId();
  const refusal = draftRefusal(line, rule) ?? serverRefusal;
  const added = line.oldQuantity === 0;
  if (line.shipped > 0) return <ShippedLine line={line} />;
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold">{line.name}</h3>
        <p className="text-sm text-base-content/80">
          SKU <span className="font-mono">{line.sku}</span> ·{" "}
          {added ? "added by this change" : `${line.oldQuantity} ordered`}
        </p>
        {line.removed && <p className="text-sm font-medium">Removed by this change</p>}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {!line.removed && (
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              Pieces<span className="sr-only"> of {line.name}</span>
            </label>
            <input
              id={id}
              type="number"
              inputMode="numeric"
              className={`input input-sm w-28 text-right ${refusal ? "input-error" : ""}`}
              min={rule?.min}
              max={rule?.max}
              step={rule?.step}
              value={line.typed}
              aria-invalid={Boolean(refusal)}
              aria-describedby={`${id}-note`}
              onChange={(event) => onEdit({ ...line, typed: event.target.value })}
            />
          </div>
        )}
        <button
          type="button"
          className={`btn btn-sm ${line.removed ? "" : "btn-ghost text-error underline"}`}
          onClick={() => onEdit(added ? null : { ...line, removed: !line.removed, typed: String(line.oldQuantity) })}
        >
          {line.removed ? "Keep" : "Remove"}
          <span className="sr-only"> {line.name}</span>
        </button>
        {!line.removed && (
          <p id={`${id}-note`} aria-live="polite" className={`basis-full text-sm ${refusal ? "text-error" : ""}`}>
            {refusal ?? (rule ? describeRule(rule) : "")}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * A line some of whose pieces have shipped: it stays as it is, so it has no field and no Remove, and says why
 * (docs/decisions/079-changing-an-order-shipped-in-part.md).
 */
function ShippedLine({ line }: { line: DraftLine }) {
  return (
    <li className="flex flex-col gap-1 rounded-box border border-base-300 p-4">
      <h3 className="font-semibold">{line.name}</h3>
      <p className="text-sm text-base-content/80">
        SKU <span className="font-mono">{line.sku}</span> · {line.oldQuantity} ordered, {line.shipped} shipped
      </p>
      <p className="text-sm">
        {line.shipped === line.oldQuantity ? "Shipped" : "Shipped in part"}: this line stays as it is.
      </p>
    </li>
  );
}

/** "No tool has the SKU X." */
const noSuchSku = (sku: string) => `No tool in the catalogue has the SKU ${sku}.`;

/**
 * Add a line by its tool's SKU: the catalogue is asked for it (its search, GET /api/product?q=); found, the line is
 * added at the tool's smallest quantity, to change before the preview. A SKU not found, or a tool the order has,
 * is said beside the button.
 */
export function AddLineBySku({
  has,
  onAdd,
}: {
  has: (productId: string) => boolean;
  onAdd: (line: DraftLine) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [sku, setSku] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const wanted = sku.trim().toUpperCase();
    setRefusal(null);
    if (wanted === "") return setRefusal({ message: "Type the SKU of the tool to add." });
    setBusy(true);
    try {
      const found = await apiCall(
        `${publicApi.products}?${new URLSearchParams({ q: wanted, limit: "8" })}` as Route<Product[]>,
      );
      const tool = found.find((product) => product.sku?.toUpperCase() === wanted);
      if (!tool) return setRefusal({ message: noSuchSku(wanted) });
      if (has(tool._id))
        return setRefusal({ message: `${tool.name} is in the order already: change its pieces above.` });
      // Its rule is read as the order's lines' are, from the tool's query.
      queryClient.setQueryData(productQuery(tool._id).queryKey, tool);
      const pieces = String(ruleOfTool(tool).min);
      onAdd({
        productId: tool._id,
        sku: tool.sku,
        name: tool.name,
        oldQuantity: 0,
        typed: pieces,
        removed: false,
        shipped: 0,
      });
      setSku("");
    } catch (error) {
      setRefusal({ message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void add(event)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Add a tool by its SKU
        </label>
        <input
          id={id}
          className="input input-sm w-40 font-mono"
          autoComplete="off"
          value={sku}
          onChange={(event) => setSku(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-sm" disabled={busy}>
        Add line
      </button>
      <div className="basis-full">
        <RefusalBeside refusal={refusal} message={refusal?.message ?? ""} />
      </div>
    </form>
  );
}
