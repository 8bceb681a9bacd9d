import { Redis } from "ioredis";
import type { Limits } from "./queries.js";

/** Counts one call in a window that starts with the first call; answers the count and the window's ms left. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/**
 * The database's `consume` (queries.ts) in Redis: the count expires with its window, the lock is a key
 * of its own that outlives it. Taken when an attempt goes over `max` and no lock holds.
 */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local locked = redis.call('PTTL', KEYS[2])
if count > tonumber(ARGV[2]) and locked < 0 then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  locked = tonumber(ARGV[3])
end
return math.max(locked, 0)
`;

const COUNT = "forgeline:count:";
const LOCK = "forgeline:lock:";

/** A key as a literal in a SCAN pattern (an address may hold *, ? or [). */
const literal = (text: string) => text.replace(/[*?[\]\\]/g, "\\$&");

/** The limits in Redis (REDIS_URL): each count one script, so instances never race each other. */
export function redisLimits(url: string): Limits & { close(): Promise<void> } {
  // While Redis is away a call that needs a count fails at once (a 503 that asks to try again) rather than
  // going uncounted or waiting (docs/decisions/022): no queue of commands for later, a command without a
  // reply within 2 s fails, and one cut off with its connection is not sent again (it was answered 503).
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    autoResendUnfulfilledCommands: false,
    // Back within a second of Redis: tries again after 0.1 s, 0.2 s, … and then every second.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // Until the first connection, commands wait for it (the instance may start a moment before Redis
  // answers); from then on, none waits while the connection is down.
  redis.once("ready", () => {
    redis.options.enableOfflineQueue = false;
  });
  // Reconnecting is ioredis's own work; an error event without a listener would end the process.
  redis.on("error", () => {});

  async function keysUnder(prefix: string, key: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}${literal(key)}:*`, "COUNT", 500);
      found.push(...keys);
      cursor = next;
    } while (cursor !== "0");
    return found;
  }

  return {
    async hit(key, windowMs) {
      const [count, msLeft] = (await redis.eval(HIT, 1, COUNT + key, windowMs)) as [number, number];
      return { count, msLeft: Math.max(0, msLeft) };
    },
    async consume(key, rule) {
      const lockedMs = (await redis.eval(
        CONSUME,
        2,
        COUNT + key,
        LOCK + key,
        rule.windowMs,
        rule.max,
        rule.lockMs,
      )) as number;
      return Math.ceil(lockedMs / 1000);
    },
    async clear(...keys) {
      await redis.del(...keys.flatMap((key) => [COUNT + key, LOCK + key]));
    },
    async clearUnder(key) {
      const under = [...(await keysUnder(COUNT, key)), ...(await keysUnder(LOCK, key))];
      await redis.del(COUNT + key, LOCK + key, ...under);
    },
    async close() {
      // QUIT needs a connection; without one (Redis is away) there is nothing to say goodbye to.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
