import { PASSWORD_MIN_LENGTH } from "@forgeline/contract";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { customSession } from "better-auth/plugins/custom-session";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { dropHeldMails, enqueueMail, releaseHeldMails } from "../mail/queries.js";
import type { Limits } from "../rate-limit/queries.js";
import { DEFAULT_PASSWORD_HASH_COST, hashCost, passwordHasher } from "./password-hash.js";
import { forgetDevices, storedPasswordCosts } from "./queries.js";
import { authAccounts, authSessions, authUsers, authVerifications } from "./tables.js";

export const GOOGLE_PROVIDER_ID = "google";

/**
 * The identity provider (Better Auth at /api/auth/*): email and password, Google through OpenID Connect
 * when configured, and password reset by mail. It keeps its own tables (auth_*) and a session cookie;
 * the API's bearer token is issued from that session by PUT /api/user/{email}.
 */
export function createIdentity(options: {
  db: Database;
  config: Config;
  authSecret: string;
  limits: Limits;
  /** Where per-address calls are counted across instances; undefined: in this process's memory. */
  addressLimits: Limits | undefined;
  /** The account's role in the shop (the users table), which the session's answer carries. */
  roleOf: (email: string) => Promise<string | undefined>;
  /** The app's log: Better Auth's own warnings join it. */
  log: FastifyBaseLogger;
}) {
  const { config, addressLimits } = options;
  const hasher = passwordHasher(config.passwordHashCost, () =>
    storedPasswordCosts(options.db, DEFAULT_PASSWORD_HASH_COST),
  );
  const origin = new URL(config.publicUrl);
  const localAliases =
    origin.hostname === "localhost" ? [`${origin.protocol}//127.0.0.1:${origin.port}`] : ([] as string[]);
  return betterAuth({
    appName: "Forgeline Tools",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: options.authSecret,
    trustedOrigins: [config.publicUrl, ...localAliases],
    telemetry: { enabled: false },
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    // The API's own limits (identity/routes.ts) come first; this is a second line, with the client address
    // the API worked out (it sets x-forwarded-for itself). Roomier than the first line. Counted where the
    // first line counts: across instances when they share a database or Redis.
    rateLimit: {
      enabled: true,
      storage: "memory",
      customStorage: addressLimits && {
        consume: async (key, rule) => {
          const { count, msLeft } = await addressLimits.hit(`identity-provider:${key}`, rule.window * 1000);
          return count <= rule.max
            ? { allowed: true, retryAfter: null }
            : { allowed: false, retryAfter: Math.ceil(msLeft / 1000) };
        },
      },
      window: 60,
      max: 1200,
      customRules: {
        "/sign-in/email": { window: 60, max: 60 },
        "/sign-up/email": { window: 60, max: 40 },
        "/request-password-reset": { window: 60, max: 20 },
        "/reset-password": { window: 60, max: 40 },
        "/change-password": { window: 60, max: 20 },
        "/send-verification-email": { window: 60, max: 10 },
      },
    },
    advanced: { cookiePrefix: "forgeline", useSecureCookies: origin.protocol === "https:" },
    // Its warnings (a wrong password, an unknown address) are lines of the shop's log, at the shop's level,
    // rather than text on the console beside it.
    logger: {
      log: (level, message, ...args) => options.log[level](args.length > 0 ? { args } : {}, `Better Auth: ${message}`),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: hasher,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        // The name was chosen by whoever signed up: only a confirmed address is greeted with it.
        const name = user.emailVerified ? user.name : "";
        await enqueueMail(options.db, user.email, "password-reset", { name, link: url });
      },
      // Whoever reset the password owns the mailbox: the sign-in locks on the account are lifted, and the
      // browsers it trusted are trusted no more (one of them may be how the password was lost).
      onPasswordReset: async ({ user }) => {
        await forgetDevices(options.db, user.email);
        await options.limits.clearUnder(`sign-in:${user.email.toLowerCase()}`);
      },
    },
    // A password just proven at an old cost is hashed again at the configured one, so a change of cost reaches
    // every account that signs in (identity/password-hash.ts says why the old costs are still run until then).
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        const userId = ctx.context.newSession?.user.id;
        if (ctx.path !== "/sign-in/email" || !userId) return;
        const accounts = await ctx.context.internalAdapter.findAccounts(userId);
        const stored = accounts.find((account) => account.providerId === "credential")?.password;
        if (stored && hashCost(stored) !== config.passwordHashCost) {
          await ctx.context.internalAdapter.updatePassword(userId, await hasher.rehash(String(ctx.body.password)));
        }
      }),
    },
    // Unverified accounts may browse and order; only a verified one can be made an admin (user/queries.ts).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueMail(options.db, user.email, "verify-address", { link: url });
      },
    },
    // Where an address becomes confirmed, whatever the way (the mailed link, a Google sign-in that vouches for
    // it): the mails held until then leave (docs/decisions/028-mail-held-until-confirmed.md). After the commit,
    // so a confirmation that fails sends nothing; and an account deleted takes its held mails with it.
    databaseHooks: {
      user: {
        update: {
          after: async (user) => {
            if (user.emailVerified) await releaseHeldMails(options.db, user.email, user.createdAt);
          },
        },
        delete: {
          after: async (user) => {
            await dropHeldMails(options.db, user.email);
          },
        },
      },
    },
    plugins: [
      // get-session answers the account's role too (`user.role`: "admin" or "customer"), so the browser knows
      // it with the sign-in state rather than by a second request after it (docs/PERFORMANCE.md, 'Signed-in pages').
      // The server checks the role on every call anyway; this only decides which pages the browser shows.
      customSession(async ({ user, session }) => ({
        user: { ...user, role: (await options.roleOf(user.email.toLowerCase())) ?? "customer" },
        session,
      })),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Identity = ReturnType<typeof createIdentity>;
