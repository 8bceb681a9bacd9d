import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { type PageQuery, pageQuerySchema } from "@forgeline/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cataloguePage } from "../product/catalogue-pages.js";
import { publicReviewsPage } from "../review/public-pages.js";
import { notFoundBody } from "./errors.js";
import type { CachedPage } from "./page-cache.js";

const ONE_YEAR = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";
const ROOT_ELEMENT = '<div id="root"></div>';

/** web/src/entry-server.tsx, built into web/dist-server by `npm run build`. */
interface ServerRenderer {
  render(
    href: string,
    load: { products(page: PageQuery): Promise<unknown>; reviews(page: PageQuery): Promise<unknown> },
  ): Promise<{ markup: string; dataScript: string } | null>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = "br" | "gzip" | "identity";

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  return /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
}

function encode(html: string, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") return brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return gzipped(html);
  return Promise.resolve(Buffer.from(html));
}

/**
 * A page, compressed when the browser accepts it (the assets come compressed from the build), from the
 * page cache: rendered and compressed once per address until the catalogue or the reviews change.
 */
async function sendPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  render: (request: FastifyRequest) => Promise<string>,
) {
  const encoding = encodingFor(request);
  const body = await app.pageCaches.html.get(`${encoding} ${request.url}`, async () =>
    encode(await render(request), encoding),
  );
  reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html; charset=utf-8");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(body);
}

const parsed = (page: CachedPage) => ({ items: JSON.parse(page.body) as unknown[], total: page.total });

/**
 * index.html with the public pages rendered into it (they paint before any script runs, with the
 * catalogue and reviews already in them), or the bare shell when there is no server build or the
 * rendering fails: the browser then renders the page itself.
 */
async function pageRenderer(app: FastifyInstance, webDistDir: string) {
  const template = await readFile(path.join(webDistDir, "index.html"), "utf8");
  const entry = path.join(webDistDir, "..", "dist-server", "entry-server.js");
  const renderer = existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as ServerRenderer) : null;
  if (!renderer) app.log.warn(`No server-rendering build at ${entry}; pages are rendered in the browser only.`);
  const load = {
    products: async (page: PageQuery) => parsed(await cataloguePage(app, pageQuerySchema.parse(page))),
    reviews: async (page: PageQuery) => parsed(await publicReviewsPage(app, pageQuerySchema.parse(page))),
  };
  return async (request: FastifyRequest): Promise<string> => {
    if (!renderer) return template;
    try {
      const page = await renderer.render(request.url, load);
      if (!page) return template;
      // A function, not a string: "$&" or "$'" in a product or review must not be read as a replace pattern.
      return template.replace(ROOT_ELEMENT, () => `<div id="root">${page.markup}</div>${page.dataScript}`);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, "server rendering failed; the browser renders the page");
      return template;
    }
  };
}

/**
 * Serves the built SPA (hashed assets cached for a year, pages revalidated), the image store at
 * `/images/`, and every other page path as index.html, server-rendered for the public pages.
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

  const hasWeb = existsSync(path.join(options.webDistDir, "index.html"));
  const renderPage = hasWeb ? await pageRenderer(app, options.webDistDir) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: "/",
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) =>
        res.setHeader("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? ONE_YEAR : "no-cache"),
    });
  } else {
    app.log.warn(`No built web app at ${options.webDistDir}; run "npm run build" to serve the storefront.`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/images/") &&
      !path.extname(request.url.split("?")[0] ?? "");
    if (isPage && renderPage) {
      return sendPage(app, request, reply, renderPage);
    }
    return reply.code(404).send(notFoundBody(request.url));
  });
}
