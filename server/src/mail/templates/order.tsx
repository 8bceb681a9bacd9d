import { formatCents, ON_ACCOUNT_MESSAGES } from "@forgeline/contract";
import { Link, Section, Text } from "@react-email/components";
import { greetingFor, MailLayout } from "./layout.js";

/** What an order's mail shows: a copy of the order as it stood when the change was made. */
export interface OrderMailData {
  orderId: string;
  /** FL-100234 (mails queued before orders had numbers have none: their id stands in). */
  number?: string;
  name: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  invoiceNumber: string | null;
  transactionId: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The history line of the change (for a cancellation, why). */
  note: string | null;
  /** Every tool of the order (mails queued before orders had lines have none: the fields above say it). */
  lines?: { name: string; sku: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  promotionName?: string | null;
  discountCents?: number;
  taxCents?: number;
  poNumber?: string | null;
  /**
   * Who pays an unpaid order: a colleague when its buyer is a company's requester (docs/SELLING-TO-BUSINESSES.md,
   * 'Companies').
   */
  payer?: "colleague";
  /** Who approved it, when an owner of the buyer's company just did; `note` is then theirs. */
  approvedBy?: string | undefined;
  /**
   * Paid on account (docs/BUYING-ON-ACCOUNT.md): the days its invoice gives, and once it shipped the invoice's
   * due date (ISO). Absent for a card order, and in mails queued before orders could be.
   */
  onAccount?: { netDays: number; dueAt: string | null } | undefined;
  /**
   * A shipment's mail (docs/STOCK.md, 'Shipments'): its number within the order, the pieces it carries, and what is
   * still to come. Absent when the whole order left at once before shipments were counted.
   */
  shipment?: { number: number; lines: ShipmentMailLine[]; toCome: ShipmentMailLine[] } | undefined;
}

/** Pieces of one tool in a shipment's mail. */
export interface ShipmentMailLine {
  name: string;
  sku: string;
  quantity: number;
}

const piecesText = (lines: ShipmentMailLine[]) =>
  lines.map((line) => `${line.quantity} × ${line.name} (${line.sku})`).join(", ");

export interface Shop {
  publicUrl: string;
  /** Where a transfer pays an invoice on account (SHOP_BANK_DETAILS), as the invoice says it. */
  bankDetails: string;
}

/** The approver's own words of the history line "Approved: …" (approval-routes.ts), if they wrote any. */
const approvalNote = (note: string | null) => {
  const words = note?.replace(/^Approved:? ?/, "");
  return words ? ` Their note: ${words}` : "";
};

/** How a subject names the order: "order FL-100234 (Claw Hammer + 2 more)". */
const named = (order: OrderMailData) =>
  order.number ? `order ${order.number} (${order.productName})` : `order of ${order.productName}`;

const orderPage = (shop: Shop, order: OrderMailData) => `${shop.publicUrl}/dashboard/myorders/${order.orderId}`;

function OrderSummary({ order }: { order: OrderMailData }) {
  const lines = order.lines ?? [
    {
      name: order.productName,
      sku: "",
      quantity: order.quantity,
      unitPriceCents: order.unitPriceCents,
      totalCents: order.totalCents,
    },
  ];
  return (
    <Section>
      <Text>
        {lines.map((line) => (
          <span key={`${line.sku}${line.name}`}>
            {`${line.quantity} × ${line.name}${line.sku ? ` (${line.sku})` : ""} at ${formatCents(line.unitPriceCents)} each: ${formatCents(line.totalCents)}`}
            <br />
          </span>
        ))}
        {order.discountCents ? (
          <>
            {`${order.promotionName ?? "Discount"}: −${formatCents(order.discountCents)}`}
            <br />
          </>
        ) : null}
        {order.taxCents ? (
          <>
            {`Tax: ${formatCents(order.taxCents)}`}
            <br />
          </>
        ) : null}
        {order.lines && (
          <>
            {`Total: ${formatCents(order.totalCents)}`}
            <br />
          </>
        )}
        {order.poNumber && (
          <>
            {`PO number: ${order.poNumber}`}
            <br />
          </>
        )}
        {order.onAccount && (
          <>
            {`Payment: ${ON_ACCOUNT_MESSAGES.choice(order.onAccount.netDays)}`}
            <br />
          </>
        )}
        {`Order number: ${order.number ?? order.orderId}`}
      </Text>
    </Section>
  );
}

/**
 * How a placed (or approved) order is paid, as its mail says it: on account, nothing to pay now; a requester's,
 * by a colleague; else by the buyer, through the payment page.
 */
function placedPayment(order: OrderMailData, shop: Shop) {
  if (order.onAccount) {
    const choice = ON_ACCOUNT_MESSAGES.choice(order.onAccount.netDays);
    return {
      preview: `${choice}: nothing to pay now`,
      action: { href: orderPage(shop, order), label: "See the order" },
      after: `${choice}: we send the tools with the invoice, due ${order.onAccount.netDays} days after they ship. You can cancel the order from My Orders until it ships.`,
    };
  }
  if (order.payer === "colleague") {
    return {
      preview: "Approved: a buyer or an owner of your company pays it",
      action: { href: orderPage(shop, order), label: "See the order" },
      after: "A buyer or an owner of your company pays it; we send the tools once it is paid.",
    };
  }
  return {
    preview: `Pay ${formatCents(order.totalCents)} to confirm your order`,
    action: { href: `${shop.publicUrl}/dashboard/payment/${order.orderId}`, label: "Pay for the order" },
    after: "We send the tools once the order is paid. You can cancel an unpaid order from My Orders.",
  };
}

export const orderPlaced = {
  subject: (order: OrderMailData) => `Your ${named(order)} is ${order.approvedBy ? "approved" : "placed"}`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      {...placedPayment(order, shop)}
      heading={order.approvedBy ? "Your order is approved" : "Thank you for your order"}
      greeting={greetingFor(order.name)}
    >
      {order.approvedBy ? (
        <Text>{`${order.approvedBy} approved your order.${approvalNote(order.note)}`}</Text>
      ) : (
        <Text>We have your order:</Text>
      )}
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

export const orderAwaitingApproval = {
  subject: (order: OrderMailData) => `Your ${named(order)} awaits approval`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview={`An owner of your company approves it before it ${order.onAccount ? "goes ahead" : "can be paid"}`}
      heading="Your order awaits approval"
      greeting={greetingFor(order.name)}
      action={{ href: orderPage(shop, order), label: "See the order" }}
      after="We write again when an owner of your company approves or rejects it."
    >
      <Text>{`An owner of your company approves this order before it ${order.onAccount ? "goes ahead" : "can be paid"}:`}</Text>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

/** To each owner of the buyer's company: only the shop's words and the order, whoever placed it. */
export const approvalRequested = {
  subject: (order: OrderMailData) => `An ${named(order)} awaits your approval`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview="A colleague's order waits for you"
      heading="An order awaits your approval"
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/dashboard/approvals`, label: "Approve or reject it" }}
      after={`It holds no stock and ${order.onAccount ? "does not ship" : "cannot be paid"} until an owner approves it.`}
    >
      <Text>An order of your company waits for an owner's approval:</Text>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

export const paymentReceipt = {
  subject: (order: OrderMailData) =>
    `Payment receipt: invoice ${order.invoiceNumber}${order.number ? ` for order ${order.number}` : ""}`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview={`We received ${formatCents(order.totalCents)}`}
      heading="Payment received"
      greeting={greetingFor(order.name)}
      action={{ href: orderPage(shop, order), label: "See the order and its invoice" }}
      after="We will write again when the tools are on their way."
    >
      <Text>
        {`We received your payment of ${formatCents(order.totalCents)} (payment reference ${order.transactionId}). ` +
          `Your invoice number is ${order.invoiceNumber}; the invoice (PDF) is on the order's page.`}
      </Text>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

/** What a shipment's mail says it carries and what is still to come. */
function ShipmentParts({ shipment }: { shipment: NonNullable<OrderMailData["shipment"]> }) {
  return (
    <Text>
      {`Shipment ${shipment.number} carries ${piecesText(shipment.lines)}. `}
      {shipment.toCome.length > 0
        ? `Still to come: ${piecesText(shipment.toCome)}; we mail you again when it ships.`
        : "That is the rest of your order."}
    </Text>
  );
}

export const orderShipped = {
  subject: (order: OrderMailData) =>
    order.shipment && order.shipment.toCome.length > 0
      ? `Part of your ${named(order)} is on its way`
      : `Your ${named(order)} is on its way`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview={`Shipped with ${order.carrier}, tracking number ${order.trackingNumber}`}
      heading="Your order is on its way"
      greeting={greetingFor(order.name)}
      action={
        order.trackingUrl
          ? { href: order.trackingUrl, label: "Track the parcel" }
          : { href: orderPage(shop, order), label: "See the order" }
      }
    >
      <Text>{`We shipped your order with ${order.carrier}. The tracking number is ${order.trackingNumber}.`}</Text>
      {order.shipment && <ShipmentParts shipment={order.shipment} />}
      {order.onAccount?.dueAt && order.invoiceNumber && (
        <Text>
          {`${ON_ACCOUNT_MESSAGES.invoiceDue(order.invoiceNumber, order.onAccount.dueAt)}. ` +
            "The invoice (PDF), with our bank details, is on the order's page."}
        </Text>
      )}
      <OrderSummary order={order} />
      {order.trackingUrl && (
        <Text>
          The order's page: <Link href={orderPage(shop, order)}>{orderPage(shop, order)}</Link>
        </Text>
      )}
    </MailLayout>
  ),
};

/** `colleague`: the copy to the company's owners of a change of a colleague's order (decision 076). */
export const orderChanged = {
  subject: (order: OrderMailData & { colleague?: boolean }) =>
    order.colleague ? `An ${named(order)} of your company is changed` : `Your ${named(order)} is changed`,
  body: (order: OrderMailData & { colleague?: boolean }, shop: Shop) => (
    <MailLayout
      preview={`Its total is now ${formatCents(order.totalCents)}`}
      heading={order.colleague ? "An order of your company is changed" : "Your order is changed"}
      greeting={order.colleague ? "Hello," : greetingFor(order.name)}
      action={{ href: orderPage(shop, order), label: "See the order" }}
    >
      <Text>
        {order.colleague ? "The lines of an order of your company" : "The lines of your order"} were changed. What
        changed:
      </Text>
      {order.note && <Text>{order.note}</Text>}
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

/** An admin's change that raises the total, waiting for the buyer (docs/decisions/078-admins-change-orders.md). */
export const orderChangeProposed = {
  subject: (order: OrderMailData) => `A change of your ${named(order)} waits for your acceptance`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview="The shop proposes a change of your order: nothing changes until you accept it"
      heading="A change waits for your acceptance"
      greeting={greetingFor(order.name)}
      action={{ href: orderPage(shop, order), label: "See the change" }}
    >
      <Text>
        The shop proposes to change the lines of your order, and the change raises its total. Nothing changes until you
        accept it on the order's page, where you can decline it too. What would change:
      </Text>
      {order.note && <Text>{order.note}</Text>}
      <Text>Your order as it is now:</Text>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

export const orderCancelled = {
  subject: (order: OrderMailData) => `Your ${named(order)} is cancelled`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview="Your order is cancelled; no money was taken"
      heading="Order cancelled"
      greeting={greetingFor(order.name)}
      action={{ href: `${shop.publicUrl}/availableProducts`, label: "See the tools" }}
    >
      <Text>Your order is cancelled. No money was taken.</Text>
      {order.note && <Text>{`Reason: ${order.note}`}</Text>}
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

export const orderRefunded = {
  subject: (order: OrderMailData) => `Your ${named(order)} is refunded`,
  body: (order: OrderMailData, shop: Shop) => (
    <MailLayout
      preview={`We refunded ${formatCents(order.totalCents)}`}
      heading="Order refunded"
      greeting={greetingFor(order.name)}
      action={{ href: orderPage(shop, order), label: "See the order" }}
      after="The money usually reaches your card within 5 to 10 working days."
    >
      <Text>{`We refunded the whole amount of your order, ${formatCents(order.totalCents)}, to the card that paid it.`}</Text>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};
