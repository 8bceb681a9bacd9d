import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import type { Mailer } from "./mailer.js";
import { claimDueMails, markMailSent, retryMailLater } from "./queries.js";
import { composeMail, type MailData, type MailTemplateName, type Shop } from "./templates/index.js";

export interface OutboxSenderOptions {
  db: Database;
  mailer: Mailer;
  shop: Shop;
  log: FastifyBaseLogger;
  /** How often the outbox is looked at. */
  pollMs: number;
  /** The wait after a first failure; it doubles with each failure, up to MAX_RETRY_MS. */
  retryMs: number;
}

const BATCH = 20;
const MAX_RETRY_MS = 15 * 60_000;
/** Longer than a send can take (the SMTP timeouts below), so no mail is taken twice while one sends it. */
const LEASE_MS = 5 * 60_000;

export function retryDelay(attempts: number, retryMs: number): number {
  return Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox: every `pollMs` it takes the mails that are due and sends each one; a mail the
 * mail server refuses or cannot take (it is down) waits longer after each failure and is never dropped.
 */
export function startOutboxSender(options: OutboxSenderOptions) {
  const { db, mailer, shop, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let stopped = false;

  async function sendDue(): Promise<void> {
    for (;;) {
      const mails = await claimDueMails(db, BATCH, LEASE_MS);
      for (const mail of mails) {
        try {
          const name = mail.template as MailTemplateName;
          await mailer.send(await composeMail(mail.to, name, mail.data as MailData<typeof name>, shop));
          await markMailSent(db, mail.id);
        } catch (error) {
          const delay = retryDelay(mail.attempts, options.retryMs);
          const reason = error instanceof Error ? error.message : String(error);
          log.warn(
            { mailId: mail.id, template: mail.template, attempts: mail.attempts, retryInMs: delay, reason },
            "a mail could not be sent; it stays in the outbox",
          );
          await retryMailLater(db, mail.id, delay, reason);
        }
      }
      if (mails.length < BATCH || stopped) return;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      round = sendDue()
        .catch((error) => log.error({ err: error }, "the mail outbox could not be read"))
        .finally(() => {
          round = undefined;
          schedule();
        });
    }, options.pollMs);
    timer.unref();
  }
  schedule();

  return {
    /** Stops looking at the outbox once the round under way (if any) is done. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
