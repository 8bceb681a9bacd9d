import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. SMTP in production; a local run writes .eml files instead, so nothing needs a mail server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Short enough that a mail server which stops answering cannot hold a send past the outbox's lease.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Writes each message to `outbox/` as an .eml file and logs where it is. */
export function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // The files hold confirmation and reset links, keys to accounts: only the shop's own user reads them.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(":", "-")}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Not the link itself: reset and confirmation links are keys to an account, and logs travel.
      log.info({ to: message.to, file }, `Mail "${message.subject}" written to the outbox (no SMTP_URL set)`);
    },
  };
}
