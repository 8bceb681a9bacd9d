import type pg from "pg";

/**
 * How long the shop waits on PostgreSQL (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS). A
 * database that goes silent (a network partition drops every packet: no reset, no answer) would otherwise
 * hold each request, and the connection under it, until TCP gives up minutes later. docs/decisions/027.
 */
export interface DatabaseTimeouts {
  /** The longest one statement may run, and the longest a transaction may sit idle between two. */
  statementMs: number;
  /** The longest opening a connection, or waiting for one of the pool's, may take. */
  connectMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 5_000, connectMs: 5_000 };

/**
 * How much longer than the server's statement timeout the client waits for an answer. On a network that
 * answers, the server's own cancel (57014) arrives first and the connection stays usable; only on a silent
 * one, where that cancel can never arrive, does the client give up, and then the connection is discarded.
 */
export const SILENCE_MARGIN_MS = 1_000;

/** An idle connection's first TCP keep-alive probe: the OS then finds a peer gone for good by itself. */
const KEEP_ALIVE_AFTER_MS = 10_000;

/** Every connection's settings: the pool's, the listening connection's. */
export function connectionSettings(connectionString: string, timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString,
    // Sent at start-up, so the server ends a statement that runs too long, and (idle_in_transaction) a
    // transaction whose client vanished mid-way: its row and advisory locks are freed for the next request.
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.statementMs,
    // The client's own limit: the only one that frees a request when the server's cancel cannot reach it.
    query_timeout: timeouts.statementMs + SILENCE_MARGIN_MS,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_AFTER_MS,
  };
}
