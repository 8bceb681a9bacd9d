import { type BalanceToPay, balancePayable } from "./balance-payment.js";
import type { CompanyRole } from "./company-terms.js";
import { orderChangeRefusal } from "./order-change-terms.js";
import { MOVEMENT_OF_EVENT, type OrderEventKind } from "./order-events.js";
import { canTransition } from "./order-lifecycle.js";
import { QUOTE_LIFECYCLE, type QuoteTransition } from "./quote-lifecycle.js";
import type { QuoteStatus } from "./quote-terms.js";

/**
 * Who may do what (docs/decisions/031-one-home-per-rule.md), as one vocabulary of `action:entity:access`
 * strings in the Epic Stack's manner: the server's guard asks `can` before every protected call, and its
 * answers carry the actions the caller may take (`orderActions`, `quoteActions`, `companyActions`), so the
 * pages show buttons from them instead of working the rules out again. No zod here: the pages read it
 * without loading a schema library.
 */

/** How the record stands to the actor: theirs, their company's, or anyone's. */
export type Access = "own" | "company" | "any";

/** What a customer may do to their own records, outside a company's business. */
const CUSTOMER = [
  // Placing orders (and filling a cart for them): "buy", which admins, who run the shop, never do.
  "create:order:own",
  "read:order:own",
  "cancel:order:own",
  "pay:order:own",
  "invoice:order:own",
  "reorder:order:own",
  // Changing the lines of an order placed (docs/decisions/072-order-changes.md).
  "change:order:own",
  // The packing slips of their orders' shipments (docs/STOCK.md, 'Shipments').
  "read:shipment:own",
  // What their own orders owe: paid, credited, the balance, overdue, the credit notes.
  "read:credit:own",
  "create:quote:own",
  "read:quote:own",
  "accept:quote:own",
  "decline:quote:own",
  // Making a company or accepting an invitation to one.
  "join:company:own",
  "read:invitation:own",
  "read:user:own",
  "read:review:own",
  // Saved lists and recurring orders (docs/RECURRING.md): their own.
  ...(["create:list:own", "read:list:own", "update:list:own", "delete:list:own"] as const),
  ...(["create:recurring:own", "read:recurring:own", "update:recurring:own"] as const),
] as const;

/**
 * What every member may do in their company's business (docs/decisions/023-companies.md): see its orders, quotes,
 * members and addresses, order its orders again, and leave. Cancelling stays the order's buyer's; accepting a quote
 * stays whoever asked. What a colleague's order owes, and its invoice, are the spenders' (decision 058).
 */
const MEMBER = [
  "read:order:own",
  "cancel:order:own",
  "invoice:order:own",
  "reorder:order:own",
  "read:credit:own",
  "read:order:company",
  "reorder:order:company",
  // Their own order's lines: a requester's change waits for an owner, as a new order would.
  "change:order:own",
  // A shipment's packing slip goes to whoever reads its order.
  "read:shipment:own",
  "read:shipment:company",
  "read:quote:own",
  "accept:quote:own",
  "decline:quote:own",
  "read:quote:company",
  "read:company:own",
  "read:member:company",
  "remove:member:own",
  "read:address:company",
  // Their own lists and schedules, kept while they are in the company too; and the lists a colleague shared.
  ...(["create:list:own", "read:list:own", "update:list:own", "delete:list:own", "read:list:company"] as const),
  ...(["create:recurring:own", "read:recurring:own", "update:recurring:own"] as const),
] as const;

/**
 * Buyers and owners spend: they pay their own orders and their colleagues', and see what the company may still
 * owe on account: its credit, what each of its orders owes, their invoices and credit notes. A requester pays
 * neither and sees none of it but their own orders' (docs/decisions/058-what-requesters-read.md).
 */
const SPENDER = [
  "pay:order:own",
  "pay:order:company",
  "read:credit:company",
  "invoice:order:company",
  // Buyers and owners change their company's orders (issue 48; docs/decisions/072-order-changes.md).
  "change:order:company",
] as const;

/** Owners run the company: its settings, members, invitations and addresses, and the orders that wait. */
const OWNER = [
  "update:company:own",
  "update:member:own",
  "update:member:company",
  "remove:member:company",
  "manage:invitation:company",
  "manage:address:company",
  "approve:order:company",
  "reject:order:company",
  // The company's shared lists and every member's recurring orders: they see them, change them, pause or end them.
  "update:list:company",
  "delete:list:company",
  "read:recurring:company",
  "update:recurring:company",
] as const;

/**
 * An admin runs the shop through the admin routes (`BACK_OFFICE`) and does not buy. An account made admin keeps
 * the orders it placed as a customer; of the customers' routes, an admin fetches any order's invoice.
 */
const ADMIN = [
  "read:order:own",
  "cancel:order:own",
  "pay:order:own",
  "invoice:order:own",
  "invoice:order:any",
  // Any shipment's packing slip, as the warehouse prints it.
  "read:shipment:any",
  "read:credit:own",
  "read:user:any",
  "read:review:own",
] as const;

/**
 * What an admin does in the shop's back office, one permission per thing (docs/ARCHITECTURE.md, 'Who may call
 * what'): each admin route asks one of these of `BACK_OFFICE` before it reads the request. Asked of a record
 * through the customers' routes they count for nothing, so a customer's order stays 404 to an admin there.
 */
const SHOP = [
  // The order desk: every order listed, counted and opened, its export, and the steps after it was placed.
  "read:order:any",
  "export:order:any",
  "ship:order:any",
  "deliver:order:any",
  "cancel:order:any",
  "refund:order:any",
  "credit:order:any",
  // Any order's lines, as the buyer's change (decision 072); one that raises the total waits for the buyer (078).
  "change:order:any",
  // Companies on account: their terms (and tax exemption), contract prices, payments received, what they owe.
  "manage:terms:any",
  "manage:price:any",
  "record:payment:any",
  "read:receivables:any",
  "price:quote:any",
  "manage:product:any",
  // Warehouses and the stock in each: receipts and adjustments (docs/STOCK.md).
  "manage:stock:any",
  "manage:promotion:any",
  "read:user:any",
  "manage:user:any",
  "read:audit:any",
  "read:stats:any",
] as const;

const ROLE_GRANTS: Record<CompanyRole, readonly Permission[]> = {
  owner: [...MEMBER, ...SPENDER, ...OWNER],
  buyer: [...MEMBER, ...SPENDER],
  requester: MEMBER,
};

/** Every permission the vocabulary knows, `action:entity:access`. */
export type Permission =
  | (typeof CUSTOMER)[number]
  | (typeof MEMBER)[number]
  | (typeof SPENDER)[number]
  | (typeof OWNER)[number]
  | (typeof ADMIN)[number]
  | (typeof SHOP)[number];

/** Every permission granted to anyone, once each: the authorization matrix checks each against a route. */
export const allPermissions = (): Permission[] => [
  ...new Set<Permission>([...CUSTOMER, ...MEMBER, ...SPENDER, ...OWNER, ...ADMIN, ...SHOP]),
];

/** The back office's permissions: the authorization matrix checks that an admin route asks each. */
export const backOfficePermissions = (): Permission[] => [...SHOP];

/** Whether a member in this role spends: buyers and owners pay the company's orders, requesters none. */
export const rolePays = (role: CompanyRole): boolean => ROLE_GRANTS[role].includes("pay:order:own");
/** Whether a member in this role reads what the company owes and may still owe: the spenders. */
export const roleReadsCredit = (role: CompanyRole): boolean => ROLE_GRANTS[role].includes("read:credit:company");

type ActionOf<P> = P extends `${infer Verb}:${infer Entity}:${string}` ? `${Verb}:${Entity}` : never;
/** What is asked of `can`: a permission without its access, which the record decides. */
export type Action = ActionOf<Permission>;

/** Who acts: the account, its role, and for a customer the company it belongs to now and its role there. */
export interface Actor {
  email: string;
  role: "admin" | "customer";
  company: { id: string; role: CompanyRole } | null;
}

/**
 * What is acted on: whose it is (who placed the order, asked the quote, is the member, was invited) and
 * the company it belongs to. Left out of `can`, it is the actor's own (placing an order, joining a company).
 */
export interface Resource {
  userEmail?: string | undefined;
  companyId?: string | null | undefined;
  /** Acted on through the admin routes: judged by what admins do in the shop (`SHOP`), whoever's it is. */
  backOffice?: true;
}

/** What the admin routes act on: the shop's records, anyone's. */
export const BACK_OFFICE = { backOffice: true } as const satisfies Resource;

const ofActorsCompany = (actor: Actor, resource: Resource) =>
  actor.company !== null && resource.companyId === actor.company.id;

/** How the record stands to the actor; a company is its members' own. */
export function accessTo(actor: Actor, action: Action, resource: Resource): Access {
  if (action.endsWith(":company")) return ofActorsCompany(actor, resource) ? "own" : "any";
  if (resource.userEmail === actor.email) return "own";
  return ofActorsCompany(actor, resource) ? "company" : "any";
}

/**
 * The grants that judge this record: in the back office the shop's, which only admins hold; elsewhere an
 * admin's; a member's role's for their company's records (a requester's own company order is not theirs to
 * pay); a customer's for everything else (so an account that left a company still pays its own orders).
 */
function grantsFor(actor: Actor, resource: Resource): readonly Permission[] {
  if (resource.backOffice) return actor.role === "admin" ? SHOP : [];
  if (actor.role === "admin") return ADMIN;
  return actor.company && ofActorsCompany(actor, resource) ? ROLE_GRANTS[actor.company.role] : CUSTOMER;
}

/** May the actor do this to this record, or for themselves when none is named (placing an order)? */
export function can(actor: Actor, action: Action, resource?: Resource): boolean {
  const grants: readonly string[] = grantsFor(actor, resource ?? {});
  const access = resource ? accessTo(actor, action, resource) : "own";
  return grants.includes(`${action}:${access}`) || grants.includes(`${action}:any`);
}

/**
 * The actions an order answer carries: what its caller may do to it now. An admin route's answer adds what the
 * admin may do there (ship, deliver, cancel, refund, credit), so the admin's order page offers those buttons.
 */
export const ORDER_ACTIONS = [
  "pay:order",
  "cancel:order",
  "change:order",
  "invoice:order",
  "reorder:order",
  "approve:order",
  "reject:order",
  "ship:order",
  "deliver:order",
  "refund:order",
  "credit:order",
] as const satisfies readonly Action[];
export type OrderAction = (typeof ORDER_ACTIONS)[number];

type OrderState = Resource & BalanceToPay;

/**
 * Whether this actor's change of the order waits for an owner, as their new order would: a requester's, in the
 * order's company (the server says so of a buyer over their monthly limit only when asked to change).
 */
const changeWaitsForOwner = (actor: Actor, order: OrderState): boolean =>
  actor.company !== null && actor.company.role === "requester" && ofActorsCompany(actor, order);

/** Beyond who may, what the order's state allows (order-lifecycle.ts is the state machine). */
const ORDER_STATE_ALLOWS: Record<OrderAction, (order: OrderState, actor: Actor) => boolean> = {
  // A card order before it ships; an order on account once invoiced, its balance (balance-payment.ts).
  "pay:order": (order) => canTransition("pay", order) || balancePayable(order),
  "cancel:order": (order) => canTransition("cancel", order),
  // Its lines still to ship, until it has shipped whole; a paid card order's money moves with it, but a requester's
  // change would wait for an owner, which an order paid or shipped in part cannot (decisions 072, 076, 079).
  "change:order": (order, actor) =>
    orderChangeRefusal(order, { waitsForOwner: changeWaitsForOwner(actor, order) }) === undefined,
  "invoice:order": (order) => order.invoiceNumber !== null,
  // An order that waits for an owner is not ordered again until the owner has decided.
  "reorder:order": (order) => order.status !== "awaiting-approval",
  "approve:order": (order) => canTransition("approve", order),
  "reject:order": (order) => canTransition("reject", order),
  "ship:order": (order) => canTransition("ship", order),
  "deliver:order": (order) => canTransition("deliver", order),
  // A card order's money goes back through its payment; an order on account's by a credit note, once it is
  // invoiced and while something is left to credit (a credit note for all of it refunds the order).
  "refund:order": (order) => canTransition("refund", order),
  "credit:order": (order) => canTransition("creditNote", order),
};

export function orderActions(actor: Actor, order: OrderState): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => can(actor, action, order) && ORDER_STATE_ALLOWS[action](order, actor));
}

/**
 * The fields of an order answer that say what it owes on account (ordering.ts `orderSchema`): what was paid and
 * credited, the balance, what may still be credited, whether it is overdue, the credit notes, and every movement of
 * money on it.
 */
export const ORDER_CREDIT_FIELDS = [
  "amountPaid",
  "credited",
  "creditNotes",
  "moneyMovements",
  "balance",
  "creditable",
  "overdue",
] as const;
type OrderCreditField = (typeof ORDER_CREDIT_FIELDS)[number];

/** A history line that moved money says how much in its note: one without credit keeps what happened, not the note. */
const withoutMoneyNote = <Event extends { kind: OrderEventKind; note: string | null }>(event: Event): Event =>
  MOVEMENT_OF_EVENT[event.kind] ? { ...event, note: null } : event;

const withoutCredit = <Answer extends object>(answer: Answer) => {
  const { statusHistory, shipments } = answer as {
    statusHistory?: { kind: OrderEventKind; note: string | null }[];
    shipments?: { invoice: unknown }[];
  };
  // A shipment's invoice says what it bills and owes (decision 077): a requester reads a colleague's parcels without.
  const parcels = shipments && { shipments: shipments.map((shipment) => ({ ...shipment, invoice: null })) };
  return Object.fromEntries(
    Object.entries({
      ...answer,
      ...(statusHistory && { statusHistory: statusHistory.map(withoutMoneyNote) }),
      ...parcels,
    }).filter(([field]) => !(ORDER_CREDIT_FIELDS as readonly string[]).includes(field)),
  ) as Omit<Answer, OrderCreditField>;
};

/** An order, with what its caller may do to it (a customer's route answers it through `orderAnswerFor`). */
export const withOrderActions = <Answer extends OrderState>(actor: Actor, order: Answer) => ({
  ...order,
  actions: orderActions(actor, order),
});

/**
 * An order answer of the customers' routes: the order with what its caller may do to it, and what it owes only for
 * who reads that (`read:credit`): its buyer, and its company's owners and buyers. A requester reads a colleague's
 * order without it (docs/decisions/058-what-requesters-read.md).
 */
export function orderAnswerFor<Answer extends OrderState>(actor: Actor, order: Answer) {
  const answer = withOrderActions(actor, order);
  return can(actor, "read:credit", order) ? answer : withoutCredit(answer);
}

/**
 * An admin route's order answer: what its admin may do to it in the back office, and through the customers'
 * routes as before (its invoice; the orders the account placed as a customer).
 */
export const withBackOfficeOrderActions = <Answer extends OrderState>(actor: Actor, order: Answer) => {
  const actions = new Set([...orderActions(actor, order), ...orderActions(actor, { ...order, ...BACK_OFFICE })]);
  return { ...order, actions: ORDER_ACTIONS.filter((action) => actions.has(action)) };
};

/** The actions a quote answer carries; an admin route's, asked of `{ ...quote, ...BACK_OFFICE }`, whether to price it. */
export const QUOTE_ACTIONS = ["accept:quote", "decline:quote", "price:quote"] as const satisfies readonly Action[];
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

/** Beyond who may, what the quote's state allows (quote-lifecycle.ts is its state machine). */
const QUOTE_STEP: Record<QuoteAction, QuoteTransition> = {
  "accept:quote": "accept",
  "decline:quote": "decline",
  // An admin prices a quote and sends it, again as a revision, until the buyer decides.
  "price:quote": "send",
};

export function quoteActions(actor: Actor, quote: Resource & { status: QuoteStatus }): QuoteAction[] {
  return QUOTE_ACTIONS.filter(
    (action) => can(actor, action, quote) && QUOTE_LIFECYCLE.can(QUOTE_STEP[action], quote.status),
  );
}

/**
 * The actions a company answer carries: what its caller may do in it beyond reading its members and orders
 * (leaving is every member's), and whether they read what it owes on account (`read:credit`).
 */
export const COMPANY_ACTIONS = [
  "update:company",
  "update:member",
  "remove:member",
  "manage:invitation",
  "manage:address",
  "approve:order",
  // Owners and buyers read what the company owes on account: its credit and its statement.
  "read:credit",
] as const satisfies readonly Action[];
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

/** Its members' names are not needed: these act on the company's records, whoever's they are. */
export function companyActions(actor: Actor, companyId: string): CompanyAction[] {
  return COMPANY_ACTIONS.filter((action) => can(actor, action, { companyId }));
}
