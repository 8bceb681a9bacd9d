// No server module over 400 lines (docs/decisions/031-one-home-per-rule.md): past that a module holds more
// than one concern, and a reader looking for a rule cannot tell which part of it to read. Tests are left
// out: a suite is as long as what it proves. Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "server/src");

const tooLong = readdirSync(source, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => {
    const text = readFileSync(path.join(source, file), "utf8");
    return {
      file: `server/src/${file.split(path.sep).join("/")}`,
      lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
    };
  })
  .filter(({ lines }) => lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

if (tooLong.length > 0) {
  console.error(
    `${tooLong.length} server module(s) over ${MAX_LINES} lines: split each by concern.\n  ` +
      tooLong.map(({ file, lines }) => `${file}: ${lines} lines`).join("\n  "),
  );
  process.exit(1);
}
console.log(`Module sizes: every server module is ${MAX_LINES} lines or fewer.`);
