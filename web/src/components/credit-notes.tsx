import { formatPrice } from "@forgeline/contract";
import { dateText } from "../lib/date-text";
import { downloadCreditNote } from "../lib/invoice";
import type { PageOrder } from "../lib/order";
import { DownloadButton } from "./download-button";

/**
 * The credit notes of an order on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), oldest first, each with its
 * date, amount, reason and PDF: on the customer's and the admin's order pages; nothing while it has none, or when the answer
 * leaves them out (a colleague's order read by a requester, decision 058).
 */
export function CreditNotes({
  order,
  headingId,
}: {
  order: Pick<PageOrder, "_id" | "creditNotes">;
  headingId: string;
}) {
  const notes = order.creditNotes ?? [];
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-bold">
        Credit notes
      </h2>
      <ul className="flex flex-col gap-3">
        {notes.map((note) => (
          <li key={note.number} className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span>
              <span className="whitespace-nowrap font-medium">{note.number}</span>, {dateText(note.issuedAt)}:{" "}
              {formatPrice(note.amount)} credited ({note.reason})
            </span>
            <DownloadButton
              className="btn btn-outline btn-sm"
              download={() => downloadCreditNote(order, note.number)}
              failure="The credit note could not be downloaded. Please try again."
            >
              Download <span className="whitespace-nowrap">{note.number}</span> (PDF)
            </DownloadButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
