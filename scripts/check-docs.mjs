// Docs that stay true: every relative link in the Markdown files, and every path they name in backticks
// under a top folder (`server/src/...`, `web/src/...`), must exist. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const TOP = /^(contract|server|web|e2e|bench|scripts|docs)\//;
// What the build makes is named before it exists on a fresh clone.
const BUILT = /(^|\/)(dist|dist-server)(\/|$)/;
const markdown = [
  "README.md",
  ...["contract", "server", "web", "e2e", "bench", "scripts"].map((folder) => `${folder}/README.md`),
  ...readdirSync(path.join(root, "docs"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
].filter((file) => existsSync(path.join(root, file)));

const broken = [];
for (const file of markdown) {
  const text = readFileSync(path.join(root, file), "utf8");
  const folder = path.dirname(path.join(root, file));
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    if (!existsSync(path.resolve(folder, target))) broken.push(`${file}: link ${target}`);
  }
  for (const [, named] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = named.replace(/[#:].*$/, "").replace(/\/\*.*$/, "");
    if (!TOP.test(candidate) || /[*<>{}]/.test(candidate) || BUILT.test(candidate)) continue;
    if (!existsSync(path.join(root, candidate))) broken.push(`${file}: names ${named}`);
  }
}
if (broken.length > 0) {
  console.error(`Docs name ${broken.length} file(s) that do not exist:\n  ${broken.join("\n  ")}`);
  process.exit(1);
}
console.log(`Docs: ${markdown.length} files, every link and named path exists.`);
