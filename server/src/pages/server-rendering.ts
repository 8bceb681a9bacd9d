import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  type CatalogueQuery,
  catalogueQueryOf,
  catalogueSearchParams,
  idParamsSchema,
  type PageQuery,
  type Product,
  type Promotion,
  pageQuerySchema,
  productListQuerySchema,
} from "@forgeline/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { encode, encodingFor } from "../http/compression.js";
import { notFoundBody } from "../http/errors.js";
import { type CachedPage, PageCache } from "../http/page-cache.js";
import { findProduct, listedProductIds, toProductJson } from "../product/queries/products.js";
import { activePromotions, promotionJson } from "../promotion/queries.js";

const ROOT_ELEMENT = '<div id="root"></div>';

/** Where a request lands in the web app's route table (web/src/entry-server.tsx `locate`). */
interface PageAddress {
  /** 404 where the app has no page: the 404 page, answered as such. */
  status: 200 | 404;
  /** The path and the query parameters its page reads, in a fixed order: what the page is rendered and cached by. */
  address: string;
  /** Whether many visitors ask for this address (a page of the catalogue, not one search): worth caching. */
  shared: boolean;
}

/** How the server renderer reads the shop's data. */
interface Loaders {
  products(query: CatalogueQuery): Promise<unknown>;
  reviews(page: PageQuery): Promise<unknown>;
  /** A product in the catalogue, or null (unknown, withdrawn or no id at all): the page is a 404. */
  product(id: string): Promise<Product | null>;
  /** The promotions running now (GET /api/promotions): the home page's banner. */
  promotions(): Promise<Promotion[]>;
}

/** web/src/entry-server.tsx, built into web/dist-server by `npm run build`. */
interface ServerRenderer {
  locate(href: string): PageAddress;
  render(
    href: string,
    load: Loaders,
    site: { origin: string },
  ): Promise<{ status: 200 | 404; markup: string; dataScript: string; head: string | null } | null>;
}

/** A page as it is sent: its status, and its HTML compressed for one encoding. */
export interface RenderedPage {
  status: 200 | 404;
  body: Buffer;
}

/** The pages of the web app: where a request lands, and that page's HTML. */
interface Pages {
  locate(request: FastifyRequest): PageAddress;
  render(request: FastifyRequest, page: PageAddress): Promise<{ status: 200 | 404; html: string }>;
}

/** Without the server build there is no route table: every address is the same page, the bare shell. */
const WITHOUT_ROUTES: PageAddress = { status: 200, address: "(any)", shared: true };

/** The template's own title and description, which a page with its own head replaces. */
const TEMPLATE_HEAD = /<title>[^<]*<\/title>|<meta name="description"[^>]*>/g;

/** Search engines leave the 404 page out of their index. */
const NO_INDEX = '<meta name="robots" content="noindex">';

/**
 * A page, compressed when the browser accepts it (the assets come compressed from the build), from the
 * page cache: rendered and compressed once per page address (not per URL: a query string the page does
 * not read is no new page) until the catalogue or the reviews change. A search is rendered for its
 * visitor alone: searches come in endless variety, and would only push the shared pages out of the cache.
 */
async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, pages: Pages) {
  const page = pages.locate(request);
  const encoding = encodingFor(request);
  const renderPage = async (): Promise<RenderedPage> => {
    const { status, html } = await pages.render(request, page);
    return { status, body: await encode(html, encoding) };
  };
  const { status, body } = page.shared
    ? await app.pageCaches.html.get(`${encoding} ${page.address}`, renderPage)
    : await renderPage();
  reply
    .code(status)
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
  // The renderer's queries go through the API's own checks and caches, so a page shows what the API answers.
  const load: Loaders = {
    products: async (query) => {
      const checked = productListQuerySchema.parse(Object.fromEntries(catalogueSearchParams(query)));
      return parsed(await app.pageCaches.catalogue.page(catalogueQueryOf(checked)));
    },
    reviews: async (page) => parsed(await app.pageCaches.reviews.page(pageQuerySchema.parse(page))),
    product: async (id) => {
      if (!idParamsSchema.safeParse({ id }).success) return null;
      const row = await findProduct(app.db, id);
      return row ? toProductJson(row) : null;
    },
    promotions: async () => (await activePromotions(app.db)).map(promotionJson),
  };
  const site = { origin: app.config.publicUrl };
  const shell = (status: 200 | 404) =>
    status === 404 ? template.replace("</head>", () => `${NO_INDEX}</head>`) : template;
  return {
    locate: (request) => renderer?.locate(request.url) ?? WITHOUT_ROUTES,
    async render(request, page) {
      if (!renderer) return { status: page.status, html: shell(page.status) };
      try {
        const rendered = await renderer.render(page.address, load, site);
        if (!rendered) return { status: page.status, html: shell(page.status) };
        let html = shell(rendered.status);
        // Functions, not strings: "$&" or "$'" in a product or review must not be read as a replace pattern.
        if (rendered.head) {
          const head = rendered.head;
          html = html.replace(TEMPLATE_HEAD, "").replace("</head>", () => `${head}</head>`);
        }
        html = html.replace(ROOT_ELEMENT, () => `<div id="root">${rendered.markup}</div>${rendered.dataScript}`);
        return { status: rendered.status, html };
      } catch (error) {
        // The path only: a reset link's token must not reach the logs.
        const pagePath = page.address.split("?")[0];
        request.log.error({ err: error, path: pagePath }, "server rendering failed; the browser renders the page");
        return { status: page.status, html: shell(page.status) };
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

/** The public pages a search engine may list, besides each product's own page. */
const SITEMAP_PAGES = ["/", "/availableProducts", "/blogs", "/login", "/signup"];

const xmlEscaped = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * `/sitemap.xml` (the public pages and every product in the catalogue, at the shop's public address) and
 * `/robots.txt`, which points to it and keeps crawlers out of the dashboard. The sitemap is built once
 * until the catalogue changes.
 */
function registerCrawlerFiles(app: FastifyInstance) {
  const sitemap = PageCache.builtFrom<string>([app.pageCaches.catalogue.cache], 1);
  const origin = app.config.publicUrl;
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const xml = await sitemap.get("sitemap", async () => {
      const paths = [...SITEMAP_PAGES, ...(await listedProductIds(app.db)).map((id) => `/product/${id}`)];
      const urls = paths.map((path) => `<url><loc>${xmlEscaped(origin + path)}</loc></url>`).join("\n");
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    });
    return reply.header("cache-control", "no-cache").type("application/xml; charset=utf-8").send(xml);
  });
  const robots = ["User-agent: *", "Allow: /", "Disallow: /dashboard", "", `Sitemap: ${origin}/sitemap.xml`, ""];
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=86400").type("text/plain; charset=utf-8").send(robots.join("\n")),
  );
}

/**
 * Every page path of the web app (its files are served by http/static-files.ts) answers index.html,
 * server-rendered for the public pages and answered 404 with the 404 page where the web app has no route.
 * Any other unknown address gets the API's JSON 404. `webDistDir` is null when there is no built web app.
 */
export async function registerPages(app: FastifyInstance, webDistDir: string | null) {
  registerCrawlerFiles(app);
  const pages = webDistDir ? await pageRenderer(app, webDistDir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (pages && isPageRequest(request)) return sendPage(app, request, reply, pages);
    return reply.code(404).send(notFoundBody(request.url));
  });
}
