// The hashing a wrong-password sign-in does after PASSWORD_HASH_COST was raised from 14 to 15, for a known
// address still at 14, one already re-hashed at 15 and an unknown one: side by side, median of 7 each, with
// the shop's own hasher (server/dist, so `npm run build` first). Issue 45, finding 1; the equality itself is
// proven by the costs run, in server/src/identity/password-cost-change.test.ts.
// Run: node bench/sign-in-hashing.mjs
import { passwordHasher } from "../server/dist/identity/password-hash.js";

const OLD_COST = 14;
const NEW_COST = 15;
const ROUNDS = 7;

const before = passwordHasher(OLD_COST);
const after = passwordHasher(NEW_COST, async () => [OLD_COST, NEW_COST]);
const atOld = await before.hash("correct-horse-1");
const atNew = await after.hash("correct-horse-1");

const paths = {
  [`known address, hash at ${OLD_COST}`]: () => after.verify({ hash: atOld, password: "wrong-horse-1" }),
  [`known address, re-hashed at ${NEW_COST}`]: () => after.verify({ hash: atNew, password: "wrong-horse-1" }),
  "unknown address": () => after.hash("wrong-horse-1"),
};

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
for (const [name, attempt] of Object.entries(paths)) {
  const times = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await attempt();
    times.push(performance.now() - start);
  }
  rows.push(
    `| ${name} | ${median(times).toFixed(0)} ms | ${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms |`,
  );
}
console.log(`Wrong password after PASSWORD_HASH_COST ${OLD_COST} → ${NEW_COST}, median of ${ROUNDS}\n`);
console.log(["| sign-in for | median | range |", "|---|---|---|", ...rows].join("\n"));
