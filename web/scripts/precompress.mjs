// After `vite build`: a .br and a .gz beside every text file of web/dist, which the server sends to
// browsers that accept them (@fastify/static's preCompressed), so no request pays for compression.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "..", "dist");
const TEXT = new Set([".js", ".css", ".html", ".svg", ".txt", ".json"]);

let files = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.has(path.extname(file))) continue;
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files in ${path.relative(process.cwd(), dist)}`);
