import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a local port (a free one unless given) that keeps what it receives, standing in
 * for a mail service; `delayMs` makes it a slow one (it acknowledges each mail that much later).
 */
export async function startSmtpStandIn(port = 0, delayMs = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        setTimeout(callback, delayMs);
      });
    },
  });
  // A sender that dies in the middle of a mail (an instance killed in a drill) resets its connection, and
  // smtp-server reports that as the server's error: a mail service drops that mail and goes on serving.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a mail, with quoted-printable soft line breaks undone. */
export function firstLink(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return text.match(/https?:\/\/[^\s"<>]+/)?.[0];
}
