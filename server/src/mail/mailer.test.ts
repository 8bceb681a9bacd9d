import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMailer } from "./mailer.js";

/** Issue finding 6: a local run's mails hold confirmation and reset links, keys to accounts. */
describe("the outbox mailer (no SMTP_URL)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "forgeline-eml-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes each mail readable by its owner only, in a folder only its owner may open", async () => {
    const outbox = path.join(dir, "outbox");
    const mailer = outboxMailer(outbox, "shop@example.com", { info: () => {} } as unknown as FastifyBaseLogger);
    await mailer.send({ to: "ada@example.com", subject: "Reset", text: "http://x/reset?token=1", html: "<p>x</p>" });
    const [file] = await readdir(outbox);
    expect(file).toMatch(/ada@example\.com\.eml$/);
    expect((await stat(path.join(outbox, file ?? ""))).mode & 0o777).toBe(0o600);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect(await readFile(path.join(outbox, file ?? ""), "utf8")).toContain("token=1");
  });
});
