import { dayInWords, type ReminderStep } from "@forgeline/contract";
import { Text } from "@react-email/components";
import { MailLayout } from "./layout.js";
import type { Shop } from "./order.js";

/** A reminder of an invoice on account with money owed (docs/BUYING-ON-ACCOUNT.md, 'Reminders'). */
export interface InvoiceReminderData {
  step: ReminderStep;
  /** The order's number, FL-100234. */
  number: string;
  orderId: string;
  invoiceNumber: string;
  /** ISO 8601. */
  dueAt: string;
  /** What is still owed, as money: $1,234.00. */
  balance: string;
  /**
   * Whether its reader may pay it by card on the order's payment page (owners and buyers do, a requester not);
   * absent from the reminders queued before it was said, which named the transfer only.
   */
  payByCard?: boolean;
}

const subject = ({ step, invoiceNumber }: InvoiceReminderData) =>
  ({
    "before-due": `Invoice ${invoiceNumber} is due in 3 days`,
    due: `Invoice ${invoiceNumber} is due today`,
    "overdue-7": `Invoice ${invoiceNumber} is 7 days overdue`,
    "overdue-30": `Invoice ${invoiceNumber} is 30 days overdue`,
  })[step];

export const invoiceReminder = {
  subject,
  body: (data: InvoiceReminderData, shop: Shop) => (
    <MailLayout
      preview={subject(data)}
      heading={subject(data)}
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/dashboard/myorders/${data.orderId}`, label: "See the order and its invoice" }}
      after={
        data.step === "overdue-30"
          ? "While an invoice is more than 30 days overdue, new orders on account wait; orders paid by card still go."
          : "If you have paid already, thank you: the payment may not have reached us yet."
      }
    >
      <Text>{`Invoice ${data.invoiceNumber} for order ${data.number} was due by ${dayInWords(data.dueAt)}. ${data.balance} is still owed.`}</Text>
      <Text>{`Pay by bank transfer quoting ${data.invoiceNumber}, to: ${shop.bankDetails}`}</Text>
      {data.payByCard && (
        <Text>{`Or pay ${data.balance} by card on the order's payment page: ${shop.publicUrl}/dashboard/payment/${data.orderId}`}</Text>
      )}
    </MailLayout>
  ),
};

/** A credit note on an invoice on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), to the order's buyer. */
export interface CreditNoteMailData {
  /** The order's number, FL-100234. */
  number: string;
  orderId: string;
  creditNoteNumber: string;
  invoiceNumber: string;
  /** As money: $120.00. */
  amount: string;
  /** Why it was issued, one line; absent from the mails queued before reasons were asked for. */
  reason?: string;
  /** What is still owed on the invoice after it, as money. */
  balance: string;
  /** What of it was paid already and is now the company's credit, as money; null when nothing. */
  toCredit: string | null;
  /** The order's whole total is credited now. */
  refunded: boolean;
}

const creditNoteSubject = (data: CreditNoteMailData) =>
  `Credit note ${data.creditNoteNumber} for invoice ${data.invoiceNumber}`;

export const creditNote = {
  subject: creditNoteSubject,
  body: (data: CreditNoteMailData, shop: Shop) => (
    <MailLayout
      preview={creditNoteSubject(data)}
      heading={data.refunded ? "Order refunded" : "Credit note"}
      greeting="Hello,"
      action={{
        href: `${shop.publicUrl}/dashboard/myorders/${data.orderId}`,
        label: "See the order and its credit note",
      }}
      after="The credit note (PDF) is on the order's page."
    >
      <Text>
        {`We credited ${data.amount} against invoice ${data.invoiceNumber} for order ${data.number}` +
          `${data.refunded ? ", refunding the whole order" : ""}. ${data.balance} is still owed on it.`}
      </Text>
      {data.reason && <Text>{`Reason: ${data.reason}`}</Text>}
      {data.toCredit && (
        <Text>{`${data.toCredit} of it was paid already: it is your company's credit now and pays your next invoices.`}</Text>
      )}
    </MailLayout>
  ),
};
