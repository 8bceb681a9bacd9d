import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords are kept as scrypt hashes. The shop's cost is Better Auth's own (N = 2^14, r = 16, p = 1), and a
 * hash made at that cost is written in Better Auth's own form ("salt:key"), so the accounts of every earlier
 * version keep signing in. PASSWORD_HASH_COST names another N as a power of two: an operator raises it when
 * machines get faster, and a hash made at another cost carries it ("scrypt$15$salt$key"), so every hash keeps
 * verifying whatever the setting is later. The test suites use a low cost (docs/decisions/050-password-hash-cost.md);
 * production refuses anything below the default (config.ts).
 */
export const DEFAULT_PASSWORD_HASH_COST = 14;
const BLOCK_SIZE = 16;
const KEY_LENGTH = 64;
const TAGGED = "scrypt$";

function derive(password: string, salt: string, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

export function passwordHasher(cost: number): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16).toString("hex");
      const key = (await derive(password, salt, cost)).toString("hex");
      return cost === DEFAULT_PASSWORD_HASH_COST ? `${salt}:${key}` : `${TAGGED}${cost}$${salt}$${key}`;
    },
    async verify({ hash, password }) {
      const [hashCost, salt, key] = hash.startsWith(TAGGED)
        ? hash.slice(TAGGED.length).split("$")
        : [String(DEFAULT_PASSWORD_HASH_COST), ...hash.split(":")];
      if (!salt || !key || !/^\d{1,2}$/.test(hashCost ?? "")) throw new Error("Invalid password hash");
      const expected = Buffer.from(key, "hex");
      const given = await derive(password, salt, Number(hashCost));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
