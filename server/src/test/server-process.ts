import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { TEST_PASSWORD_HASH_COST } from "./test-app.js";

const serverJs = path.resolve(import.meta.dirname, "../../dist/server.js");

/** A port nothing listens on now, for a server process of a test. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  process: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (null when a signal ended it) once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * The built server (server/dist/server.js) as a process of its own, on loopback, started as `npm start`
 * would start it; resolves once `/api/ready` answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run "npm run build" first`);
  const port = await freePort();
  const child = spawn(process.execPath, [serverJs], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "error",
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // 50 s: a first start migrates a fresh database, which on a busy 2-core machine has taken over 20 s.
  for (let attempt = 0; attempt < 500; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { process: child, port, url, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not become ready within 50 s");
}
