import { onFirstUse } from "@forgeline/contract";

// Every date the pages show, in one style: "Dec 1, 2026", with ", 11:59 PM" where the time matters. Each formatter is
// built on its first use (onFirstUse says why).
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }));
const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }));
const dayFormat = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }),
);
const longDayFormat = onFirstUse(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }));
const dueFormat = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }),
);
const dueYearFormat = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }));

/** An instant's day where the reader is, "Dec 1, 2026"; a dash for none. */
export function dateText(iso: string | null | undefined): string {
  return iso ? dateFormat().format(new Date(iso)) : "—";
}

/** An instant's day and time where the reader is, "Dec 1, 2026, 11:59 PM"; a dash for none. */
export function dateTimeText(iso: string | null | undefined): string {
  return iso ? dateTimeFormat().format(new Date(iso)) : "—";
}

/** A calendar day (YYYY-MM-DD, UTC, as the overview counts them) as "Nov 25"; `long` as "Nov 25, 2026". */
export function dayText(day: string, long = false): string {
  return (long ? longDayFormat : dayFormat)().format(new Date(`${day}T00:00:00Z`));
}

/**
 * An invoice's due day (UTC) as the documents write it, "31 December", with its year ("5 January 2027") only when
 * that is not the year of `now`: the line that leads the payment of an invoice (decision 063).
 */
export function dueDayInWords(iso: string, now = new Date()): string {
  const due = new Date(iso);
  return (due.getUTCFullYear() === now.getUTCFullYear() ? dueFormat : dueYearFormat)().format(due);
}

/** An instant as a date or date-time input shows it: local time, "2026-12-01T23:59:00.000" cut to `length`. */
export function localInputText(date: Date, length: 10 | 16): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, length);
}
