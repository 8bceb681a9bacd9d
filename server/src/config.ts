import path from "node:path";
import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const httpUrl = z.string().regex(/^https?:\/\/[^/\s]+/, "must be an http(s) URL");

/** Development conveniences; a production start refuses them (see loadConfig). */
export const DEVELOPMENT_ADMIN = { email: "admin@forgeline.test", password: "forgeline-admin" } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_CATALOGUE: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(6, "SEED_ADMIN_PASSWORD must be at least 6 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Forgeline Tools <no-reply@forgeline.test>"),
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
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** Where browsers reach the shop; links in mails and the identity provider's callbacks use it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  seedCatalogue: boolean;
  webDistDir: string;
  imagesDir: string;
  /** Behind a load balancer, read the client's address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  /** Signs sessions and access tokens; outside production a generated one is kept in DATA_DIR. */
  authSecret: string | undefined;
  seedAdmin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** Card payments: Stripe when its keys are set, else the built-in test provider (no money moves). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
}

const defaultWebDist = path.resolve(import.meta.dirname, "../../web/dist");

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
  if (production && !e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production (e.g. https://shop.example.com)");
  if (production && e.SEED_ADMIN_PASSWORD === DEVELOPMENT_ADMIN.password) {
    problems.push("SEED_ADMIN_PASSWORD: the development password is refused in production");
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both, or neither");
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push("STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three, or none");
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);

  const dataDir = path.resolve(e.DATA_DIR);
  const seedAdmin =
    e.SEED_ADMIN_EMAIL && e.SEED_ADMIN_PASSWORD
      ? { email: e.SEED_ADMIN_EMAIL.toLowerCase(), password: e.SEED_ADMIN_PASSWORD }
      : production
        ? undefined
        : { ...DEVELOPMENT_ADMIN };
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    seedCatalogue: e.SEED_CATALOGUE,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    imagesDir: path.join(dataDir, "images"),
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    seedAdmin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
  };
}
