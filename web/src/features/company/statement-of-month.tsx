import { type CompanyStatement, formatPrice, type StatementEntry, statementEntryText } from "@forgeline/contract";
import { useId } from "react";
import { DataTable } from "../../components/data-table";
import { DownloadButton } from "../../components/download-button";
import { SelectField } from "../../components/select-field";
import { dueDayText } from "../../lib/on-account";
import { downloadStatement } from "./api/statement";
import { monthText } from "./statement-months";

/** An invoice adds to what is owed; money received, card payments and credit notes take away; an allocation neither. */
const charge = (entry: StatementEntry) => (entry.change > 0 ? formatPrice(entry.change) : "");
const credit = (entry: StatementEntry) => (entry.change < 0 ? formatPrice(-entry.change) : "");

/** The last moment a month's statement covers, or now for this month: its closing balance's day. */
function closingDay(statement: CompanyStatement): { day: string; now: boolean } {
  const end = new Date(Date.parse(statement.to) - 1).toISOString();
  return statement.asOf < statement.to ? { day: statement.asOf, now: true } : { day: end, now: false };
}

/**
 * A month of the statement, as its PDF has it: the opening balance, every entry of the month (invoices, money
 * received, money put against invoices, card payments, credit notes: whatever kinds the ledger has) with the balance
 * after it, and the closing balance; the month picked from the months the company has been here, downloaded as a
 * PDF or CSV.
 */
export function StatementOfMonth({
  companyId,
  statement,
  month,
  months,
  onMonth,
}: {
  companyId: string;
  statement: CompanyStatement;
  /** The month asked for: the statement shown is the previous one until its answer comes. */
  month: string;
  months: { value: string; label: string }[];
  onMonth: (month: string) => void;
}) {
  const headingId = useId();
  const name = monthText(month);
  const loading = statement.month !== month;
  const closing = closingDay(statement);
  const balances = [statement.openingBalance, ...statement.entries.map((entry) => entry.balance)];
  const fileOf = (type: "pdf" | "csv") => () => downloadStatement(companyId, month, type);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold">
        Statement of {name}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Month"
          name="month"
          className="w-full max-w-xs"
          value={month}
          options={months}
          onChange={(event) => onMonth(event.target.value)}
        />
        <DownloadButton
          className="btn btn-outline"
          download={fileOf("pdf")}
          failure="The statement could not be downloaded. Please try again."
        >
          Download PDF<span className="sr-only"> of the statement of {name}</span>
        </DownloadButton>
        <DownloadButton
          className="btn btn-outline"
          download={fileOf("csv")}
          failure="The statement could not be downloaded. Please try again."
        >
          Download CSV<span className="sr-only"> of the statement of {name}</span>
        </DownloadButton>
      </div>
      <p role="status" className="text-sm text-base-content/80">
        {loading ? `Loading the statement of ${name}…` : statementInBrief(statement)}
      </p>
      <div className={loading ? "opacity-60" : undefined}>
        <DataTable
          caption={`Statement of ${monthText(statement.month)}: opening balance, entries, closing balance`}
          columns={[
            { label: "Date" },
            { label: "Entry" },
            { label: "Charges", numeric: true },
            { label: "Credits", numeric: true },
            { label: "Balance", numeric: true },
          ]}
        >
          <BalanceRow day={statement.from} text="Opening balance" balance={statement.openingBalance} />
          {statement.entries.map((entry, index) => (
            // Entries have no id of their own; their order is the ledger's, fixed for a month's answer.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <tr key={index}>
              <th scope="row" className="font-normal whitespace-nowrap">
                {dueDayText(entry.at, true)}
              </th>
              <td>
                <CodesWhole text={statementEntryText(entry)} />
              </td>
              <td className="text-right tabular-nums">{charge(entry)}</td>
              <td className="text-right tabular-nums">{credit(entry)}</td>
              <td className="text-right tabular-nums">{formatPrice(entry.balance)}</td>
            </tr>
          ))}
          <BalanceRow
            day={closing.day}
            text={closing.now ? "Balance now" : "Closing balance"}
            balance={statement.closingBalance}
          />
        </DataTable>
      </div>
      {balances.some((balance) => balance < 0) && (
        <p className="text-sm">A balance below $0.00 is money of yours we hold: it pays your next invoices.</p>
      )}
    </section>
  );
}

/**
 * An entry's words with every hyphenated code (FL-100234, INV-2026-000012, 2026-12-27, a transfer's reference) kept
 * on one line: a narrow card breaks the words between them, never a number at its hyphen.
 */
export function CodesWhole({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\S+-\S+)/).map((part, index) =>
        index % 2 === 1 ? (
          // The parts of one text in its order, never reordered: their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <span key={index} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function BalanceRow({ day, text, balance }: { day: string; text: string; balance: number }) {
  return (
    <tr className="font-semibold">
      <th scope="row" className="whitespace-nowrap">
        {dueDayText(day, true)}
      </th>
      <td>{text}</td>
      <td />
      <td />
      <td className="text-right tabular-nums">{formatPrice(balance)}</td>
    </tr>
  );
}

/** The month in a sentence: how many entries of which kinds, or that nothing happened. */
export function statementInBrief(statement: CompanyStatement): string {
  const month = monthText(statement.month);
  const count = (kind: StatementEntry["kind"]) => statement.entries.filter((entry) => entry.kind === kind).length;
  const parts = [
    [count("invoice"), "invoice", "invoices"],
    [count("payment"), "payment received", "payments received"],
    [count("card-payment"), "card payment", "card payments"],
    [count("credit-note"), "credit note", "credit notes"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (said.length === 0) return `No invoice, payment or credit note in ${month}.`;
  const list = said.length === 1 ? said[0] : `${said.slice(0, -1).join(", ")} and ${said.at(-1)}`;
  return `${month}: ${list}.`;
}
