// One home for the server's routes in the browser's code: a literal "/api/..." path (in quotes or a template)
// anywhere in web/src but lib/api-routes/ fails, so a call goes through the typed table and the API client
// (docs/decisions/031-one-home-per-rule.md). Tests may spell the paths they assert. Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "web", "src");
const TABLE = path.join(src, "lib", "api-routes") + path.sep;
const LITERAL = /(["'`])\/api\//;

const found = [];
for (const name of readdirSync(src, { recursive: true }).map(String)) {
  const file = path.join(src, name);
  if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || /(^|[\\/])test-[^\\/]+$/.test(name)) continue;
  if (file.startsWith(TABLE)) continue;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (LITERAL.test(line)) found.push(`web/src/${name.replaceAll("\\", "/")}:${index + 1}: ${line.trim()}`);
    });
}
if (found.length > 0) {
  console.error(
    `An API path outside web/src/lib/api-routes/ (add the route to the table there and call it by name):\n  ${found.join("\n  ")}`,
  );
  process.exit(1);
}
console.log("Web: every API path is in web/src/lib/api-routes/.");
