import { formatPrice } from "@forgeline/contract";
import { Text } from "@react-email/components";
import { MailLayout } from "./layout.js";
import type { Shop } from "./order.js";

/** A step of a request for quote (docs/SELLING-TO-BUSINESSES.md, 'Quotes'), as the buyer is told of it. */
export interface QuoteMailData {
  step: "requested" | "sent" | "accepted" | "declined";
  quoteId: string;
  /** The quoted total in dollars, once sent. */
  total: number | null;
  /** When a sent quote stops holding (ISO 8601). */
  expiresAt: string | null;
  /** How many times it was sent (2 and more: a revision). */
  revision: number;
}

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

const SUBJECTS: Record<QuoteMailData["step"], string> = {
  requested: "We received your request for a quote",
  sent: "Your quote is ready",
  accepted: "You accepted your quote",
  declined: "You declined your quote",
};

function words({ step, total, expiresAt, revision }: QuoteMailData): string {
  switch (step) {
    case "requested":
      return "We will price each line of your request and send you a quote; you will get a mail when it is ready.";
    case "sent": {
      const priced = `${revision > 1 ? "Your quote was revised" : "We priced your request"}: ${formatPrice(total ?? 0)} in all`;
      return `${priced}. It holds until ${expiresAt ? when.format(new Date(expiresAt)) : "further notice"} UTC; accept it to place the order.`;
    }
    case "accepted":
      return "Your order at the quoted prices is placed; you will find it with your orders.";
    case "declined":
      return "You declined the quote; nothing was ordered. Ask for a new one from your cart at any time.";
  }
}

export const quoteUpdate = {
  subject: (data: QuoteMailData) => SUBJECTS[data.step],
  body: (data: QuoteMailData, shop: Shop) => (
    <MailLayout
      preview={SUBJECTS[data.step]}
      heading={SUBJECTS[data.step]}
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/dashboard/quotes/${data.quoteId}`, label: "See the quote" }}
    >
      <Text>{words(data)}</Text>
    </MailLayout>
  ),
};
