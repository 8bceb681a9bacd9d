// No module of the server, the web app or the contract over 400 lines, and no queries.ts beside a queries/
// folder (docs/decisions/031-one-home-per-rule.md): past that a module holds more than one concern, and a reader
// looking for a rule cannot tell which part of it to read. Tests are left out: a suite is as long as what it proves.
// Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

// A resource's queries split by concern move into a queries/ folder, which takes the place of queries.ts: with both,
// a reader cannot tell which of the two holds a table's reads (docs/ARCHITECTURE.md, "Server").
const resources = path.join(root, "server/src");
const both = readdirSync(resources, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter(
    (name) => existsSync(path.join(resources, name, "queries.ts")) && existsSync(path.join(resources, name, "queries")),
  );
if (both.length > 0) {
  console.error(
    `server/src/{${both.join(",")}} hold both queries.ts and a queries/ folder: move queries.ts into the folder.`,
  );
  process.exit(1);
}
console.log("Queries: no resource holds both queries.ts and a queries/ folder.");
