import { existsSync } from "node:fs";
import path from "node:path";

const webDist = path.resolve(import.meta.dirname, "../../../web/dist");
const serverEntry = path.resolve(webDist, "../dist-server/entry-server.js");

/**
 * The built pages, which some tests read. Missing, they fail with the reason rather than skip: a test that
 * quietly does not run proves nothing.
 */
export function webBuild(): { webDist: string; serverEntry: string } {
  for (const file of [webDist, serverEntry]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does).`);
  }
  return { webDist, serverEntry };
}
