import { type AdminCompany, formatPrice } from "@forgeline/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { DataTable } from "../../components/data-table";
import { DownloadButton } from "../../components/download-button";
import { FieldShell } from "../../components/field";
import { QueryState } from "../../components/query-state";
import { ApiError } from "../../lib/api-client";
import { fileText as textOf } from "../../lib/file-text";
import { errorMessage, notify } from "../../lib/toast";
import { downloadPriceList, usePriceList, useUploadPriceList } from "./api/price-list";

/**
 * A company's contract price list: its rows, the list as a CSV file to edit in a spreadsheet, and a CSV
 * file sent back to replace it whole. A file with a bad row changes nothing: every bad row is listed.
 */
export function PriceListPanel({ company }: { company: AdminCompany }) {
  const prices = usePriceList(company._id);
  const upload = useUploadPriceList(company._id);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const problemsId = useId();
  const [missingFile, setMissingFile] = useState(false);
  const [unreadable, setUnreadable] = useState<string | null>(null);

  // Opened from its company's row: the focus moves here, so a keyboard or screen reader user finds it.
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    setMissingFile(!file);
    setUnreadable(null);
    if (!file) return;
    let csv: string;
    try {
      csv = await textOf(file);
    } catch (error) {
      setUnreadable(errorMessage(error));
      return;
    }
    try {
      const rows = await upload.mutateAsync(csv);
      notify("success", `The price list of ${company.name} has ${rows.length} ${rows.length === 1 ? "row" : "rows"}`);
      form.reset();
    } catch {
      // Listed below the form.
    }
  }

  const refusal = upload.error;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-bold">
        Price list of {company.name}
      </h2>
      <p className="text-sm text-base-content/80">
        A contract price applies to every member's lines of that tool whenever it is lower than the list and volume
        prices; the cart names it "your contract price".
      </p>
      <QueryState
        query={prices}
        what="price list"
        isEmpty={(rows) => rows.length === 0}
        empty="No contract prices yet."
      >
        {(rows) => (
          <DataTable
            label={`Price list of ${company.name}`}
            columns={[
              { label: "SKU" },
              { label: "Tool" },
              { label: "Contract price", numeric: true },
              { label: "List price", numeric: true },
            ]}
          >
            {rows.map((row) => (
              <tr key={row.sku}>
                <th scope="row" className="font-mono text-xs">
                  {row.sku}
                </th>
                <td>{row.name}</td>
                <td className="text-right">{formatPrice(row.unitPrice)}</td>
                <td className="text-right">{formatPrice(row.listPrice)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <DownloadButton
        className="btn btn-outline btn-sm self-start"
        download={() => downloadPriceList(company._id)}
        failure="The price list could not be downloaded. Please try again."
      >
        Download CSV<span className="sr-only"> of the price list of {company.name}</span>
      </DownloadButton>
      <form
        noValidate
        aria-label={`Upload a price list for ${company.name}`}
        className="flex max-w-xl flex-col gap-3"
        onSubmit={(event) => void submit(event)}
      >
        <FieldShell
          label="CSV file with sku and unitPrice columns (as the download)"
          error={missingFile ? "Choose a CSV file" : (unreadable ?? undefined)}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="file"
              name="file"
              accept=".csv,text/csv"
              className="file-input w-full"
              aria-invalid={missingFile || Boolean(refusal)}
              aria-describedby={[describedBy, refusal ? problemsId : undefined].filter(Boolean).join(" ") || undefined}
            />
          )}
        </FieldShell>
        <button type="submit" className="btn btn-primary self-start" disabled={upload.isPending}>
          Upload price list
        </button>
      </form>
      {refusal && (
        <div id={problemsId} role="alert" className="alert alert-error alert-soft flex-col items-start">
          {refusal instanceof ApiError && refusal.fieldErrors.length > 0 ? (
            <>
              <p>Nothing changed. Fix these rows and upload the file again:</p>
              <ul className="list-disc ps-5">
                {refusal.fieldErrors.map((problem) => (
                  <li key={`${problem.field} ${problem.message}`}>{problem.message}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{refusal.message}</p>
          )}
        </div>
      )}
    </section>
  );
}
