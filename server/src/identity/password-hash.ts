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
/**
 * One hash takes 128 * r * N bytes: 128 MiB at 16, and Node runs at most four at once (libuv's pool), so
 * 512 MiB at worst, reachable by anyone who tries to sign in. 2^17 and up is gigabytes on a busy minute.
 */
export const MAX_PASSWORD_HASH_COST = 16;
const BLOCK_SIZE = 16;
const KEY_LENGTH = 64;
const TAGGED = "scrypt$";

export function passwordHashMemory(cost: number): number {
  return 128 * BLOCK_SIZE * 2 ** cost;
}

/** Sees every scrypt run and its cost: how a test proves which work a sign-in does, rather than timing it. */
type HashingObserver = (cost: number) => void;
const observers = new Set<HashingObserver>();

export function observePasswordHashing(observer: HashingObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function derive(password: string, salt: string, cost: number): Promise<Buffer> {
  for (const observer of observers) observer(cost);
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

function parse(hash: string): { cost: number; salt: string; key: string } {
  const [cost, salt, key] = hash.startsWith(TAGGED)
    ? hash.slice(TAGGED.length).split("$")
    : [String(DEFAULT_PASSWORD_HASH_COST), ...hash.split(":")];
  if (!salt || !key || !/^\d{1,2}$/.test(cost ?? "")) throw new Error("Invalid password hash");
  return { cost: Number(cost), salt, key };
}

/** The cost a stored hash was made at. */
export function hashCost(hash: string): number {
  return parse(hash).cost;
}

async function hashAt(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  const key = (await derive(password, salt, cost)).toString("hex");
  return cost === DEFAULT_PASSWORD_HASH_COST ? `${salt}:${key}` : `${TAGGED}${cost}$${salt}$${key}`;
}

/** A run of scrypt whose answer nobody reads: it costs what a real one at that cost would. */
async function spend(password: string, cost: number): Promise<void> {
  await derive(password, randomBytes(16).toString("hex"), cost);
}

export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
  /** A hash at the configured cost, without the equalising work: for an account whose password was just proven. */
  rehash: (password: string) => Promise<string>;
}

/**
 * After a change of cost the stored hashes are of several costs until each account signs in again (and is then
 * re-hashed, identity/auth.ts). Checking a password at its stored cost while an unknown address is hashed at the
 * configured one would tell the two apart, so every password check runs scrypt once at each cost still stored
 * (`storedCosts`, read from the accounts once) and once at the configured cost: an unknown address (Better Auth
 * hashes the attempt), a known one at an old cost (checked at that cost, the rest spent) and one already
 * re-hashed all run the same costs. Once no old hash is left, a restart brings it back to one run per check.
 */
export function passwordHasher(cost: number, storedCosts: () => Promise<readonly number[]> = async () => []) {
  let older: Promise<number[]> | undefined;
  const olderCosts = () => {
    older ??= storedCosts().then((costs) => [...new Set(costs)].filter((stored) => stored !== cost).sort());
    older.catch(() => {
      older = undefined;
    });
    return older;
  };
  const hasher: PasswordHasher = {
    async hash(password) {
      for (const stored of await olderCosts()) await spend(password, stored);
      return hashAt(password, cost);
    },
    async verify({ hash, password }) {
      const stored = parse(hash);
      for (const other of await olderCosts()) if (other !== stored.cost) await spend(password, other);
      const expected = Buffer.from(stored.key, "hex");
      const given = await derive(password, stored.salt, stored.cost);
      if (stored.cost !== cost) await spend(password, cost);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    rehash: (password) => hashAt(password, cost),
  };
  return hasher;
}

/** The start-up line: what one hash costs, its cap, and which old costs every check still runs. */
export function passwordCostNotice(cost: number, storedCosts: readonly number[]): string {
  const mib = (at: number) => passwordHashMemory(at) / 2 ** 20;
  const older = [...new Set(storedCosts)].filter((stored) => stored !== cost).sort();
  const line =
    `Password hashes: scrypt cost ${cost} (${mib(cost)} MiB per hash; PASSWORD_HASH_COST is capped at ` +
    `${MAX_PASSWORD_HASH_COST}, ${mib(MAX_PASSWORD_HASH_COST)} MiB, so a sign-in for any address stays well inside memory).`;
  return older.length === 0
    ? line
    : `${line} Hashes still at cost ${older.join(", ")} are re-hashed at each account's next sign-in; until a restart ` +
        "after the last of them, every password check also runs scrypt at those costs, so no address stands out.";
}
