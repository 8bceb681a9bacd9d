import type { MailTemplateName } from "./templates/index.js";

/**
 * The mails about the account itself, which its address gets whether or not it is confirmed: the
 * confirmation has to reach it, and a reset or "you already have an account" mail goes to whoever holds the
 * mailbox, never in words the account chose. Every other mail to an unconfirmed address is held
 * (docs/decisions/028-mail-held-until-confirmed.md).
 */
export type IdentityMailName = "verify-address" | "password-reset" | "account-exists";
export type HoldableMailName = Exclude<MailTemplateName, IdentityMailName>;

/** How long a held mail stays worth sending: after a week a mail about an order is news of nothing. */
export const HELD_MAIL_DAYS = 7;
const DAY_MS = 86_400_000;

export interface HeldMail {
  id: string;
  template: string;
  data: unknown;
  createdAt: Date;
}

const field = (data: unknown, name: string): string | undefined => {
  const value = (data as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * What a mail is about. Each change of an order or a quote mails its new state, so the newest held mail on
 * one tells all the address needs to know; an invitation again to the same company replaces the last one.
 */
function topicOf(mail: HeldMail): string {
  const order = field(mail.data, "orderId");
  if (order) return `order:${order}`;
  const quote = field(mail.data, "quoteId");
  if (quote) return `quote:${quote}`;
  const company = mail.template === "company-invitation" ? field(mail.data, "companyName") : undefined;
  if (company) return `invitation:${company}`;
  return `mail:${mail.id}`;
}

/** An invitation whose link no longer works tells of nothing the address can still do. */
function lapsed(mail: HeldMail, now: Date): boolean {
  const expiresAt = mail.template === "company-invitation" ? field(mail.data, "expiresAt") : undefined;
  return expiresAt !== undefined && new Date(expiresAt) <= now;
}

/**
 * Of the mails held for an address just confirmed (oldest first), the ones still worth sending: on each
 * topic the newest, when it was written within HELD_MAIL_DAYS, after the account was made (a mail held for
 * an earlier account at the address is not the new owner's) and its link still works.
 */
export function stillRelevant(held: readonly HeldMail[], accountSince: Date, now: Date): Set<string> {
  const newest = new Map<string, HeldMail>();
  for (const mail of held) newest.set(topicOf(mail), mail);
  const since = Math.max(accountSince.getTime(), now.getTime() - HELD_MAIL_DAYS * DAY_MS);
  return new Set(
    [...newest.values()]
      .filter((mail) => mail.createdAt.getTime() >= since && !lapsed(mail, now))
      .map((mail) => mail.id),
  );
}
