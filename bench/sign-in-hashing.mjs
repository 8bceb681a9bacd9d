// The hashing a wrong-password sign-in does after PASSWORD_HASH_COST was raised from 14 to 15, for a known
// address still at 14, one already re-hashed at 15 and an unknown one: side by side, median of 7 each, with
// the shop's own hasher (server/dist, so `npm run build` first). Issue 45, finding 1; the equality itself is
// proven by the costs run, in server/src/identity/password-cost-change.test.ts. Part of `npm run bench`
// (--only=auth); alone: node bench/sign-in-hashing.mjs
import { pathToFileURL } from "node:url";
import { passwordHasher } from "../server/dist/identity/password-hash.js";

const OLD_COST = 14;
const NEW_COST = 15;
const ROUNDS = 7;
/** How far apart the slowest and the fastest path's medians may be: scrypt's own jitter, not a second hash. */
export const HASHING_SPREAD_BUDGET = 0.25;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchSignInHashing() {
  const before = passwordHasher(OLD_COST);
  const after = passwordHasher(NEW_COST, async () => [OLD_COST, NEW_COST]);
  const atOld = await before.hash("correct-horse-1");
  const atNew = await after.hash("correct-horse-1");
  const paths = {
    [`known address, hash at ${OLD_COST}`]: () => after.verify({ hash: atOld, password: "wrong-horse-1" }),
    [`known address, re-hashed at ${NEW_COST}`]: () => after.verify({ hash: atNew, password: "wrong-horse-1" }),
    "unknown address": () => after.hash("wrong-horse-1"),
  };
  const times = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  // Round by round, each path in turn, so that whatever else the machine does weighs on all three alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, attempt] of Object.entries(paths)) {
      const start = performance.now();
      await attempt();
      times[name].push(performance.now() - start);
    }
  }
  const medians = Object.values(times).map(median);
  const spread = Math.max(...medians) / Math.min(...medians) - 1;
  const rows = Object.entries(times).map(
    ([name, taken]) =>
      `| ${name} | ${median(taken).toFixed(0)} ms | ${Math.min(...taken).toFixed(0)}-${Math.max(...taken).toFixed(0)} ms |`,
  );
  const text = [
    `Wrong password after PASSWORD_HASH_COST ${OLD_COST} → ${NEW_COST}, median of ${ROUNDS}`,
    "",
    "| sign-in for | median | range |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
  return { text, spread };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { text, spread } = await benchSignInHashing();
  console.log(`${text}\n\nSlowest median over fastest: +${Math.round(spread * 100)}%`);
}
