import { render } from "@react-email/components";
import type { ReactElement } from "react";
import type { MailMessage } from "../mailer.js";
import { accountExists, passwordReset, verifyAddress } from "./account.js";
import { companyInvitation } from "./company.js";
import type { Shop } from "./order.js";
import {
  approvalRequested,
  orderAwaitingApproval,
  orderCancelled,
  orderChanged,
  orderChangeProposed,
  orderPlaced,
  orderRefunded,
  orderShipped,
  paymentReceipt,
} from "./order.js";
import { quoteUpdate } from "./quote.js";
import { creditNote, invoiceReminder } from "./receivables.js";
import { recurringRunFailed } from "./recurring.js";
import { backorderReady, lowStock } from "./stock.js";

export type { OrderMailData, Shop } from "./order.js";

/** Every mail the shop sends, by name: the one place their words live. */
export const MAIL_TEMPLATES = {
  "password-reset": passwordReset,
  "verify-address": verifyAddress,
  "account-exists": accountExists,
  "order-placed": orderPlaced,
  "order-awaiting-approval": orderAwaitingApproval,
  "approval-requested": approvalRequested,
  "payment-receipt": paymentReceipt,
  "order-shipped": orderShipped,
  "order-cancelled": orderCancelled,
  "order-changed": orderChanged,
  "order-change-proposed": orderChangeProposed,
  "order-refunded": orderRefunded,
  "company-invitation": companyInvitation,
  "quote-update": quoteUpdate,
  "low-stock": lowStock,
  "backorder-ready": backorderReady,
  "invoice-reminder": invoiceReminder,
  "credit-note": creditNote,
  "recurring-run-failed": recurringRunFailed,
};

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailData<Name extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[Name]["body"]>[0];

interface Template<Data> {
  subject: (data: Data) => string;
  body: (data: Data, shop: Shop) => ReactElement;
}

/** The mail a template makes of its data: HTML with a plain-text part made from the same words. */
export async function composeMail<Name extends MailTemplateName>(
  to: string,
  name: Name,
  data: MailData<Name>,
  shop: Shop,
): Promise<MailMessage> {
  const template = MAIL_TEMPLATES[name] as Template<MailData<Name>>;
  const element = template.body(data, shop);
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: { selectors: [{ selector: "h1", options: { uppercase: false } }] },
    }),
  ]);
  return { to, subject: template.subject(data), html, text };
}
