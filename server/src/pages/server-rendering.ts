import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { type PageQuery, pageQuerySchema } from "@forgeline/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFoundBody } from "../http/errors.js";
import type { CachedPage } from "../http/page-cache.js";

const ROOT_ELEMENT = '<div id="root"></div>';

/** Where a request lands in the web app's route table (web/src/entry-server.tsx `locate`). */
interface PageAddress {
  /** 404 where the app has no page: the 404 page, answered as such. */
  status: 200 | 404;
  /** The path and the query parameters its page reads, in a fixed order: what the page is rendered and cached by. */
  address: string;
}

/** web/src/entry-server.tsx, built into web/dist-server by `npm run build`. */
interface ServerRenderer {
  locate(href: string): PageAddress;
  render(
    href: string,
    load: { products(page: PageQuery): Promise<unknown>; reviews(page: PageQuery): Promise<unknown> },
  ): Promise<{ markup: string; dataScript: string } | null>;
}

/** The pages of the web app: where a request lands, and that page's HTML. */
interface Pages {
  locate(request: FastifyRequest): PageAddress;
  render(request: FastifyRequest, page: PageAddress): Promise<string>;
}

/** Without the server build there is no route table: every address is the same page, the bare shell. */
const WITHOUT_ROUTES: PageAddress = { status: 200, address: "(any)" };

/** Search engines leave the 404 page out of their index. */
const NO_INDEX = '<meta name="robots" content="noindex">';

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
 * page cache: rendered and compressed once per page address (not per URL: a query string the page does
 * not read is no new page) until the catalogue or the reviews change.
 */
async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, pages: Pages) {
  const page = pages.locate(request);
  const encoding = encodingFor(request);
  const body = await app.pageCaches.html.get(`${encoding} ${page.address}`, async () =>
    encode(await pages.render(request, page), encoding),
  );
  reply
    .code(page.status)
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .type("text/html; charset=utf-8");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(body);
}

const parsed = (page: CachedPage) => ({ items: JSON.parse(page.body) as unknown[], total: page.total });

/**
 * index.html with the public pages and the 404 page rendered into it (they paint before any script runs,
 * with the catalogue and reviews already in them), or the bare shell when there is no server build or the
 * rendering fails: the browser then renders the page itself.
 */
async function pageRenderer(app: FastifyInstance, webDistDir: string): Promise<Pages> {
  const template = await readFile(path.join(webDistDir, "index.html"), "utf8");
  const entry = path.join(webDistDir, "..", "dist-server", "entry-server.js");
  const renderer = existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as ServerRenderer) : null;
  if (!renderer) app.log.warn(`No server-rendering build at ${entry}; pages are rendered in the browser only.`);
  const load = {
    products: async (page: PageQuery) => parsed(await app.pageCaches.catalogue.page(pageQuerySchema.parse(page))),
    reviews: async (page: PageQuery) => parsed(await app.pageCaches.reviews.page(pageQuerySchema.parse(page))),
  };
  const shell = { 200: template, 404: template.replace("</head>", () => `${NO_INDEX}</head>`) };
  return {
    locate: (request) => renderer?.locate(request.url) ?? WITHOUT_ROUTES,
    async render(request, page) {
      const html = shell[page.status];
      if (!renderer) return html;
      try {
        const rendered = await renderer.render(page.address, load);
        // A function, not a string: "$&" or "$'" in a product or review must not be read as a replace pattern.
        return rendered
          ? html.replace(ROOT_ELEMENT, () => `<div id="root">${rendered.markup}</div>${rendered.dataScript}`)
          : html;
      } catch (error) {
        // The path only: a reset link's token must not reach the logs.
        const pagePath = page.address.split("?")[0];
        request.log.error({ err: error, path: pagePath }, "server rendering failed; the browser renders the page");
        return html;
      }
    },
  };
}

/** A browser asking for a page: not the API or a picture, and no file unless it asks for HTML. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0] ?? "";
  if (pathname.startsWith("/api/") || pathname.startsWith("/images/")) return false;
  return !path.extname(pathname) || String(request.headers.accept ?? "").includes("text/html");
}

/**
 * Every page path of the web app (its files are served by http/static-files.ts) answers index.html,
 * server-rendered for the public pages and answered 404 with the 404 page where the web app has no route.
 * Any other unknown address gets the API's JSON 404. `webDistDir` is null when there is no built web app.
 */
export async function registerPages(app: FastifyInstance, webDistDir: string | null) {
  const pages = webDistDir ? await pageRenderer(app, webDistDir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (pages && isPageRequest(request)) return sendPage(app, request, reply, pages);
    return reply.code(404).send(notFoundBody(request.url));
  });
}
