import { ON_ACCOUNT_MESSAGES } from "./company-terms.js";
import { isClosed } from "./order-balance.js";
import {
  derivedStatus,
  FULFILMENT_LIFECYCLE,
  FULFILMENT_TRANSITIONS,
  type FulfilmentStatus,
  type OrderFacts,
  PAYMENT_LIFECYCLE,
  PAYMENT_METHODS,
  PAYMENT_TRANSITIONS,
  type PaymentMethod,
  type PaymentStatus,
  POSSIBLE_FACTS,
} from "./order-facts.js";
import { ORDER_STATUSES, type OrderStatus, statusInWords } from "./order-status.js";
import { refusalSentence } from "./state-machine.js";

/**
 * The one order state machine (docs/ARCHITECTURE.md, 'Order lifecycle'; docs/BUYING-ON-ACCOUNT.md): every step
 * an order can take, which of its two facts it moves (order-facts.ts has each fact's table), what the other
 * fact must be meanwhile, by payment method. Who may take a step is the permission vocabulary's
 * (permissions.ts): the server changes an order only through this table (server/src/ordering/queries/lifecycle.ts
 * `changeStatus`), and the answers' `actions` offer only the steps it allows. No zod here: the order pages read it
 * without loading a schema library.
 */
interface OrderStep {
  /** The step as a refusal ends: "only a paid order can be shipped". */
  readonly done: string;
  readonly fulfilment?: keyof typeof FULFILMENT_TRANSITIONS;
  readonly payment?: keyof typeof PAYMENT_TRANSITIONS;
  /** A move of the goods that comes with the payment's when the goods allow it (a refund cancels an open order). */
  readonly fulfilmentWhenItCan?: keyof typeof FULFILMENT_TRANSITIONS;
  /** What the other fact must be, by payment method. */
  readonly needsPayment?: Readonly<Record<PaymentMethod, readonly PaymentStatus[]>>;
  readonly needsFulfilment?: Readonly<Record<PaymentMethod, readonly FulfilmentStatus[]>>;
}

const UNPAID = { card: ["unpaid"], invoice: ["unpaid"] } as const;
/**
 * An order on account is invoiced as it ships, a shipment at a time (docs/decisions/077-invoices-per-shipment.md): one
 * shipped in part has the invoices of what left; a card order is paid by card, not against an invoice.
 */
const INVOICED = { card: [], invoice: ["partially-shipped", "shipped", "delivered"] } as const;
/** Invoiced for every piece: only such an order is refunded whole (one shipped in part ships the rest first). */
const INVOICED_WHOLE = { card: [], invoice: ["shipped", "delivered"] } as const;
/**
 * A card order's money moves with a change of its lines while some are still to ship (decision 076; shipped in part,
 * its lines still to ship change: decision 079).
 */
const CHANGED_CARD = { card: ["open", "partially-shipped"], invoice: [] } as const;
/** A card order ships once paid; an order on account ships unpaid, with its invoice. */
const MAY_SHIP = { card: ["paid"], invoice: ["unpaid", "partially-paid", "paid"] } as const;

export const ORDER_TRANSITIONS = {
  /**
   * A successful card payment; only the server makes it (payment/mark-paid.ts). A card order is paid before
   * it ships; an order on account is paid by the payments the shop receives, not through this step.
   */
  pay: { done: "paid", payment: "pay", needsFulfilment: { card: ["open"], invoice: [] } },
  /**
   * Money received against the invoice of an order on account (a transfer, the company's credit): some of it,
   * or the rest. Only the server takes them, from the ledger (server/src/receivables/).
   */
  payPart: { done: "paid in part", payment: "payPart", needsFulfilment: INVOICED },
  settle: { done: "paid", payment: "settle", needsFulfilment: INVOICED },
  /**
   * A card order paid (or paid in part) and not shipped whole, changed to cost more than was paid
   * (docs/decisions/076-the-money-of-a-changed-order.md): it owes the difference and ships once that is paid. Only
   * the server takes it, with the change (ordering/change-money.ts).
   */
  owe: { done: "changed to cost more", payment: "owe", needsFulfilment: CHANGED_CARD },
  /**
   * The difference a changed card order owed, paid by card (payment/pay-difference.ts), or no longer owed after a
   * change that brought its total down to what was paid.
   */
  payDifference: { done: "paid", payment: "payDifference", needsFulfilment: CHANGED_CARD },
  /** A company owner lets a requester's, or an over-limit, order go ahead. */
  approve: { done: "approved", fulfilment: "approve" },
  /** A company owner turns it down, with a note. */
  reject: { done: "rejected", fulfilment: "reject" },
  cancel: { done: "cancelled", fulfilment: "cancel", needsPayment: UNPAID },
  /** A card order ships once paid; an order on account ships unpaid, with its invoice. */
  ship: { done: "shipped", fulfilment: "ship", needsPayment: MAY_SHIP },
  /** A shipment that leaves pieces to come (docs/STOCK.md, 'Shipments'): allowed when shipping the rest would be. */
  shipPart: { done: "shipped in part", fulfilment: "shipPart", needsPayment: MAY_SHIP },
  /** A refunded order's goods are no longer the buyer's business: it stays as the refund left it. */
  deliver: {
    done: "marked delivered",
    fulfilment: "deliver",
    needsPayment: {
      card: ["paid", "partially-refunded"],
      invoice: ["unpaid", "partially-paid", "paid", "partially-refunded"],
    },
  },
  /** A card order's money goes back through its payment; an order on account is refunded by credit notes. */
  refund: {
    done: "refunded",
    payment: "refund",
    fulfilmentWhenItCan: "refund",
    needsFulfilment: { card: ["open", "shipped", "delivered"], invoice: [] },
  },
  /**
   * A credit note on an invoiced order on account (server/src/receivables/credit-notes.ts): one that credits
   * all of its total left refunds it; one that leaves nothing owed but part of it uncredited refunds it in part.
   * One that leaves money owed changes neither fact (`creditNoteStep`).
   */
  creditNote: { done: "refunded", payment: "creditAll", needsFulfilment: INVOICED_WHOLE },
  creditNotePart: { done: "refunded in part", payment: "creditPart", needsFulfilment: INVOICED },
  /** A product withdrawn from the catalogue takes its unpaid orders that have not shipped with it. */
  withdraw: { done: "withdrawn", fulfilment: "cancel", needsPayment: UNPAID },
} as const satisfies Record<string, OrderStep>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** The two facts after this step, or undefined when the order's facts do not allow it. */
export function nextFacts(
  transition: OrderTransition,
  order: OrderFacts,
): { fulfilmentStatus: FulfilmentStatus; paymentStatus: PaymentStatus } | undefined {
  const step: OrderStep = ORDER_TRANSITIONS[transition];
  const { fulfilmentStatus, paymentStatus, paymentMethod } = order;
  if (step.needsPayment && !step.needsPayment[paymentMethod].includes(paymentStatus)) return undefined;
  if (step.needsFulfilment && !step.needsFulfilment[paymentMethod].includes(fulfilmentStatus)) return undefined;
  if (step.fulfilment && !FULFILMENT_LIFECYCLE.can(step.fulfilment, fulfilmentStatus)) return undefined;
  if (step.payment && !PAYMENT_LIFECYCLE.can(step.payment, paymentStatus)) return undefined;
  const goods = step.fulfilment ?? step.fulfilmentWhenItCan;
  return {
    fulfilmentStatus:
      goods && FULFILMENT_LIFECYCLE.can(goods, fulfilmentStatus) ? FULFILMENT_TRANSITIONS[goods].to : fulfilmentStatus,
    paymentStatus: step.payment ? PAYMENT_TRANSITIONS[step.payment].to : paymentStatus,
  };
}

/** Whether an order with these facts may take this step. */
export const canTransition = (transition: OrderTransition, order: OrderFacts): boolean =>
  nextFacts(transition, order) !== undefined;

/** The statuses (SPEC.md's word) from which orders paid this way may take one of these steps. */
export function statusesFrom(steps: readonly OrderTransition[], methods: readonly PaymentMethod[]): OrderStatus[] {
  const from = new Set(
    POSSIBLE_FACTS.flatMap(({ fulfilment, payment }) =>
      methods
        .filter((paymentMethod) =>
          steps.some((step) =>
            canTransition(step, { fulfilmentStatus: fulfilment, paymentStatus: payment, paymentMethod }),
          ),
        )
        .map(() => derivedStatus(fulfilment, payment)),
    ),
  );
  return ORDER_STATUSES.filter((status) => from.has(status));
}

/**
 * Why these steps are refused to an order: "This order is paid; only an unpaid order or one awaiting approval
 * can be cancelled." Worded from the table, for orders paid the way this one is.
 */
export function orderRefusal(
  refused: OrderTransition | readonly OrderTransition[],
  order: OrderFacts | OrderStatus,
): string {
  const steps = [refused].flat() as OrderTransition[];
  const status = typeof order === "string" ? order : derivedStatus(order.fulfilmentStatus, order.paymentStatus);
  const methods = typeof order === "string" ? (["card"] as const) : [order.paymentMethod];
  const from = statusesFrom(steps, methods);
  if (from.length === 0) return ON_ACCOUNT_MESSAGES.notThisWay(steps.map((step) => ORDER_TRANSITIONS[step].done));
  return refusalSentence(
    { noun: "order", status: statusInWords },
    status,
    from,
    steps.map((step) => ORDER_TRANSITIONS[step].done),
  );
}

/**
 * The statuses of an order placed and not yet paid or closed: it still counts against the buyer (one open
 * order per tool, the first-order promotion it holds), whether it waits for an owner or for its payment.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = statusesFrom(["cancel"], PAYMENT_METHODS);

/** Where the goods are once some of them left the shop: shipped in part, shipped, delivered. */
export const SENT_FULFILMENTS: readonly FulfilmentStatus[] = [
  FULFILMENT_TRANSITIONS.shipPart.to,
  FULFILMENT_TRANSITIONS.ship.to,
  FULFILMENT_TRANSITIONS.deliver.to,
];

/** The statuses of an order whose pieces left the shop: shipped, and delivered after that. */
export const SENT_ORDER_STATUSES: readonly OrderStatus[] = [
  FULFILMENT_TRANSITIONS.ship.to,
  FULFILMENT_TRANSITIONS.deliver.to,
];

/**
 * The statuses of an order that goes ahead and takes from its buyer's monthly limit
 * (docs/decisions/023-companies.md): one that may be paid or shipped now, or whose money the shop holds. Not
 * one waiting for an owner (the owner decides on it), nor one cancelled or refunded.
 */
export const SPENDING_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== "awaiting-approval" && !isClosed(status),
);

/**
 * A paid order's pieces never left, so a refund always returns them to stock; a shipped or delivered
 * order's pieces go back only if the admin says they came back.
 */
export function refundAsksAboutStock(status: OrderStatus): boolean {
  return SENT_ORDER_STATUSES.includes(status);
}
