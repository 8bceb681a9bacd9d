import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST } from "./identity/password-hash.js";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const httpUrl = z.string().regex(/^https?:\/\/[^/\s]+/, "must be an http(s) URL");

/** The first admin's address on a local run; its password is generated on the first start (seed/admin.ts). */
export const LOCAL_ADMIN_EMAIL = "admin@forgeline.test";

/**
 * Which proxies may name the client's address in X-Forwarded-For: a hop count (how many proxies stand in
 * front of the server) or their addresses. "true" (believe any client) is refused: it would let every
 * visitor pick its own address, and with it a fresh allowance for every per-address limit.
 */
/** An IPv4 or IPv6 address, alone or with a prefix length its family allows (10.0.1.0/24, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** Whether the runtime knows this IANA time zone (Europe/Berlin, UTC). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const trustProxySetting = z
  .string()
  .trim()
  .refine((value) => !["true", "yes", "*"].includes(value.toLowerCase()), {
    message: 'TRUST_PROXY must be "false", a hop count (e.g. 1) or the balancer\'s addresses, never "true"',
  })
  .transform((value): number | string[] | false => {
    if (value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(",").map((address) => address.trim());
  })
  .refine((value) => !Array.isArray(value) || value.every(isAddressOrRange), {
    message: "TRUST_PROXY addresses must be IP addresses or CIDR ranges, separated by commas",
  });

// Capped where one hash stays well inside a server's memory (identity/password-hash.ts has the figures).
const PASSWORD_HASH_COST_RANGE = `PASSWORD_HASH_COST must be from 10 to ${MAX_PASSWORD_HASH_COST} (scrypt's N as a power of two; ${MAX_PASSWORD_HASH_COST} takes 128 MiB per hash)`;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_CATALOGUE: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  IMAGE_UPLOADS_PER_DAY: z.coerce.number().int().min(1).default(50),
  IMAGE_UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).default(50),
  ACCOUNT_ORDERS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  UNCONFIRMED_ORDERS_PER_DAY: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: trustProxySetting.default(false),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(10, PASSWORD_HASH_COST_RANGE)
    .max(MAX_PASSWORD_HASH_COST, PASSWORD_HASH_COST_RANGE)
    .default(DEFAULT_PASSWORD_HASH_COST),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(6, "SEED_ADMIN_PASSWORD must be at least 6 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Forgeline Tools <no-reply@forgeline.test>"),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  MAIL_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  LOW_STOCK_CHECK_MS: z.coerce.number().int().min(50).max(86_400_000).default(3_600_000),
  RECURRING_CHECK_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .default("UTC")
    .refine(isTimeZone, "SHOP_TIME_ZONE must be an IANA time zone, such as UTC or Europe/Berlin"),
  SHOP_NAME: z.string().trim().min(1).max(100).default("Forgeline Tools"),
  SHOP_ADDRESS: z.string().trim().min(1).max(300).optional(),
  SHOP_TAX_ID: z.string().trim().min(1).max(50).optional(),
  SHOP_BANK_DETAILS: z.string().trim().min(1).max(500).optional(),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("forgeline-storefront"),
  SHOP_TAX_RATE: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,3})?$/, "SHOP_TAX_RATE must be a percent from 0 to 99.999, such as 8.875")
    .default("0"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: httpUrl.default("https://accounts.google.com/.well-known/openid-configuration"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_/, "STRIPE_SECRET_KEY must start with sk_test_ or sk_live_")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, "STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_")
    .optional(),
  STRIPE_API_URL: httpUrl.default("https://api.stripe.com"),
  PAYMENT_PROVIDER: z.enum(["test", "stripe"]).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)",
    )
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
});

/** S3-compatible object storage for the pictures; see s3-store.ts. */
export interface S3Settings {
  bucket: string;
  /** Another service than AWS S3 (MinIO, R2, …); undefined means AWS in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Undefined: the AWS SDK finds them itself (a role of the machine, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Addresses as endpoint/bucket/name instead of bucket.endpoint/name (MinIO and most local services). */
  forcePathStyle: boolean;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** Where browsers reach the shop; links in mails and the identity provider's callbacks use it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the longest a statement (and a transaction idle between two) and opening a connection
   * may take, so that a database gone silent answers requests 503 rather than holding them (db/timeouts.ts).
   */
  databaseTimeouts: { statementMs: number; connectMs: number };
  /** The rate limits' and sign-in locks' counters in Redis instead of the database (several instances). */
  redisUrl: string | undefined;
  logLevel: string;
  seedCatalogue: boolean;
  webDistDir: string;
  /** The picture folder, used unless `s3` is set. */
  imagesDir: string;
  /** Pictures in S3-compatible object storage (S3_BUCKET set), shared by every instance. */
  s3: S3Settings | undefined;
  /** What one account may upload through POST /api/image in any 24 hours. */
  imageUploadQuota: { pictures: number; bytes: number };
  /** What one account may place and cancel (rate-limit/account-allowances.ts). */
  accountAllowances: { ordersPerHour: number; unconfirmedOrdersPerDay: number };
  /** Behind a load balancer: how many proxies (or which addresses) may name the client in X-Forwarded-For. */
  trustProxy: number | string[] | false;
  /** Signs sessions and access tokens; outside production a generated one is kept in DATA_DIR. */
  authSecret: string | undefined;
  /** scrypt's N as a power of two for new password hashes (identity/password-hash.ts). */
  passwordHashCost: number;
  /** The first admin; without a password one is generated on the first start and kept in DATA_DIR. */
  seedAdmin: { email: string; password: string | undefined } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutbox: { pollMs: number; retryMs: number };
  /** How often an instance looks for tools below their threshold; the admins' mail goes at most once a UTC day. */
  lowStockCheckMs: number;
  /** How often an instance looks for recurring orders that are due (docs/RECURRING.md). */
  recurringCheckMs: number;
  /** The shop's time zone (IANA): the day a recurring order's run falls on (decision 070). */
  timeZone: string;
  /** Who sells, as every invoice says. */
  seller: { name: string; address: string; taxId: string | null };
  /** Where a customer on account pays its invoices, as their PDFs say: free text, one line or several. */
  bankDetails: string;
  /** The bearer token GET /metrics answers; without one /metrics is not served. */
  metricsToken: string | undefined;
  /**
   * OpenTelemetry traces to an OTLP/HTTP collector (server/src/tracing.ts); undefined: none, and no part of
   * its SDK is loaded. The exporter reads the endpoint and the other OTEL_* variables itself.
   */
  tracing: { serviceName: string } | undefined;
  /** SHOP_TAX_RATE in thousandths of a percent (8.875% is 8875), so the price function stays in integers. */
  taxRateMilli: number;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /**
   * Card payments through Stripe; undefined means the built-in test provider (no money moves), which
   * production runs only when PAYMENT_PROVIDER=test says so.
   */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string } | undefined;
}

/** The seller's address of a local or test run, where SHOP_ADDRESS may be left out. */
const DEMO_SHOP_ADDRESS = "1 Anvil Road, Springfield";
/** The bank account of a local or test run: plainly no real one, so no customer could pay into it. */
const DEMO_BANK_DETAILS = "Forgeline Tools Ltd · IBAN GB00 TEST 0000 0000 0000 00 · BIC TESTGB2L";

/** https, or a plain-http address on this machine (a production build tried locally). */
function isSecureOrLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

const defaultWebDist = path.resolve(import.meta.dirname, "../../web/dist");

/**
 * Adds the settings of `.env` in the working directory (where `npm start` and `npm run make-admin` run) to
 * the environment; a variable the environment sets already keeps its value.
 */
export function loadEnvFile(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Reads and validates the environment once at start-up; a bad value stops the start with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (e.g. `DATABASE_URL=` copied from .env.example) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !e.AUTH_SECRET) problems.push("AUTH_SECRET: required in production (32+ random characters)");
  if (production && e.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
    problems.push(
      `PASSWORD_HASH_COST: at least ${DEFAULT_PASSWORD_HASH_COST} in production (lower is for the test suites)`,
    );
  }
  if (production && !e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production (e.g. https://shop.example.com)");
  if (production && e.PUBLIC_URL && !isSecureOrLocal(e.PUBLIC_URL)) {
    problems.push("PUBLIC_URL: must be https:// in production (sessions and card payments need it)");
  }
  if (production && Boolean(e.SEED_ADMIN_EMAIL) !== Boolean(e.SEED_ADMIN_PASSWORD)) {
    problems.push("SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD: set both, or neither, in production");
  }
  if (production && (!e.SHOP_ADDRESS || !e.SHOP_TAX_ID)) {
    problems.push("SHOP_ADDRESS and SHOP_TAX_ID: required in production (every invoice names the seller)");
  }
  if (production && !e.SHOP_BANK_DETAILS) {
    problems.push("SHOP_BANK_DETAILS: required in production (an invoice on account says where to pay it)");
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both, or neither");
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push("STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three, or none");
  }
  if (e.PAYMENT_PROVIDER === "stripe" && !stripeKeys.some(Boolean)) {
    problems.push("PAYMENT_PROVIDER=stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET");
  }
  if (production && !e.PAYMENT_PROVIDER && !stripeKeys.some(Boolean)) {
    problems.push(
      "PAYMENT_PROVIDER: production takes no money with the test provider; set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=test to run without payments on purpose",
    );
  }
  if (production && !e.STRIPE_API_URL.startsWith("https://")) {
    problems.push("STRIPE_API_URL: must be https:// in production (it carries the secret key)");
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither");
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_BUCKET: required with the other S3_* settings (pictures go to that bucket)");
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);

  const dataDir = path.resolve(e.DATA_DIR);
  const seedAdmin =
    production && !e.SEED_ADMIN_EMAIL
      ? undefined
      : { email: (e.SEED_ADMIN_EMAIL ?? LOCAL_ADMIN_EMAIL).toLowerCase(), password: e.SEED_ADMIN_PASSWORD };
  return {
    nodeEnv: e.NODE_ENV,
    // Outside production only this machine can reach the shop unless HOST says otherwise.
    host: e.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS, connectMs: e.DATABASE_CONNECT_TIMEOUT_MS },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    seedCatalogue: e.SEED_CATALOGUE,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    imagesDir: path.join(dataDir, "images"),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    imageUploadQuota: { pictures: e.IMAGE_UPLOADS_PER_DAY, bytes: e.IMAGE_UPLOAD_MB_PER_DAY * 1024 * 1024 },
    accountAllowances: {
      ordersPerHour: e.ACCOUNT_ORDERS_PER_HOUR,
      unconfirmedOrdersPerDay: e.UNCONFIRMED_ORDERS_PER_DAY,
    },
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    passwordHashCost: e.PASSWORD_HASH_COST,
    seedAdmin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutbox: { pollMs: e.MAIL_POLL_MS, retryMs: e.MAIL_RETRY_MS },
    lowStockCheckMs: e.LOW_STOCK_CHECK_MS,
    recurringCheckMs: e.RECURRING_CHECK_MS,
    timeZone: e.SHOP_TIME_ZONE,
    // The seller on every invoice. Production must say who sells (checked above); a local run prints the
    // demo shop's address and no tax ID line, never a placeholder a customer could be sent.
    seller: {
      name: e.SHOP_NAME,
      address: e.SHOP_ADDRESS ?? DEMO_SHOP_ADDRESS,
      taxId: e.SHOP_TAX_ID ?? null,
    },
    // A .env line holds one line: "\n" written in it starts a new one.
    bankDetails: (e.SHOP_BANK_DETAILS ?? DEMO_BANK_DETAILS).replaceAll("\\n", "\n"),
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { serviceName: e.OTEL_SERVICE_NAME } : undefined,
    taxRateMilli: Math.round(Number(e.SHOP_TAX_RATE) * 1000),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    stripe:
      e.PAYMENT_PROVIDER !== "test" && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
  };
}
