import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { unavailableService } from "../http/errors.js";
import { openDatabase } from "./client.js";
import { connectionSettings, SILENCE_MARGIN_MS } from "./timeouts.js";

describe("the database's timeouts", () => {
  it("go from the settings to the pool: the server's limits, and the client's a margin past them", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "forgeline-timeouts-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://shop@127.0.0.1:1/shop",
      DATABASE_STATEMENT_TIMEOUT_MS: "1234",
      DATABASE_CONNECT_TIMEOUT_MS: "2345",
    });
    // Nothing connects until the first query: the handle is made, looked at and closed.
    const database = await openDatabase(config);
    try {
      expect(database.timeouts).toEqual({ statementMs: 1234, connectMs: 2345 });
      expect(connectionSettings(config.databaseUrl as string, config.databaseTimeouts)).toMatchObject({
        statement_timeout: 1234,
        idle_in_transaction_session_timeout: 1234,
        query_timeout: 1234 + SILENCE_MARGIN_MS,
        connectionTimeoutMillis: 2345,
      });
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("default to 5 s each, and refuse less than 100 ms", () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ statementMs: 5000, connectMs: 5000 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "50", DATABASE_CONNECT_TIMEOUT_MS: "0" })).toThrowError(
      /DATABASE_STATEMENT_TIMEOUT_MS[\s\S]*DATABASE_CONNECT_TIMEOUT_MS/,
    );
  });

  it("answer 503 when they run out: the client's query timeout, the server's statement and idle-transaction ones", () => {
    expect(unavailableService(new Error("Query read timeout"))).toBe("shop");
    expect(
      unavailableService(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" })),
    ).toBe("shop");
    expect(
      unavailableService(
        Object.assign(new Error("terminating connection due to idle-in-transaction timeout"), { code: "25P03" }),
      ),
    ).toBe("shop");
    expect(unavailableService(new Error("Connection terminated due to connection timeout"))).toBe("shop");
    expect(unavailableService(new Error("timeout expired"))).toBe("shop");
  });
});
