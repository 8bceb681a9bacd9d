import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { DEFAULT_PASSWORD_HASH_COST, passwordCostNotice, passwordHasher } from "./password-hash.js";

describe("password hashes", () => {
  const shop = passwordHasher(DEFAULT_PASSWORD_HASH_COST);

  it("at the default cost are Better Auth's own: accounts from before the setting sign in, and back again", async () => {
    const ours = await shop.hash("correct-horse-1");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: "correct-horse-1" })).toBe(true);
    const theirs = await hashPassword("correct-horse-1");
    expect(await shop.verify({ hash: theirs, password: "correct-horse-1" })).toBe(true);
    expect(await shop.verify({ hash: theirs, password: "correct-horse-2" })).toBe(false);
  });

  it("made at another cost carry it, and verify whatever the cost is set to later", async () => {
    const cheap = await passwordHasher(10).hash("correct-horse-1");
    expect(cheap).toMatch(/^scrypt\$10\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    for (const later of [10, 12, DEFAULT_PASSWORD_HASH_COST]) {
      expect(await passwordHasher(later).verify({ hash: cheap, password: "correct-horse-1" })).toBe(true);
      expect(await passwordHasher(later).verify({ hash: cheap, password: "Correct-horse-1" })).toBe(false);
    }
    const defaultMade = await shop.hash("correct-horse-1");
    expect(await passwordHasher(10).verify({ hash: defaultMade, password: "correct-horse-1" })).toBe(true);
  });

  it("refuse a hash that is not one", async () => {
    await expect(shop.verify({ hash: "plain-text", password: "plain-text" })).rejects.toThrowError(
      "Invalid password hash",
    );
    await expect(shop.verify({ hash: "scrypt$x$aa$bb", password: "x" })).rejects.toThrowError("Invalid password hash");
  });

  it("cost 14 unless PASSWORD_HASH_COST says otherwise, from 10 to 16, never below 14 in production", () => {
    expect(loadConfig({}).passwordHashCost).toBe(14);
    expect(loadConfig({ PASSWORD_HASH_COST: "16" }).passwordHashCost).toBe(16);
    const outOfRange =
      "PASSWORD_HASH_COST: PASSWORD_HASH_COST must be from 10 to 16 (scrypt's N as a power of two; 16 takes 128 MiB per hash)";
    expect(() => loadConfig({ PASSWORD_HASH_COST: "9" })).toThrowError(outOfRange);
    // 2^17 would be 256 MiB per hash, and an unknown address can ask for one (finding 1 of issue 45).
    expect(() => loadConfig({ PASSWORD_HASH_COST: "17" })).toThrowError(outOfRange);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "20" })).toThrowError(outOfRange);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "21" })).toThrowError(outOfRange);
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "production-secret-0123456789abcdef0123456789",
      PUBLIC_URL: "https://shop.example.com",
      SHOP_ADDRESS: "1 Forge Lane",
      SHOP_TAX_ID: "GB999",
      SHOP_BANK_DETAILS: "IBAN GB00 TEST",
      PAYMENT_PROVIDER: "test",
    };
    expect(loadConfig(production).passwordHashCost).toBe(14);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: "12" })).toThrowError(
      "PASSWORD_HASH_COST: at least 14 in production (lower is for the test suites)",
    );
  });
});

describe("the start-up line on password hashes", () => {
  it("says what one hash costs in memory, the cap, and the old costs still run", () => {
    expect(passwordCostNotice(14, [14])).toBe(
      "Password hashes: scrypt cost 14 (32 MiB per hash; PASSWORD_HASH_COST is capped at 16, 128 MiB, so a sign-in " +
        "for any address stays well inside memory).",
    );
    expect(passwordCostNotice(15, [14, 15, 14])).toContain(
      "Hashes still at cost 14 are re-hashed at each account's next sign-in",
    );
  });
});
