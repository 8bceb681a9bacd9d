// No module of the server, the web app or the contract over 400 lines (docs/decisions/031-one-home-per-rule.md):
// past that a module holds more than one concern, and a reader looking for a rule cannot tell which part of it
// to read. Tests are left out: a suite is as long as what it proves. Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, "..");
const folders = ["server/src", "web/src", "contract/src"];

const isModule = (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

const tooLong = folders
  .flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true })
      .map(String)
      .filter(isModule)
      .map((file) => {
        const text = readFileSync(path.join(root, folder, file), "utf8");
        return {
          file: `${folder}/${file.split(path.sep).join("/")}`,
          lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
        };
      }),
  )
  .filter(({ lines }) => lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

if (tooLong.length > 0) {
  console.error(
    `${tooLong.length} module(s) of ${folders.join(", ")} over ${MAX_LINES} lines: split each by concern.\n  ` +
      tooLong.map(({ file, lines }) => `${file}: ${lines} lines`).join("\n  "),
  );
  process.exit(1);
}
console.log(`Module sizes: every module of ${folders.join(", ")} is ${MAX_LINES} lines or fewer.`);
