import pg from "pg";
import { DEFAULT_DATABASE_TIMEOUTS } from "./timeouts.js";

export interface ListenHandlers {
  /** A notification's payload on the channel (from any connection to the database, this process's too). */
  onNotification(payload: string): void;
  /**
   * The connection listens again after it was lost: notifications sent meanwhile are gone, so whatever
   * they keep fresh must be taken as changed.
   */
  onReconnected(): void;
  onError(error: Error): void;
}

export interface Listener {
  /** Resolves once the first LISTEN is in place (or it failed; reconnecting goes on). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export const LISTENER_NAME = "forgeline listener";
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * A connection of its own (a pooled one would be handed to queries and lose its LISTEN) that listens on
 * one channel and comes back when it drops: the database restarted, a proxy cut it, or it was terminated.
 * `settings` are the pool's (db/timeouts.ts): connecting gives up after the connect timeout, and a
 * heartbeat every statement timeout finds a connection gone silent, which nothing else would (a listener
 * only hears; docs/decisions/027): it is ended, and the next one listens.
 */
export function listenOn(
  settings: pg.ClientConfig,
  channel: string,
  handlers: ListenHandlers,
  /**
   * An advisory lock the connection takes and holds while it lives: the instance's sign of life
   * (db/client.ts), since this connection lasts as long as the instance and dies with it.
   */
  lock?: [number, number],
): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let firstAttempt = true;
  const heartbeatMs = Number(settings.statement_timeout) || DEFAULT_DATABASE_TIMEOUTS.statementMs;

  /** Asks the connection a trivial question now and then; one without an answer in time is ended. */
  function keepHearing(candidate: pg.Client): NodeJS.Timeout {
    let asking = false;
    const timer = setInterval(() => {
      if (asking) return;
      asking = true;
      candidate
        .query("select 1")
        .catch((error: Error) => {
          handlers.onError(error);
          // A query that timed out still occupies the connection: ending it destroys the socket, and its
          // end starts the next attempt.
          return candidate.end();
        })
        .catch(() => {})
        .finally(() => {
          asking = false;
        });
    }, heartbeatMs);
    timer.unref();
    return timer;
  }

  async function connect(): Promise<void> {
    // Anything but the very first attempt may have missed notifications.
    const wasFirst = firstAttempt;
    // Named, so that an operator (or a test) can tell it apart in pg_stat_activity.
    const candidate = new pg.Client({ ...settings, application_name: LISTENER_NAME });
    let heartbeat: NodeJS.Timeout | undefined;
    // A dropped connection reports an error, then ends: only its end starts the next attempt.
    candidate.on("error", (error) => handlers.onError(error));
    candidate.on("end", () => {
      clearInterval(heartbeat);
      if (client === candidate) client = undefined;
      scheduleReconnect();
    });
    candidate.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? "");
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (lock) await candidate.query("select pg_try_advisory_lock($1, $2)", lock);
    } catch (error) {
      handlers.onError(error as Error);
      await candidate.end().catch(() => {});
      scheduleReconnect();
      return;
    } finally {
      firstAttempt = false;
    }
    if (closed) {
      await candidate.end();
      return;
    }
    client = candidate;
    heartbeat = keepHearing(candidate);
    retryMs = FIRST_RETRY_MS;
    if (!wasFirst) handlers.onReconnected();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }

  return {
    ready: connect(),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end();
    },
  };
}
