import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiCustomer, startServer, stopServer } from "../scripts/server-process.mjs";

export const root = path.resolve(import.meta.dirname, "..");

export function freshDataDir(name) {
  return mkdtempSync(path.join(tmpdir(), `forgeline-bench-${name}-`));
}

/** The built storefront in its own process, as in production (logs quiet). */
export function startStorefront({ port, dataDir, env = {} }) {
  return startServer(dataDir, port, {
    NODE_ENV: "production",
    // The bench pays with the test provider: production refuses it unless chosen explicitly.
    PAYMENT_PROVIDER: "test",
    AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
    SEED_ADMIN_EMAIL: "bench.admin@example.com",
    SEED_ADMIN_PASSWORD: "bench-admin-password",
    SHOP_ADDRESS: "Forgeline Tools Ltd, 1 Anvil Road, Springfield",
    SHOP_TAX_ID: "US-00-0000000",
    ...env,
  });
}

export { stopServer as stop };

/** A customer's bearer token, through the same calls the browser makes. */
export async function customerToken(port, email) {
  return (await apiCustomer(port, email, "bench-password-1")).token;
}

/** Runs autocannon from a second process on loopback and answers its JSON result. */
export function autocannon({ url, method = "GET", headers = {}, body, duration = 8, connections = 10 }) {
  const args = ["autocannon", "--json", "-d", String(duration), "-c", String(connections), "-m", method];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  if (body) args.push("-b", body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      try {
        const result = JSON.parse(out);
        resolve({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      } catch (error) {
        reject(new Error(`autocannon failed (${code}): ${error}`));
      }
    });
  });
}

export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
