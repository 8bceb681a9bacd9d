// Docs that stay true: every relative link in the Markdown files (and the heading its #anchor names), and
// every path they name in backticks under a top folder (`server/src/...`, `web/src/...`), must exist. The
// repository stands alone: no tracked file cites the design notes kept outside it, and every
// "docs/<FILE>.md" a source file cites exists, with the heading it quotes after a comma, if it quotes one.
// The index of decisions lists every record. Run by `npm run lint`.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const TOP = /^(contract|server|web|e2e|bench|scripts|docs)\//;
// What the build makes is named before it exists on a fresh clone.
const BUILT = /(^|\/)(dist|dist-server)(\/|$)/;
// The design notes lived outside the repository: "DESIGN" with ".md", "§" or a section number after it.
const OUTSIDE_DESIGN = /\bDESIGN(?:\.md|\s*§|\s+(?:sections?\s+)?\d)/;
// A source file's citation of a doc, with the heading it names when one follows in quotes.
const DOC_CITATION = /\bdocs\/([\w./-]+?\.md)(?:,\s*(?:'([^']+)'|"([^"]+)"))?/g;

const markdown = [
  "README.md",
  ...["contract", "server", "web", "e2e", "bench", "scripts"].map((folder) => `${folder}/README.md`),
  ...readdirSync(path.join(root, "docs"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
].filter((file) => existsSync(path.join(root, file)));

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading) =>
  heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");

const headingsCache = new Map();
/** The headings of a Markdown file, as written. */
function headingsOf(file) {
  if (!headingsCache.has(file)) {
    const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
    headingsCache.set(
      file,
      [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map(([, heading]) => heading.replace(/`/g, "")),
    );
  }
  return headingsCache.get(file);
}

const broken = [];
for (const file of markdown) {
  const text = readFileSync(path.join(root, file), "utf8");
  const folder = path.dirname(path.join(root, file));
  for (const [, target, anchor] of text.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]*))?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const linked = target ? path.resolve(folder, target) : path.join(root, file);
    if (!existsSync(linked)) broken.push(`${file}: link ${target}`);
    else if (anchor && linked.endsWith(".md") && !headingsOf(linked).some((heading) => anchorOf(heading) === anchor))
      broken.push(`${file}: link ${target}#${anchor} names no heading`);
  }
  for (const [, named] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = named.replace(/[#:].*$/, "").replace(/\/\*.*$/, "");
    if (!TOP.test(candidate) || /[*<>{}]/.test(candidate) || BUILT.test(candidate)) continue;
    if (!existsSync(path.join(root, candidate))) broken.push(`${file}: names ${named}`);
  }
}

// Every decision record is in the index of decisions.
const decisionIndex = readFileSync(path.join(root, "docs/decisions/README.md"), "utf8");
const records = readdirSync(path.join(root, "docs/decisions")).filter((name) => /^\d{3}-.+\.md$/.test(name));
for (const record of records) {
  if (!decisionIndex.includes(`](${record})`)) broken.push(`docs/decisions/README.md: no row for ${record}`);
}

// Files not yet added count too: a check that passes before `git add` and fails on the clone CI makes is no check.
const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\0")
  .filter((file) => file && existsSync(path.join(root, file)));
for (const file of tracked) {
  const bytes = readFileSync(path.join(root, file));
  if (bytes.subarray(0, 8000).includes(0)) continue;
  const text = bytes.toString("utf8");
  text.split("\n").forEach((line, index) => {
    if (OUTSIDE_DESIGN.test(line)) broken.push(`${file}:${index + 1}: cites design notes the repository lacks`);
  });
  if (file.endsWith(".md")) continue;
  for (const [, doc, single, double] of text.matchAll(DOC_CITATION)) {
    const cited = path.join(root, "docs", doc);
    // A heading quoted in a comment may wrap onto the comment's next line.
    const heading = (single ?? double)?.replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, " ");
    if (!existsSync(cited)) broken.push(`${file}: cites docs/${doc}, which does not exist`);
    else if (heading && !headingsOf(cited).some((written) => written.startsWith(heading)))
      broken.push(`${file}: cites docs/${doc}, "${heading}", a heading it does not have`);
  }
}

if (broken.length > 0) {
  console.error(`Docs: ${broken.length} problem(s):\n  ${broken.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `Docs: ${markdown.length} files, every link, anchor and named path exists; ` +
    `${tracked.length} files (tracked or about to be) cite only docs that exist.`,
);
