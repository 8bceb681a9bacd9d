import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.js";
import { tooManyRequests } from "../http/errors.js";
import type { LimitRule } from "./queries.js";

const HOUR = 60 * 60_000;
const TEN_MINUTES = 10 * 60_000;

/**
 * The allowances the operator may set (ACCOUNT_ORDERS_PER_HOUR, UNCONFIRMED_ORDERS_PER_DAY). An account
 * whose owner has not confirmed its address gets few orders: each one mails that address.
 */
type AllowanceSettings = Config["accountAllowances"];

export const REVIEWS_PER_HOUR = 5;
/** Invoices, quotes and statements downloaded in 10 minutes: each PDF is made on request. */
const DOCUMENTS_PER_TEN_MINUTES = 60;
const EXPORTS_PER_TEN_MINUTES = 10;
/** Company invitations an owner may send in a day: each mails an address that may not be a customer yet. */
export const INVITATIONS_PER_DAY = 20;
/** Imports into the cart (quick order, reorder) in 10 minutes: each reads and writes up to 500 rows. */
export const CART_IMPORTS_PER_TEN_MINUTES = 60;
/**
 * Requests for quote in a day: each mails the buyer and waits for an admin's work. An account whose address
 * is not confirmed gets as many as it may place orders in a day (UNCONFIRMED_ORDERS_PER_DAY).
 */
export const QUOTE_REQUESTS_PER_DAY = 20;
/**
 * Requests sent with an `Idempotency-Key` in 10 minutes: each answer is kept for a day. An order by card is
 * three (checkout, intent, confirmation), so a person at a keyboard stays far below it.
 */
export const KEYED_REQUESTS_PER_TEN_MINUTES = 100;

/** Changes of orders an account may make in ten minutes: each mails the buyer and writes a history line. */
export const ORDER_CHANGES_PER_TEN_MINUTES = 60;

/** What one account may do that costs the shop a mail, a history line or a second of work. */
type AccountAction =
  | "place-order"
  | "cancel-order"
  | "change-order"
  | "document"
  | "orders-export"
  | "review"
  | "invite"
  | "cart-import"
  | "request-quote"
  | "keyed-request";

interface Allowance {
  /** The counter's name; an unconfirmed account counts apart, so confirming gives the full allowance. */
  key: string;
  rule: LimitRule;
  refusal: (minutes: number) => string;
}

/** "in 5 minutes", or in hours when it is that long. */
const inTime = (minutes: number) =>
  minutes >= 120 ? `in ${Math.ceil(minutes / 60)} hours` : `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
const inMinutes = (minutes: number) => `Please try again ${inTime(minutes)}.`;

/** The lock lasts as long as the window, so the account is told once when to come back, and it holds. */
const perWindow = (max: number, windowMs: number): LimitRule => ({ max, windowMs, lockMs: windowMs });

/**
 * What an account whose address nobody has confirmed may do that mails that address: as many a day as it
 * may place orders, counted apart, so confirming gives the full allowance at once.
 */
function unconfirmedAllowance(action: MailingOwnAddress, max: number): Allowance {
  const what = action === "place-order" ? `place at most ${max} orders` : `ask for at most ${max} quotes`;
  return {
    key: `${action}-unconfirmed`,
    rule: perWindow(max, 24 * HOUR),
    refusal: (minutes) =>
      `Until you confirm your email address you can ${what} a day: open the link we mailed you, or try again ` +
      `${inTime(minutes)}.`,
  };
}

function allowanceFor(action: AccountAction, settings: AllowanceSettings, confirmed: boolean): Allowance {
  if (!confirmed && (action === "place-order" || action === "request-quote")) {
    return unconfirmedAllowance(action, settings.unconfirmedOrdersPerDay);
  }
  switch (action) {
    case "place-order":
      return {
        key: "place-order",
        rule: perWindow(settings.ordersPerHour, HOUR),
        refusal: (minutes) => `You can place at most ${settings.ordersPerHour} orders an hour. ${inMinutes(minutes)}`,
      };
    case "cancel-order":
      return {
        key: "cancel-order",
        rule: perWindow(settings.ordersPerHour, HOUR),
        refusal: (minutes) => `You can cancel at most ${settings.ordersPerHour} orders an hour. ${inMinutes(minutes)}`,
      };
    case "change-order":
      return {
        key: "change-order",
        rule: perWindow(ORDER_CHANGES_PER_TEN_MINUTES, TEN_MINUTES),
        refusal: (minutes) =>
          `You can change orders at most ${ORDER_CHANGES_PER_TEN_MINUTES} times in 10 minutes. ${inMinutes(minutes)}`,
      };
    case "document":
      return {
        key: "document",
        rule: perWindow(DOCUMENTS_PER_TEN_MINUTES, TEN_MINUTES),
        refusal: (minutes) =>
          `You can download at most ${DOCUMENTS_PER_TEN_MINUTES} invoices, quotes and statements in 10 minutes. ${inMinutes(minutes)}`,
      };
    case "orders-export":
      return {
        key: "orders-export",
        rule: perWindow(EXPORTS_PER_TEN_MINUTES, TEN_MINUTES),
        refusal: (minutes) =>
          `You can export the orders at most ${EXPORTS_PER_TEN_MINUTES} times in 10 minutes. ${inMinutes(minutes)}`,
      };
    case "review":
      return {
        key: "review",
        rule: perWindow(REVIEWS_PER_HOUR, HOUR),
        refusal: (minutes) => `You can add at most ${REVIEWS_PER_HOUR} reviews an hour. ${inMinutes(minutes)}`,
      };
    case "invite":
      return {
        key: "invite",
        rule: perWindow(INVITATIONS_PER_DAY, 24 * HOUR),
        refusal: (minutes) => `You can send at most ${INVITATIONS_PER_DAY} invitations a day. ${inMinutes(minutes)}`,
      };
    case "cart-import":
      return {
        key: "cart-import",
        rule: perWindow(CART_IMPORTS_PER_TEN_MINUTES, TEN_MINUTES),
        refusal: (minutes) =>
          `You can fill the cart from a list at most ${CART_IMPORTS_PER_TEN_MINUTES} times in 10 minutes. ${inMinutes(minutes)}`,
      };
    case "request-quote":
      return {
        key: "request-quote",
        rule: perWindow(QUOTE_REQUESTS_PER_DAY, 24 * HOUR),
        refusal: (minutes) => `You can ask for at most ${QUOTE_REQUESTS_PER_DAY} quotes a day. ${inMinutes(minutes)}`,
      };
    case "keyed-request":
      return {
        key: "keyed-request",
        rule: perWindow(KEYED_REQUESTS_PER_TEN_MINUTES, TEN_MINUTES),
        refusal: (minutes) =>
          `You can send at most ${KEYED_REQUESTS_PER_TEN_MINUTES} requests with an Idempotency-Key in 10 minutes. ${inMinutes(minutes)}`,
      };
  }
}

async function spend(app: FastifyInstance, reply: FastifyReply, email: string, allowance: Allowance) {
  const wait = await app.limits.consume(`${allowance.key}:${email}`, allowance.rule);
  if (wait > 0) tooManyRequests(reply, wait, allowance.refusal);
}

/**
 * Takes one `action` from the account's allowance, or refuses the request with 429 and Retry-After when
 * none is left. The counters are shared by every instance, and the count is taken before the work is
 * done, so a burst of concurrent requests cannot slip past it. Call it after the request's own checks, so
 * a request refused for its input costs nothing.
 */
export function spendAllowance(
  app: FastifyInstance,
  reply: FastifyReply,
  email: string,
  action: Exclude<AccountAction, MailingOwnAddress>,
): Promise<void> {
  return spend(app, reply, email, allowanceFor(action, app.config.accountAllowances, true));
}

/** What mails the account's own address, which nobody may have confirmed: an order placed, a quote asked. */
type MailingOwnAddress = "place-order" | "request-quote";

/** As spendAllowance, for what mails the account's address: fewer while nobody has confirmed it. */
export function spendMailingAllowance(
  app: FastifyInstance,
  reply: FastifyReply,
  account: { email: string; confirmed: boolean },
  action: MailingOwnAddress,
): Promise<void> {
  return spend(app, reply, account.email, allowanceFor(action, app.config.accountAllowances, account.confirmed));
}
