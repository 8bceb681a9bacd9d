import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";

/** The statuses of the HTTP answers read from a socket, in order. */
const statusesIn = (raw: string) => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

describe("SIGTERM: a graceful shutdown of the built server", () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "forgeline-shutdown-"));
    server = await startServerProcess({ DATA_DIR: dataDir, SEED_CATALOGUE: "false" });
  });
  afterAll(async () => {
    server.process.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("finishes the request in flight, answers 503 to the next, refuses new connections, exits 0 within 10 s", async () => {
    const socket = connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    const ended = new Promise((resolve) => socket.once("close", resolve));

    // A slow client: the body of this request is still arriving when the signal comes.
    const body = JSON.stringify({ email: "slow.reader@example.com" });
    const head = `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    socket.write(head + body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow("fetch failed");

    // The rest of the body, and on the same connection a readiness check behind it.
    socket.write(`${body.slice(10)}GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await ended;
    expect(statusesIn(received)).toEqual([201, 503]);

    expect(await server.exited).toBe(0);
    const shutdownMs = Date.now() - signalledAt;
    expect(shutdownMs).toBeLessThan(10_000);
  });
});
