import { isoMonth, onFirstUse } from "@forgeline/contract";

/**
 * The months a company's statement may be read for (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): UTC
 * months, as the server bounds them, from the month the company was made up to this one, never a future one.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** At most this many months back in the picker: five years of statements. */
export const STATEMENT_MONTHS_SHOWN = 60;

const monthInWords = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
);

/** "2026-03" as a person reads it: "March 2026". */
export function monthText(month: string): string {
  const [, year, index] = MONTH.exec(month) ?? [];
  return year ? monthInWords().format(new Date(Date.UTC(Number(year), Number(index) - 1, 1))) : month;
}

/** The month before `month` (YYYY-MM). */
function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return isoMonth(new Date(Date.UTC(year, index - 1, 1)));
}

/**
 * The months to choose from, newest first: this month (UTC) back to the month of `since` (when the company was
 * made), and at most STATEMENT_MONTHS_SHOWN of them.
 */
export function statementMonths(since: string, now = new Date()): { value: string; label: string }[] {
  const current = isoMonth(now);
  const first = MONTH.test(since.slice(0, 7)) ? since.slice(0, 7) : current;
  const months: string[] = [];
  for (let month = current; months.length < STATEMENT_MONTHS_SHOWN; month = previousMonth(month)) {
    months.push(month);
    if (month <= first) break;
  }
  return months.map((month) => ({ value: month, label: monthText(month) }));
}

/** The month `?month=` asks for when it is one of `months`, else the newest of them (this month). */
export function chosenMonth(asked: string | null, months: readonly { value: string }[], now = new Date()): string {
  return months.find((month) => month.value === asked)?.value ?? months[0]?.value ?? isoMonth(now);
}
