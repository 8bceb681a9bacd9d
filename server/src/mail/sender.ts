import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { repeatingJob } from "../events/repeating-job.js";
import type { Mailer } from "./mailer.js";
import { claimNextMail, dropStaleHeldMails, markMailSent, retryMailLater } from "./queries.js";
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
  /** How long one mail is held by the sender that claimed it (tests shorten it). */
  leaseMs?: number;
}

const MAX_RETRY_MS = 15 * 60_000;
/** One mail's lease: well past the longest a send may take (SEND_LIMIT_MS), so no mail is taken twice while sent. */
const LEASE_MS = 3 * 60_000;
/** A send that has not finished by then counts as failed and is tried again later. */
const SEND_LIMIT_MS = 90_000;
/** Held mails past their week are dropped this often: a confirmation would not send them anyway (hold.ts). */
const DROP_STALE_EVERY_MS = 10 * 60_000;

/** Rejects when `work` takes longer than `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not take the mail within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function retryDelay(attempts: number, retryMs: number): number {
  return Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox: every `pollMs` it takes the mails that are due and sends each one; a mail the
 * mail server refuses or cannot take (it is down) waits longer after each failure and is never dropped.
 */
export function startOutboxSender(options: OutboxSenderOptions) {
  const { db, mailer, shop, log } = options;
  // Also ends a round that is sending: the mails left wait for the next start.
  let stopped = false;

  const leaseMs = options.leaseMs ?? LEASE_MS;
  const sendLimitMs = Math.min(SEND_LIMIT_MS, leaseMs / 2);
  let dropStaleAt = 0;

  /** Keeps the held mails of addresses nobody confirms from piling up. */
  async function dropStale(): Promise<void> {
    if (Date.now() < dropStaleAt) return;
    dropStaleAt = Date.now() + DROP_STALE_EVERY_MS;
    await dropStaleHeldMails(db);
  }

  /** Sends the due mails one by one, each under a lease of its own taken just before it is sent. */
  async function sendDue(): Promise<void> {
    while (!stopped) {
      const mail = await claimNextMail(db, leaseMs);
      if (!mail) return;
      try {
        const name = mail.template as MailTemplateName;
        await within(
          mailer.send(await composeMail(mail.to, name, mail.data as MailData<typeof name>, shop)),
          sendLimitMs,
        );
        if (!(await markMailSent(db, mail))) {
          log.warn({ mailId: mail.id }, "a mail was sent after its lease ended; another sender may have sent it too");
        }
      } catch (error) {
        const delay = retryDelay(mail.attempts, options.retryMs);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(
          { mailId: mail.id, template: mail.template, attempts: mail.attempts, retryInMs: delay, reason },
          "a mail could not be sent; it stays in the outbox",
        );
        await retryMailLater(db, mail, delay, reason);
      }
    }
  }

  const job = repeatingJob({
    everyMs: options.pollMs,
    round: () => dropStale().then(sendDue),
    log,
    failure: "the mail outbox could not be read",
  });

  return {
    /** Stops looking at the outbox once the round under way (if any) is done. */
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}
