import {
  formatCents,
  orderNumberText,
  REMINDER_DAYS,
  REMINDER_STEPS,
  type ReminderStep,
  rolePays,
} from "@forgeline/contract";
import type { FastifyBaseLogger } from "fastify";
import { findMember, ownersOf } from "../company/queries/members.js";
import type { Database } from "../db/client.js";
import { repeatingJob } from "../events/repeating-job.js";
import { enqueueAccountMail } from "../identity/queries.js";
import { claimReminder, invoicesToRemind } from "./queries/invoice-reminders.js";

const DAY_MS = 86_400_000;

/** The latest reminder step an invoice due at `dueAt` has reached by `now`, with those before it. */
export function stepsReached(dueAt: Date, now: Date): ReminderStep[] {
  return REMINDER_STEPS.filter((step) => now.getTime() >= dueAt.getTime() + REMINDER_DAYS[step] * DAY_MS);
}

/**
 * Sends each invoice's reminder that is due now (docs/BUYING-ON-ACCOUNT.md, 'Reminders'), once across every
 * instance: the step's row and the mails are written in one transaction, and only the instance whose insert
 * made the row sends; an order shipped in parts is reminded of each of its invoices apart, by its own due date
 * (decision 077). Steps passed while nothing checked are recorded as skipped, so a late check sends the
 * latest step only, never a burst. An invoice paid meanwhile is not asked about at all. Each mail names every way
 * its reader may pay: the bank transfer always, and the card on the order's payment page for those who pay the
 * company's orders (owners and buyers; a requester who placed it pays nothing, decision 058). Answers how many
 * reminders went.
 */
export async function sendDueReminders(db: Database, now = new Date()): Promise<number> {
  let sent = 0;
  for (const invoice of await invoicesToRemind(db, now, REMINDER_DAYS["before-due"])) {
    const reached = stepsReached(invoice.dueAt, now);
    const latest = reached.at(-1);
    if (!latest) continue;
    const went = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, invoice.invoiceNumber, latest, reached.slice(0, -1)))) return false;
      const data = {
        step: latest,
        number: orderNumberText(invoice.number),
        orderId: invoice.orderId,
        invoiceNumber: invoice.invoiceNumber,
        dueAt: invoice.dueAt.toISOString(),
        balance: formatCents(invoice.owedCents),
      };
      // The buyer only while still a member: one who left the company reads nothing of its money.
      const buyer = await findMember(tx, invoice.companyId, invoice.userEmail);
      const payByCard = new Map(buyer ? [[buyer.email, rolePays(buyer.role)]] : []);
      for (const owner of await ownersOf(tx, invoice.companyId)) payByCard.set(owner, true);
      for (const [address, card] of payByCard) {
        await enqueueAccountMail(tx, address, "invoice-reminder", { ...data, payByCard: card });
      }
      return true;
    });
    if (went) sent += 1;
  }
  return sent;
}

/** Checks every `checkMs` (as the low-stock mail does); each reminder goes once whatever the interval. */
export function startInvoiceReminders(options: { db: Database; log: FastifyBaseLogger; checkMs: number }) {
  const { db, log, checkMs } = options;
  return repeatingJob({
    everyMs: checkMs,
    round: async () => {
      const sent = await sendDueReminders(db);
      if (sent > 0) log.info({ sent }, "payment reminders are in the outbox");
    },
    log,
    failure: "the payment reminders' check failed; the next one tries again",
  });
}
