import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "./server-process.js";

const shippedConfig = path.resolve(import.meta.dirname, "../../../deploy/haproxy.cfg");

/** Debian's HAProxy, which `.ci/run` installs; a test of the balancer is skipped without it. */
export const HAPROXY = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"].find(existsSync);
export const NEEDS_HAPROXY = "HAProxy is not installed (Debian/Ubuntu: sudo apt-get install -y haproxy)";

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** The shipped deploy/haproxy.cfg, unchanged, in front of the three instances at `instances` (host:port). */
export async function startShippedBalancer(instances: [string, string, string]): Promise<Balancer> {
  if (!HAPROXY) throw new Error(NEEDS_HAPROXY);
  const port = await freePort();
  const balancer = spawn(HAPROXY, ["-f", shippedConfig, "-db"], {
    env: {
      ...process.env,
      FORGELINE_BIND: `127.0.0.1:${port}`,
      ...Object.fromEntries(instances.map((address, i) => [`FORGELINE_APP${i + 1}`, address])),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => balancer.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/api/ready`).then(
      (answer) => answer.ok,
      () => false,
    ))
  ) {
    if (Date.now() > end || balancer.exitCode !== null) throw new Error("HAProxy did not answer within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      balancer.kill("SIGTERM");
      await exited;
    },
  };
}
