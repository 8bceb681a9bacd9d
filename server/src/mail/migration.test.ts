import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "../db/client.js";
import { migrationsBefore } from "../test/migrations.js";

/** Migration 0022 on an outbox written before sent mails lost their links. */
describe("migration 0022: the links of mails sent before it", () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0022");

    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO mail_outbox ("to", template, data, sent_at) VALUES
        ('a@example.com', 'password-reset', '{"name": "", "link": "http://x/reset-password/secret-1"}', now()),
        ('b@example.com', 'company-invitation', '{"companyName": "Acme", "token": "secret-2"}', now()),
        ('c@example.com', 'order-placed', '{"orderId": "o-1", "name": ""}', now()),
        ('d@example.com', 'verify-address', '{"link": "http://x/verify-email?token=secret-3"}', null);
    `);
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("blanks the links and tokens of sent mails, and leaves the rest and unsent mails as they were", async () => {
    const { rows } = await client.query<{ to: string; data: unknown }>(
      `SELECT "to", data FROM mail_outbox ORDER BY "to"`,
    );
    expect(rows).toEqual([
      { to: "a@example.com", data: { name: "", link: "[link removed after sending]" } },
      { to: "b@example.com", data: { companyName: "Acme", token: "[link removed after sending]" } },
      { to: "c@example.com", data: { orderId: "o-1", name: "" } },
      { to: "d@example.com", data: { link: "http://x/verify-email?token=secret-3" } },
    ]);
  });
});
