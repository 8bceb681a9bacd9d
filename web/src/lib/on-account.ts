import { dayText } from "./date-text";

/** An instant's UTC day, as an invoice dates it: "Dec 26" ("Dec 26, 2026" when `long`). */
export const dueDayText = (iso: string, long = false) => dayText(iso.slice(0, 10), long);
