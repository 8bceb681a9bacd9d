import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { ORIGIN, signUp, uniqueEmail } from "../test/accounts.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { hashCost, observePasswordHashing } from "./password-hash.js";
import { authAccounts, authUsers } from "./tables.js";

/**
 * A restart at a higher PASSWORD_HASH_COST over accounts hashed at the old one (issue 45, finding 1). The work
 * is proven by the costs scrypt ran at, which a timing could only hint at.
 */
describe("a change of password hash cost", () => {
  const OLD_COST = 10;
  const NEW_COST = 12;
  let before: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  let remote = 0;

  const signIn = (email: string, password: string) => {
    remote += 1;
    return app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: ORIGIN,
      payload: { email, password },
      remoteAddress: `203.0.113.${remote}`,
    });
  };
  const costsRunBy = async (attempt: () => Promise<unknown>) => {
    const costs: number[] = [];
    const stop = observePasswordHashing((cost) => costs.push(cost));
    try {
      await attempt();
    } finally {
      stop();
    }
    return costs.sort((a, b) => a - b);
  };
  const storedHash = async (email: string) => {
    const [row] = await before.db
      .select({ password: authAccounts.password })
      .from(authAccounts)
      .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
      .where(eq(authUsers.email, email));
    return row?.password ?? "";
  };

  let old: { email: string; password: string };
  let current: { email: string; password: string };

  beforeAll(async () => {
    before = await createTestApp({ env: { PASSWORD_HASH_COST: String(OLD_COST) } });
    old = await signUp(before.app);
    // The same database, restarted at the new cost.
    app = await buildApp({
      config: { ...before.config, passwordHashCost: NEW_COST },
      database: before.otherInstance(),
      authSecret: TEST_AUTH_SECRET,
    });
    await app.ready();
    current = await signUp(app);
  });

  afterAll(async () => {
    await app?.close();
    await before?.close();
  });

  it("costs a known address at the old cost, a known one at the new cost and an unknown one the same scrypt runs", async () => {
    expect(hashCost(await storedHash(old.email))).toBe(OLD_COST);
    expect(hashCost(await storedHash(current.email))).toBe(NEW_COST);
    const knownOld = await costsRunBy(async () =>
      expect((await signIn(old.email, "wrong-horse-1")).statusCode).toBe(401),
    );
    const knownNew = await costsRunBy(async () =>
      expect((await signIn(current.email, "wrong-horse-1")).statusCode).toBe(401),
    );
    const unknown = await costsRunBy(async () =>
      expect((await signIn(uniqueEmail("nobody"), "wrong-horse-1")).statusCode).toBe(401),
    );
    expect(knownOld).toEqual([OLD_COST, NEW_COST]);
    expect(knownNew).toEqual(knownOld);
    expect(unknown).toEqual(knownOld);
  });

  it("hashes a password again at the configured cost when it signs in, and the password still works", async () => {
    expect((await signIn(old.email, old.password)).statusCode).toBe(200);
    const rehashed = await storedHash(old.email);
    expect(hashCost(rehashed)).toBe(NEW_COST);
    expect((await signIn(old.email, old.password)).statusCode).toBe(200);
    expect(await storedHash(old.email)).toBe(rehashed);
    expect((await signIn(old.email, "wrong-horse-1")).statusCode).toBe(401);
  });
});
