import { type Action, type Actor, BACK_OFFICE, can, MESSAGES, type Resource } from "@forgeline/contract";
import type { Caller } from "./caller.js";
import { HttpError } from "./errors.js";

/**
 * How a refusal is answered: 403 with `forbidden`; or, for a record, 404 with `missing`, unless the caller may
 * do `seeing` to it (so knows it exists): then 403 with `forbidden`.
 */
export type Refusal =
  | { forbidden: string }
  | { missing: string }
  | { missing: string; seeing: Action; forbidden: string };

/**
 * The one guard of the protected routes (docs/decisions/031-one-home-per-rule.md): every call that acts on
 * a record asks it, with the contract's vocabulary, after `authenticate` has named the caller; nothing the
 * browser says about what it may do is trusted. A caller who may not even see the record is told nothing
 * (404, as for one that does not exist); one who sees it, or asked for no record, is refused (403).
 */
export function authorize(actor: Actor, action: Action, resource: Resource | undefined, refusal: Refusal): void {
  if (can(actor, action, resource)) return;
  if (!("missing" in refusal)) throw new HttpError(403, refusal.forbidden);
  if ("seeing" in refusal && can(actor, refusal.seeing, resource)) throw new HttpError(403, refusal.forbidden);
  throw new HttpError(404, refusal.missing);
}

/**
 * The caller as `can` judges them on records no company holds (their account, their reviews): the company
 * plays no part there, so none is read.
 */
export const personalActor = (caller: Caller): Actor => ({ ...caller, company: null });

/** What an admin is told when they try to buy: they run the shop (permissions.ts). */
const ADMINS_DO_NOT_BUY = {
  "create:order": "Admin accounts cannot place orders; use a customer account.",
  "create:quote": "Admin accounts cannot ask for quotes; use a customer account.",
  "join:company": "Admin accounts cannot belong to a company; use a customer account.",
  "create:list": "Admin accounts do not keep lists to buy from; use a customer account.",
  "create:recurring": "Admin accounts cannot order again on a schedule; use a customer account.",
} as const satisfies Partial<Record<Action, string>>;

/** Every way of buying (an order, the cart, a quote, a company) asks this first, before any record is read. */
export function requireBuyer(caller: Caller, action: keyof typeof ADMINS_DO_NOT_BUY): string {
  authorize(personalActor(caller), action, undefined, { forbidden: ADMINS_DO_NOT_BUY[action] });
  return caller.email;
}

/**
 * Every admin route asks this first (`app.backOffice`, user/auth-guard.ts): whether the caller may do this in the
 * shop's back office, which only admins may; anyone else is told "Admin Access Only".
 */
export function authorizeBackOffice(caller: Caller, action: Action): void {
  authorize(personalActor(caller), action, BACK_OFFICE, { forbidden: MESSAGES.adminOnly });
}
