import { PASSWORD_MIN_LENGTH } from "@forgeline/contract";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { authAccounts, authSessions, authUsers, authVerifications } from "../db/schema.js";
import type { Mailer } from "../mail/mailer.js";
import { passwordResetMail } from "./mails.js";

export const GOOGLE_PROVIDER_ID = "google";

/**
 * The identity provider (Better Auth at /api/auth/*): email and password, Google through OpenID Connect
 * when configured, and password reset by mail. It keeps its own tables (auth_*) and a session cookie;
 * the API's bearer token is issued from that session by PUT /api/user/{email}.
 */
export function createIdentity(options: { db: Database; config: Config; authSecret: string; mailer: Mailer }) {
  const { config } = options;
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
    // Requests are limited by the API's own rules (identity/routes.ts), per address and per account.
    rateLimit: { enabled: false },
    advanced: { cookiePrefix: "forgeline", useSecureCookies: origin.protocol === "https:" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await options.mailer.send(passwordResetMail({ to: user.email, name: user.name, link: url }));
      },
    },
    plugins: config.google
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
      : [],
  });
}

export type Identity = ReturnType<typeof createIdentity>;
