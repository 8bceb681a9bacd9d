import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const ONE_YEAR = "public, max-age=31536000, immutable";

/** Source maps would publish the shop's source: never served, even when a build left some in web/dist. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/;

/**
 * Serves the built web app's files (hashed assets cached for a year, the rest revalidated; no source maps).
 * Answers whether there is a built web app to serve. Pictures are served by image/serve.ts.
 */
export async function serveStaticFiles(app: FastifyInstance, options: { webDistDir: string }): Promise<boolean> {
  if (!existsSync(path.join(options.webDistDir, "index.html"))) {
    app.log.warn(`No built web app at ${options.webDistDir}; run "npm run build" to serve the storefront.`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: "/",
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
    cacheControl: false,
    setHeaders: (res, filePath) =>
      res.setHeader("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? ONE_YEAR : "no-cache"),
  });
  return true;
}
