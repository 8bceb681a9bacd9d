import { createServer } from "node:http";
import path from "node:path";
import rateLimit from "@fastify/rate-limit";
import type { CatalogueQuery } from "@forgeline/contract";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { auditRoutes } from "./audit/routes.js";
import { removeToolFromCarts } from "./cart/queries.js";
import { cartRoutes } from "./cart/routes.js";
import { adminCompanyRoutes } from "./company/admin-routes.js";
import { companyRoutes } from "./company/routes.js";
import type { Config } from "./config.js";
import type { Database, DatabaseHandle } from "./db/client.js";
import { EventBus } from "./events/bus.js";
import { registerApiDocs } from "./http/api-docs.js";
import { type SharedList, syncPageCaches } from "./http/cache-sync.js";
import { refuseNonCanonicalPaths } from "./http/canonical-path.js";
import { compressApiAnswers } from "./http/compression.js";
import { registerErrorHandling } from "./http/errors.js";
import { requestForLog } from "./http/log-redaction.js";
import { registerMetrics } from "./http/metrics.js";
import { CachedList, PageCache } from "./http/page-cache.js";
import { PreparedAnswers } from "./http/prepared-answers.js";
import { proxyTrust, requestIdFor } from "./http/request-id.js";
import { registerSecurityHeaders } from "./http/security.js";
import { serveStaticFiles } from "./http/static-files.js";
import { registerIdempotency } from "./idempotency/hooks.js";
import { createIdentity, type Identity } from "./identity/auth.js";
import { type DeviceCookies, deviceCookies } from "./identity/device-cookie.js";
import { identityRoutes } from "./identity/routes.js";
import { imageStoreFor } from "./image/configured-store.js";
import { imageRoutes } from "./image/routes.js";
import { serveImages } from "./image/serve.js";
import type { ImageStore } from "./image/store.js";
import { listRoutes } from "./lists/routes.js";
import { type Mailer, outboxMailer, smtpMailer } from "./mail/mailer.js";
import { outboxBacklog } from "./mail/queries.js";
import { startOutboxSender } from "./mail/sender.js";
import { newsletterRoutes } from "./newsletter/routes.js";
import { adminOrderChangeRoutes } from "./ordering/admin-change-routes.js";
import { adminOrderRoutes } from "./ordering/admin-routes.js";
import { approvalRoutes } from "./ordering/approval-routes.js";
import { backorderRoutes } from "./ordering/backorder-routes.js";
import { orderChangeRoutes } from "./ordering/change-routes.js";
import { companyOrderRoutes } from "./ordering/company-order-routes.js";
import { proposedChangeRoutes } from "./ordering/proposed-change-routes.js";
import { fillBackorders } from "./ordering/queries/backorders.js";
import { cancelUnpaidOrdersOf } from "./ordering/queries/lifecycle.js";
import { awaitingApprovalCount } from "./ordering/queries/orders.js";
import { companySpendThisMonth, orderTotals } from "./ordering/queries/reports.js";
import { orderingRoutes } from "./ordering/routes.js";
import { shipmentRoutes } from "./ordering/shipment-routes.js";
import { type RenderedPage, registerPages } from "./pages/server-rendering.js";
import { refundChangeDifference } from "./payment/change-refund.js";
import { paymentProviderFor } from "./payment/configured-provider.js";
import { releaseOpenIntent } from "./payment/open-intent.js";
import type { PaymentProvider } from "./payment/providers.js";
import { refundRoutes } from "./payment/refund-routes.js";
import { paymentRoutes } from "./payment/routes.js";
import type { Payments } from "./payment/settle.js";
import { stockMovementRoutes } from "./product/movement-routes.js";
import { listProducts } from "./product/queries/products.js";
import { productRoutes } from "./product/routes.js";
import { warehouseRoutes } from "./product/warehouse-routes.js";
import { profileRoutes } from "./profile/routes.js";
import { activePromotions, type PromotionRow } from "./promotion/queries.js";
import { promotionRoutes } from "./promotion/routes.js";
import { quoteAdminRoutes } from "./quote/admin-routes.js";
import { quoteRoutes } from "./quote/routes.js";
import { sharedAddressStore } from "./rate-limit/address-store.js";
import { databaseLimits, type Limits } from "./rate-limit/queries.js";
import { redisLimits } from "./rate-limit/redis.js";
import { adminReceivablesRoutes } from "./receivables/admin-routes.js";
import { companyCreditRoutes } from "./receivables/company-credit-routes.js";
import { creditNoteRoutes } from "./receivables/credit-note-routes.js";
import { recordInvoiceIssued } from "./receivables/record-payment.js";
import { startInvoiceReminders } from "./receivables/reminders.js";
import { receivablesRoutes } from "./receivables/routes.js";
import { statementRoutes } from "./receivables/statement-routes.js";
import { recurringRoutes } from "./recurring/routes.js";
import { startRecurringScheduler } from "./recurring/run.js";
import { listReviews } from "./review/queries.js";
import { reviewRoutes } from "./review/routes.js";
import { startLowStockMail } from "./stats/low-stock-mail.js";
import { statsRoutes } from "./stats/routes.js";
import { systemRoutes } from "./system/routes.js";
import { type AccessTokens, accessTokens } from "./user/access-token.js";
import { registerAuthGuards } from "./user/auth-guard.js";
import { findRole } from "./user/queries.js";
import { userRoutes } from "./user/routes.js";

/**
 * What the routes are handed, all as decorators of the one instance (none as plugin options): every
 * folder reads `app.db`, `app.identity` and so on, and none imports another's service to get it.
 */
declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    databaseKind: DatabaseHandle["kind"];
    /** The identity provider (Better Auth): accounts, sessions, /api/auth/*. */
    identity: Identity;
    /** The counters behind the per-account limits and locks, shared by every instance. */
    limits: Limits;
    /** Issues and checks the API's bearer tokens. */
    accessTokens: AccessTokens;
    /** The browsers an account signed in from, which the account-wide sign-in lock lets through. */
    deviceCookies: DeviceCookies;
    paymentProvider: PaymentProvider;
    /** Where pictures are kept: a folder, or S3-compatible object storage (S3_BUCKET). */
    imageStore: ImageStore;
    /** The events between folders that may not import each other (events/bus.ts). */
    events: EventBus;
    /**
     * What company/'s own answers show of its orders: what each member's orders take this month (its members) and
     * how many wait for an owner (its owners' menu). ordering/ reads them and imports company/ (its members, terms
     * and policy), so company/ cannot import it: they are handed in here (docs/ARCHITECTURE.md, 'Server').
     */
    companyOrderFigures: {
      spendThisMonth: (companyId: string) => Promise<Map<string, number>>;
      awaitingApproval: (companyId: string) => Promise<number>;
    };
    /**
     * The public lists kept in memory page by page, and the server-rendered pages, which show them and so
     * are cleared with them. Writes go through `listChanged`, never `clear()`, so other instances hear of them.
     */
    pageCaches: {
      catalogue: CachedList<CatalogueQuery>;
      reviews: CachedList;
      /** The promotions running now, for the banner and the price function; kept 5 s, so one that starts or ends by its dates shows within that. */
      promotions: PageCache<PromotionRow[]>;
      html: PageCache<RenderedPage>;
    };
    /** The promotions running now, as the price function and the banner read them. */
    runningPromotions: () => Promise<PromotionRow[]>;
    /** A write changed this public list: its cached pages are cleared on this instance and every other. */
    listChanged: (list: SharedList) => Promise<void>;
    /** The public lists' most read pages, answered before Fastify once prepared (http/prepared-answers.ts). */
    preparedAnswers: PreparedAnswers;
    /** Every API route (method and path), for the authorization matrix that must cover them all. */
    apiRoutes: { method: string; url: string }[];
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  authSecret: string;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox folder in DATA_DIR. */
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
}

/** The bus with every listener of events/bus.ts subscribed: the one place that wires them. */
function subscribedEvents(payments: Payments): EventBus {
  const events = new EventBus();
  events.on("productWithdrawn", ({ tx, productId }) => removeToolFromCarts(tx, productId));
  events.on("productWithdrawn", ({ tx, productId, by }) => cancelUnpaidOrdersOf(tx, productId, by));
  events.on("stockReceived", ({ tx, productId, by }) => fillBackorders(tx, productId, by));
  events.on("orderCancelled", ({ orderId, log }) => releaseOpenIntent(payments, log, orderId));
  events.on("orderChanged", ({ orderId, by, log }) => refundChangeDifference(payments, log, orderId, by));
  events.on("invoiceIssued", ({ tx, invoice }) => recordInvoiceIssued(tx, invoice));
  return events;
}

/** The whole storefront as one Fastify instance; server.ts listens with it, tests call it with inject. */
export async function buildApp({ config, database, authSecret, mailer, logger = false }: AppOptions) {
  // The public lists' most read pages, answered before Fastify once prepared (http/prepared-answers.ts).
  const prepared = new PreparedAnswers();
  const trustProxy = proxyTrust(config.trustProxy);
  prepared.requestIdOf = (request) => requestIdFor(request, trustProxy);
  const app = Fastify({
    // Fastify's own HTTP server, with the prepared answers in front of Fastify's handler.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, (request, response) => {
        if (!prepared.serve(request, response)) handler(request, response);
      });
      // Fastify sets these on a server it makes itself; on this one they are set here, from the options below.
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      return server;
    },
    genReqId: prepared.requestIdOf,
    logger: logger && typeof logger === "object" ? { ...logger, serializers: { req: requestForLog } } : logger,
    bodyLimit: 1024 * 1024,
    // Nothing else stops a client that sends slowly or holds a socket open when no proxy stands in front.
    // The whole request (a 5 MB picture too) must arrive within a minute;
    requestTimeout: 60_000,
    // a socket silent both ways for 3 minutes is closed (a call waits at most about a minute for each
    // request to a payment provider that does not answer, so no call takes that long);
    connectionTimeout: 180_000,
    // an idle keep-alive socket after 72 s: longer than a load balancer's usual 60 s, so the balancer closes first.
    keepAliveTimeout: 72_000,
    // Without a proxy Fastify skips looking for one in each request's headers.
    trustProxy: config.trustProxy !== false && trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { db } = database;
  const mail =
    mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, app.log));
  const catalogue = new CachedList<CatalogueQuery>(
    (query) => listProducts(db, query),
    (query) => Boolean(query.q),
    undefined,
    prepared,
  );
  const reviews = new CachedList((page) => listReviews(db, page), undefined, undefined, prepared);
  // Closing: every request goes to Fastify, which answers 503 while the requests in flight finish.
  app.addHook("preClose", (done) => {
    prepared.closing = true;
    done();
  });
  const promotions = new PageCache<PromotionRow[]>();
  const redis = config.redisUrl ? redisLimits(config.redisUrl) : undefined;
  const limits = redis ?? databaseLimits(db);
  // Per-address counts stay in memory on PGlite: one instance has nothing to share, and a database write
  // on every limited call would buy nothing.
  const addressLimits = redis || database.kind === "postgres" ? limits : undefined;
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("databaseKind", database.kind);
  app.decorate("limits", limits);
  app.decorate(
    "identity",
    createIdentity({
      db,
      config,
      authSecret,
      limits,
      addressLimits,
      roleOf: (email) => findRole(db, email),
      log: app.log,
    }),
  );
  app.decorate("accessTokens", accessTokens(authSecret));
  app.decorate("deviceCookies", deviceCookies(authSecret, config.publicUrl.startsWith("https:"), db));
  app.decorate("paymentProvider", paymentProviderFor(config, app.log));
  app.decorate("imageStore", imageStoreFor(config));
  app.decorate(
    "events",
    // Releasing an intent may find it paid after all: the order then takes its stock, which the catalogue shows.
    subscribedEvents({ db, provider: app.paymentProvider, stockTaken: () => app.listChanged("catalogue") }),
  );
  app.decorate("companyOrderFigures", {
    spendThisMonth: (companyId: string) => companySpendThisMonth(db, companyId),
    awaitingApproval: (companyId: string) => awaitingApprovalCount(db, companyId),
  });
  app.decorate("pageCaches", {
    catalogue,
    reviews,
    promotions,
    html: PageCache.builtFrom<RenderedPage>([catalogue.cache, reviews.cache, promotions as PageCache<unknown>]),
  });
  app.decorate("runningPromotions", () => promotions.get("running", () => activePromotions(db)));
  const cacheSync = syncPageCaches(database, { catalogue, reviews, promotions }, app.log);
  app.decorate("listChanged", cacheSync.changed);
  app.decorate("preparedAnswers", prepared);

  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate("apiRoutes", apiRoutes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    for (const method of [route.method].flat()) if (method !== "HEAD") apiRoutes.push({ method, url: route.url });
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  prepared.recordAnswer = registerMetrics(app, config.metricsToken, {
    outbox: () => outboxBacklog(db),
    orders: () => orderTotals(db),
    ...(database.poolUse && { pool: database.poolUse }),
  });
  registerErrorHandling(app);
  refuseNonCanonicalPaths(app);
  registerSecurityHeaders(app, { stripe: Boolean(config.stripe) });
  await app.register(rateLimit, { global: false, ...(addressLimits && { store: sharedAddressStore(addressLimits) }) });
  registerAuthGuards(app);
  registerIdempotency(app, database);
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      await compressApiAnswers(api);
      await api.register(systemRoutes);
      await api.register(identityRoutes);
      await api.register(userRoutes);
      await api.register(productRoutes);
      await api.register(reviewRoutes);
      await api.register(newsletterRoutes);
      await api.register(orderingRoutes);
      await api.register(approvalRoutes);
      await api.register(orderChangeRoutes);
      await api.register(proposedChangeRoutes);
      await api.register(profileRoutes);
      await api.register(imageRoutes);
      await api.register(paymentRoutes);
      await api.register(adminOrderRoutes);
      await api.register(adminOrderChangeRoutes);
      await api.register(shipmentRoutes);
      await api.register(refundRoutes);
      await api.register(auditRoutes);
      await api.register(promotionRoutes);
      await api.register(warehouseRoutes);
      await api.register(stockMovementRoutes);
      await api.register(backorderRoutes);
      await api.register(cartRoutes);
      await api.register(companyRoutes);
      await api.register(companyOrderRoutes);
      await api.register(companyCreditRoutes);
      await api.register(adminCompanyRoutes);
      await api.register(quoteRoutes);
      await api.register(quoteAdminRoutes);
      await api.register(statsRoutes);
      await api.register(receivablesRoutes);
      await api.register(creditNoteRoutes);
      await api.register(adminReceivablesRoutes);
      await api.register(statementRoutes);
      await api.register(listRoutes);
      await api.register(recurringRoutes);
    },
    { prefix: "/api" },
  );

  // The outbox is delivered while the app runs; closing waits for the round under way, then the database may close.
  let outbox: ReturnType<typeof startOutboxSender> | undefined;
  // The daily low-stock mail to admins: every instance checks, one sends (stats/low-stock-mail.ts).
  let lowStockMail: ReturnType<typeof startLowStockMail> | undefined;
  // And the payment reminders of invoices on account, at the same pace (receivables/reminders.ts).
  let reminders: ReturnType<typeof startInvoiceReminders> | undefined;
  // And the recurring orders' runs: every instance looks, each run is placed once (recurring/run.ts).
  let recurring: ReturnType<typeof startRecurringScheduler> | undefined;
  app.addHook("onReady", async () => {
    await cacheSync.ready;
    outbox = startOutboxSender({
      db,
      mailer: mail,
      shop: { publicUrl: config.publicUrl, bankDetails: config.bankDetails },
      log: app.log,
      ...config.mailOutbox,
    });
    lowStockMail = startLowStockMail({ db, log: app.log, checkMs: config.lowStockCheckMs });
    reminders = startInvoiceReminders({ db, log: app.log, checkMs: config.lowStockCheckMs });
    recurring = startRecurringScheduler(app, app.log);
  });
  app.addHook("onClose", async () => {
    await Promise.all([
      outbox?.stop(),
      lowStockMail?.stop(),
      reminders?.stop(),
      recurring?.stop(),
      cacheSync.close(),
      redis?.close(),
    ]);
  });

  serveImages(app, app.imageStore);
  app.addHook("onClose", async () => app.imageStore.close());
  const hasWeb = await serveStaticFiles(app, config);
  await registerPages(app, hasWeb ? config.webDistDir : null);
  return app;
}
