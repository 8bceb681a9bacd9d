// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, ...sources) {
  const file = path.join(root, output);
  if (!existsSync(file)) return true;
  const built = statSync(file).mtimeMs;
  return sources.some((source) => newest(path.join(root, source)) > built);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale("server/dist/server.js", "server/src", "contract/src")) {
  console.log("Building the server…");
  run("npx", ["tsc", "-b", "server"]);
}
const webSources = ["web/src", "web/public", "contract/src"];
if (stale("web/dist/index.html", ...webSources) || stale("web/dist-server/entry-server.js", ...webSources)) {
  console.log("Building the storefront…");
  run("npm", ["run", "build", "-w", "web"]);
}

await import(path.join(root, "server/dist/server.js"));
