import type { Promotion } from "@forgeline/contract";
import { localInputText } from "../../lib/date-text";

/** Who a promotion is for, in words: "First order only · 200 pieces or more", "Every order". */
export function conditionsText(promotion: Pick<Promotion, "firstOrder" | "minPieces">): string {
  const conditions = [
    promotion.firstOrder ? "First order only" : null,
    promotion.minPieces ? `${promotion.minPieces.toLocaleString("en-US")} pieces or more` : null,
  ].filter(Boolean);
  return conditions.length > 0 ? conditions.join(" · ") : "Every order";
}

/** Running now, not yet started, or over (ended by an admin or past its end). */
export function promotionState(
  promotion: Pick<Promotion, "active" | "startsAt" | "endsAt">,
  now = new Date(),
): "Active" | "Scheduled" | "Ended" {
  if (!promotion.active || (promotion.endsAt && Date.parse(promotion.endsAt) <= now.getTime())) return "Ended";
  if (promotion.startsAt && Date.parse(promotion.startsAt) > now.getTime()) return "Scheduled";
  return "Active";
}

/** An ISO date as a date-time-local input shows it (local time, to the minute); "" for none. */
export function localInputValue(iso: string | null): string {
  if (!iso) return "";
  return localInputText(new Date(iso), 16);
}

/** A date-time-local input's value as the API takes it (ISO with the offset); null when empty. */
export function isoFromInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  // Not a date: sent as typed, so the schema names the field.
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
