import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFoundBody } from "./errors.js";

const ONE_YEAR = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";

/**
 * Serves the built SPA at `/` (hashed assets cached for a year, index.html revalidated), the image
 * store at `/images/`, and index.html for any other page path so that client-side routes load.
 */
export async function registerWeb(app: FastifyInstance, options: { webDistDir: string; imagesDir: string }) {
  await mkdir(options.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.imagesDir,
    prefix: "/images/",
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader("cache-control", ONE_DAY),
  });

  const indexHtml = path.join(options.webDistDir, "index.html");
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: "/",
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) =>
        res.setHeader("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? ONE_YEAR : "no-cache"),
    });
  } else {
    app.log.warn(`No built web app at ${options.webDistDir}; run "npm run build" to serve the storefront.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/images/") &&
      !path.extname(request.url.split("?")[0] ?? "");
    if (isPage && hasWeb) {
      return reply.header("cache-control", "no-cache").sendFile("index.html", options.webDistDir);
    }
    return reply.code(404).send(notFoundBody(request.url));
  });
}
