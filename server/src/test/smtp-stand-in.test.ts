import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpStandIn } from "./smtp-stand-in.js";

/** Resolves with what the server has said once it has said a line matching `expected`. */
function replyFrom(socket: Socket, expected: RegExp) {
  return new Promise<string>((resolve, reject) => {
    let said = "";
    const onData = (chunk: Buffer) => {
      said += chunk.toString("utf8");
      if (!expected.test(said)) return;
      socket.off("data", onData);
      resolve(said);
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

describe("the SMTP stand-in", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());

  it("goes on receiving after a sender dies in the middle of a mail, as an instance killed in a drill does", async () => {
    const dying = connect(smtp.port, "127.0.0.1");
    await replyFrom(dying, /^220 /m);
    for (const [command, answer] of [
      ["EHLO dying.test", /^250 /m],
      ["MAIL FROM:<shop@forgeline.test>", /^250 /m],
      ["RCPT TO:<cut@forgeline.test>", /^250 /m],
      ["DATA", /^354 /m],
    ] as const) {
      const said = replyFrom(dying, answer);
      dying.write(`${command}\r\n`);
      await said;
    }
    // The server waits for the mail's words; a reset, not a close, is what it meets when the sender is killed.
    dying.resetAndDestroy();

    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({
      from: "shop@forgeline.test",
      to: "whole@forgeline.test",
      subject: "A whole mail",
      text: "Sent after the other sender died.",
    });
    transport.close();
    expect(smtp.received.map((mail) => mail.to)).toEqual([["whole@forgeline.test"]]);
  });
});
