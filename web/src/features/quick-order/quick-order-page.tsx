import { CART_IMPORT_LIMITS, type CartFillRow } from "@forgeline/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { TextAreaField } from "../../components/field";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { fileText } from "../../lib/file-text";
import { errorMessage } from "../../lib/toast";
import { useImportRows } from "./api/import-rows";
import { useSkuSuggestions } from "./api/sku-suggestions";

/** One typed row: what the buyer wrote, and the server's refusal of it when it was sent and refused. */
interface Row {
  key: number;
  sku: string;
  quantity: string;
  message?: string | undefined;
}

type Source = "rows" | "paste" | "file";

let nextKey = 0;
const blankRow = (): Row => ({ key: nextKey++, sku: "", quantity: "" });
const blankRows = () => [blankRow(), blankRow(), blankRow()];
const isBlank = (row: Row) => !row.sku.trim() && !row.quantity.trim();

/** The typed rows as the import reads them: a header row, then SKU and quantity separated by a tab. */
export function rowsText(rows: Row[]): string {
  return ["SKU\tQuantity", ...rows.map((row) => `${row.sku.trim()}\t${row.quantity.trim()}`)].join("\n");
}

/**
 * /quick-order (signed in; docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder'): tools by SKU straight
 * into the cart. Typed rows (the SKU field suggests tools as one types), rows pasted from a spreadsheet, or a CSV file
 * all go to POST /api/cart/import as text; the server checks each row. The report answers every row sent (a repeated
 * SKU's once); a refused row (a typed one, or one of the pasted list or the file) stays in, or comes into, the typed
 * rows with the server's message beside it, to be fixed and sent again. Rows added leave the list: they are in the
 * cart.
 */
export default function QuickOrderPage() {
  const importRows = useImportRows();
  const [rows, setRows] = useState<Row[]>(blankRows);
  const [pasted, setPasted] = useState("");
  const [report, setReport] = useState<CartFillRow[] | null>(null);
  const [refusal, setRefusal] = useState<{ source: Source; message: string } | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Each new report takes the focus, so a keyboard or screen reader user hears the outcome first.
  useEffect(() => {
    if (report) summary.current?.focus();
  }, [report]);

  /**
   * Sends rows as text; the report, or null when nothing was added (the reason shown by `source`). The typed
   * rows go under a header row: their report shows them by their own numbers (`header` 1).
   */
  async function send(source: Source, text: string, header = 0): Promise<CartFillRow[] | null> {
    setRefusal(null);
    try {
      const answer = await importRows.mutateAsync(text);
      const report = answer.report.map((row) => ({
        ...row,
        row: row.row - header,
        ...(row.summed && { summed: { ...row.summed, rows: row.summed.rows.map((number) => number - header) } }),
      }));
      setReport(report);
      return report;
    } catch (error) {
      setRefusal({ source, message: errorMessage(error, "text") });
      return null;
    }
  }

  /** A pasted list's or a file's refused rows join the typed rows (in place of blank ones), each with why. */
  function takeRefused(report: CartFillRow[]) {
    const refused = report
      .filter((row) => row.status === "error")
      .map((row) => ({ ...blankRow(), sku: row.sku, quantity: row.quantity?.toString() ?? "", message: row.message }));
    if (refused.length === 0) return;
    setRows((current) => {
      const kept = current.filter((row) => !isBlank(row));
      return [...kept, ...refused];
    });
  }

  async function sendRows(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const filled = rows.filter((row) => !isBlank(row));
    if (filled.length === 0) {
      setRefusal({ source: "rows", message: "Type a SKU and a quantity in a row first" });
      return;
    }
    const answer = await send("rows", rowsText(filled), 1);
    if (!answer) return;
    const refused = answer.filter((row) => row.status === "error");
    const refusals = new Map(refused.map((row) => [row.row - 1, row.message]));
    // A repeated SKU is answered once, at its first row: its refusal is every readable row of that SKU's.
    const summedRefusals = new Map(refused.filter((row) => row.summed).map((row) => [row.sku, row.message]));
    const left = filled.flatMap((row, index) => {
      const message = refusals.get(index) ?? summedRefusals.get(row.sku.trim().toUpperCase());
      return message === undefined ? [] : [{ ...row, message }];
    });
    setRows(left.length > 0 ? left : blankRows());
  }

  async function sendPasted(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pasted.trim()) {
      setRefusal({ source: "paste", message: "Paste rows of SKU and quantity first" });
      return;
    }
    const answer = await send("paste", pasted);
    if (!answer) return;
    setPasted("");
    takeRefused(answer);
  }

  async function sendFile(file: File | undefined) {
    if (!file) return;
    // The server reads at most 1 MB of a file; the page says so before sending more.
    if (file.size > 4 * CART_IMPORT_LIMITS.textChars) {
      setRefusal({
        source: "file",
        message: `The file is larger than ${CART_IMPORT_LIMITS.textChars / 1024} KB: send at most ${CART_IMPORT_LIMITS.rows} rows`,
      });
      return;
    }
    let text: string;
    try {
      text = await fileText(file);
    } catch (error) {
      setRefusal({ source: "file", message: errorMessage(error) });
      return;
    }
    const answer = await send("file", text);
    if (fileInput.current) fileInput.current.value = "";
    if (answer) takeRefused(answer);
  }

  const refusedOf = (source: Source) => (refusal?.source === source ? refusal.message : undefined);
  const busy = importRows.isPending;

  return (
    <section aria-labelledby="quick-order-heading" className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 id="quick-order-heading" className="text-2xl font-bold sm:text-3xl">
          Quick order
        </h1>
        <p className="mt-1 text-sm text-base-content/80">
          Add tools to your cart by SKU: type rows, paste them from a spreadsheet, or choose a CSV file (SKU, then
          quantity; up to {CART_IMPORT_LIMITS.rows} rows).
        </p>
      </div>

      {report && <Report report={report} headingRef={summary} />}

      <form noValidate aria-labelledby="rows-heading" onSubmit={(event) => void sendRows(event)}>
        <h2 id="rows-heading" className="mb-2 text-xl font-bold">
          Rows
        </h2>
        <ol aria-label="Rows to add" className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <RowFields
              key={row.key}
              row={row}
              number={index + 1}
              onChange={(changed) =>
                setRows((current) => current.map((kept) => (kept.key === row.key ? changed : kept)))
              }
              onRemove={
                rows.length > 1 ? () => setRows((current) => current.filter((kept) => kept.key !== row.key)) : undefined
              }
            />
          ))}
        </ol>
        {refusedOf("rows") && (
          <p role="alert" className="mt-2 text-sm text-error">
            {refusedOf("rows")}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setRows((current) => [...current, blankRow()])}>
            Add a row
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            Add rows to cart
          </button>
        </div>
      </form>

      <form noValidate aria-labelledby="paste-heading" onSubmit={(event) => void sendPasted(event)}>
        <h2 id="paste-heading" className="mb-2 text-xl font-bold">
          Paste from a spreadsheet
        </h2>
        <TextAreaField
          label="Rows of SKU and quantity (copied cells, or lines with a comma, semicolon or tab)"
          name="text"
          rows={5}
          spellCheck={false}
          value={pasted}
          error={refusedOf("paste")}
          onChange={(event) => setPasted(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={busy}>
          Add pasted rows to cart
        </button>
      </form>

      <FileField
        inputRef={fileInput}
        error={refusedOf("file")}
        disabled={busy}
        onFile={(file) => void sendFile(file)}
      />
    </section>
  );
}

/** One typed row: its SKU (with suggestions), its pieces, and the server's refusal beside them. */
function RowFields({
  row,
  number,
  onChange,
  onRemove,
}: {
  row: Row;
  number: number;
  onChange: (row: Row) => void;
  onRemove: (() => void) | undefined;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const describedBy = row.message ? messageId : undefined;
  // Suggestions only for the field being typed in.
  const [typing, setTyping] = useState(false);
  const suggestions = useSkuSuggestions(typing ? row.sku : "");
  return (
    <li className="rounded-box border border-base-300 p-3">
      <div className="grid grid-cols-[1fr_6.5rem] items-end gap-2 sm:grid-cols-[1fr_8rem_auto]">
        <div>
          <label htmlFor={`${id}-sku`} className="mb-1 block text-sm font-medium">
            SKU, row {number}
          </label>
          <input
            id={`${id}-sku`}
            className={`input w-full ${row.message ? "input-error" : ""}`}
            list={`${id}-suggestions`}
            autoComplete="off"
            spellCheck={false}
            value={row.sku}
            aria-invalid={Boolean(row.message)}
            aria-describedby={describedBy}
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            onChange={(event) => onChange({ ...row, sku: event.target.value, message: undefined })}
          />
          <datalist id={`${id}-suggestions`}>
            {(suggestions.data ?? []).map((product) => (
              <option key={product._id} value={product.sku}>
                {product.name}
              </option>
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor={`${id}-quantity`} className="mb-1 block text-sm font-medium">
            Pieces, row {number}
          </label>
          <input
            id={`${id}-quantity`}
            className={`input w-full ${row.message ? "input-error" : ""}`}
            inputMode="numeric"
            autoComplete="off"
            value={row.quantity}
            aria-invalid={Boolean(row.message)}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...row, quantity: event.target.value, message: undefined })}
          />
        </div>
        {onRemove && (
          <button
            type="button"
            className="btn btn-ghost btn-sm col-span-2 justify-self-start sm:col-span-1"
            onClick={onRemove}
          >
            Remove row {number}
          </button>
        )}
      </div>
      {row.message && (
        <p id={messageId} className="mt-1 text-sm text-error">
          {row.message}
        </p>
      )}
    </li>
  );
}

/** The CSV file input: choosing a file sends it; a file refused as a whole says why beside the input. */
function FileField({
  inputRef,
  error,
  disabled,
  onFile,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  error: string | undefined;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <h2 className="mb-2 text-xl font-bold">Upload a CSV file</h2>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        CSV file (SKU and quantity columns; a header row is optional)
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept=".csv,.txt,.tsv,text/csv,text/plain"
        className="file-input w-full max-w-md"
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What became of every row sent last: how many were added, and each row (a repeated SKU's once), its outcome. */
function Report({ report, headingRef }: { report: CartFillRow[]; headingRef: React.Ref<HTMLHeadingElement> }) {
  const rowsOf = (status: CartFillRow["status"]) =>
    report.reduce((sum, row) => (row.status === status ? sum + (row.summed?.count ?? 1) : sum), 0);
  const added = rowsOf("added");
  const refused = rowsOf("error");
  return (
    <section aria-labelledby="report-heading" className="rounded-box bg-base-200 p-4">
      <h2 id="report-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        {added} {added === 1 ? "row" : "rows"} added, {refused} refused
      </h2>
      <p className="mt-1 text-sm">
        {refused > 0 ? "Fix the refused rows in the list below and add them again. " : ""}
        {added > 0 && (
          <Link className="link link-primary" to={paths.cart}>
            Go to your cart
          </Link>
        )}
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="table table-sm" aria-label="Report">
          <thead className="text-base-content">
            <tr>
              <th scope="col">Row</th>
              <th scope="col">SKU</th>
              <th scope="col" className="text-right">
                Pieces
              </th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {report.map((row) => (
              <tr key={`${row.row}-${row.sku}`}>
                <td>{row.row}</td>
                <td className="break-all">{row.sku}</td>
                <td className="text-right">{row.quantity ?? ""}</td>
                <td className={row.status === "error" ? "text-error" : ""}>
                  {row.status === "added" ? "Added" : "Refused"}
                  {row.message && <span className="block text-xs">{row.message}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
