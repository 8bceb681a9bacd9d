/**
 * The calendar of recurring orders (decision 070): days are ISO dates (YYYY-MM-DD) in the shop's time zone, and
 * all arithmetic on them is on whole days in UTC, where no day has 23 or 25 hours. Only `shopDay` looks at a time
 * zone: which day it is now in the shop.
 */

/** How often: every `weeks` weeks from the first day, or every `months` months on `day` (31: the month's last). */
export interface Cadence {
  weeks: number | null;
  months: number | null;
  day: number | null;
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day it is at `now` in the shop's time zone. */
export function shopDay(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export const addDays = (day: string, days: number) => iso(utc(day) + days * DAY_MS);

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** The `index`th run of a monthly cadence counted from the first day's month: on its day, or the month's last. */
function monthlyRun(startsOn: string, months: number, day: number, index: number): string {
  const [year, month] = startsOn.split("-").map(Number) as [number, number];
  const monthNumber = year * 12 + (month - 1) + months * index;
  const runYear = Math.floor(monthNumber / 12);
  const runMonth = monthNumber % 12;
  return iso(Date.UTC(runYear, runMonth, Math.min(day, daysInMonth(runYear, runMonth))));
}

/** The first run of the cadence on `day` or after it (and never before `startsOn`). */
export function firstRunFrom(startsOn: string, cadence: Cadence, day: string): string {
  const from = day > startsOn ? day : startsOn;
  if (cadence.weeks) {
    const period = cadence.weeks * 7;
    const elapsed = Math.round((utc(from) - utc(startsOn)) / DAY_MS);
    return addDays(startsOn, Math.ceil(elapsed / period) * period);
  }
  const months = cadence.months ?? 1;
  const dayOfMonth = cadence.day ?? 1;
  const [fromYear, fromMonth] = from.split("-").map(Number) as [number, number];
  const [startYear, startMonth] = startsOn.split("-").map(Number) as [number, number];
  const monthsApart = fromYear * 12 + fromMonth - (startYear * 12 + startMonth);
  for (let index = Math.max(0, Math.floor(monthsApart / months) - 1); ; index += 1) {
    const run = monthlyRun(startsOn, months, dayOfMonth, index);
    if (run >= from) return run;
  }
}

/** The run after `day`. */
export const runAfter = (startsOn: string, cadence: Cadence, day: string) =>
  firstRunFrom(startsOn, cadence, addDays(day, 1));

/** The cadence in words, as the pages and mails say it. */
export function cadenceText(cadence: Cadence): string {
  if (cadence.weeks) return cadence.weeks === 1 ? "Every week" : `Every ${cadence.weeks} weeks`;
  const every = cadence.months === 1 ? "Every month" : `Every ${cadence.months} months`;
  const last = (cadence.day ?? 1) > 28 ? " (the last day of shorter months)" : "";
  return `${every} on day ${cadence.day}${last}`;
}
