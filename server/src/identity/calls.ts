import { apiErrorSchema, emailField, MESSAGES, passwordField, signupFormSchema } from "@forgeline/contract";
import type { FastifySchema } from "fastify";
import { z } from "zod";
import { type documentedInputs, errorAnswers, jsonAnswer } from "../http/route-schema.js";

const shortText = z.string().max(2000).optional();

/**
 * The rules of the forms (contract/) on the identity calls that take the same fields, so the server
 * refuses what the form would. Only these fields go on to the identity provider (nothing like
 * `emailVerified` or `image` slips through); calls not listed here carry no user fields of ours.
 */
export const BODY_RULES: Record<string, z.ZodType<Record<string, unknown>>> = {
  "/sign-up/email": signupFormSchema.extend({ callbackURL: shortText }),
  "/sign-in/email": z.object({
    email: emailField(),
    password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128),
    callbackURL: shortText,
    rememberMe: z.boolean().optional(),
  }),
  "/request-password-reset": z.object({ email: emailField(MESSAGES.resetEmailMissing), redirectTo: shortText }),
  "/reset-password": z.object({ newPassword: passwordField, token: z.string().min(1).max(200) }),
  "/change-password": z.object({
    currentPassword: z.string().min(1, MESSAGES.passwordRequired).max(128),
    newPassword: passwordField,
    revokeOtherSessions: z.boolean().optional(),
  }),
  "/update-user": signupFormSchema.pick({ name: true }),
  "/send-verification-email": z.object({ email: emailField(), callbackURL: shortText }),
};

/** The refusals of the identity calls: ours (the shared error shape) or the identity provider's own. */
const identityRefusalSchema = z.union([
  apiErrorSchema,
  z.looseObject({ code: z.string().optional(), message: z.string() }).meta({ title: "IdentityProviderError" }),
]);
const refusal = (meaning: string) => jsonAnswer(meaning, identityRefusalSchema);
const REFUSED_AS_SENT = refusal("Refused as sent: the form's rules (`errors` names each field) or the provider's.");
const TOO_MANY = refusal("Too many calls: the Retry-After header says how many seconds to wait.");
const REDIRECT = (where: string) => z.undefined().describe(`A redirect (Location) ${where}.`);

const timestamp = z.iso.datetime();
/** An account as the identity provider answers it. */
const identityUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const identitySessionSchema = z.looseObject({
  id: z.string(),
  userId: z.string(),
  token: z.string(),
  expiresAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});
const doneSchema = z.looseObject({ status: z.boolean() });
const goToSchema = z.looseObject({ url: z.string(), redirect: z.boolean() });

type CallSchema = FastifySchema & { response: Record<number, unknown> };

/** The identity calls the document shows (all pass through the same route handler as any other). */
interface IdentityCall {
  method: "GET" | "POST";
  /** Under /api/auth, as the identity provider names it. */
  path: string;
  schema: FastifySchema;
  /** Inputs the identity provider checks, shown in the document only. */
  inputs?: Parameters<typeof documentedInputs>[0];
}

/** A POST call; its body is the one its rule checks (BODY_RULES), else the one the identity provider checks. */
const post = (path: string, schema: CallSchema, providerBody?: z.ZodType): IdentityCall => {
  const body = BODY_RULES[path] ?? providerBody;
  return {
    method: "POST",
    path,
    schema: { ...schema, response: { ...schema.response, ...errorAnswers(413, 415) } },
    ...(body && { inputs: { bodyByMediaType: { "application/json": body } } }),
  };
};
const get = (path: string, schema: CallSchema, inputs?: IdentityCall["inputs"]): IdentityCall => ({
  method: "GET",
  path,
  schema: { ...schema, response: { ...schema.response, ...errorAnswers() } },
  ...(inputs && { inputs }),
});

const CHECKED_FIRST =
  "Its body is checked with the storefront's own form rules first (a 400 in the shared error shape names each " +
  "field), and only the fields those rules know are passed on.";
/** The session cookie if any: these calls answer without one too. */
const optionalSession: { [scheme: string]: string[] }[] = [{ identitySession: [] }, {}];

/**
 * Every identity call the storefront makes (the web's, the links in its mails, Google's way back), each passed
 * to Better Auth (https://www.better-auth.com/docs) after this server's own limits and checks.
 * Sign-in with Google only when the server has it configured.
 */
export function identityCalls(googleSignIn: boolean): IdentityCall[] {
  const tags = ["Identity"];
  const calls: IdentityCall[] = [
    post("/sign-up/email", {
      summary: "Sign up with email and password (and be signed in)",
      description:
        `${CHECKED_FIRST} A confirmation link is mailed. An address that already has an account answers like ` +
        "a new one, with `{ token: null, user: null }`, and its owner is mailed instead.",
      tags,
      response: {
        200: jsonAnswer(
          "Signed up: the session's token (its cookie is set) and the account; both null for a known address.",
          z.object({ token: z.string().nullable(), user: identityUserSchema.nullable() }),
        ),
        400: REFUSED_AS_SENT,
        422: refusal("The identity provider could not create the account."),
        429: TOO_MANY,
      },
    }),
    post("/sign-in/email", {
      summary: "Sign in with email and password",
      description:
        `${CHECKED_FIRST} Failed attempts are counted per account and address, and lock the account for ` +
        "strangers after many; a browser the account signed in from before keeps its own count.",
      tags,
      response: {
        200: jsonAnswer(
          "Signed in: the session's cookie is set.",
          z.looseObject({
            redirect: z.boolean(),
            token: z.string(),
            url: z.string().optional(),
            user: identityUserSchema,
          }),
        ),
        400: REFUSED_AS_SENT,
        401: refusal("Wrong email or password."),
        429: TOO_MANY,
      },
    }),
    get("/get-session", {
      summary: "The signed-in session and its account (with the shop's role), or null",
      tags,
      security: optionalSession,
      response: {
        200: jsonAnswer(
          "The session, or `null` when no one is signed in.",
          z.union([
            z.object({
              session: identitySessionSchema,
              user: identityUserSchema.extend({ role: z.string().describe("`admin` or `customer`.") }),
            }),
            z.null(),
          ]),
        ),
        429: TOO_MANY,
      },
    }),
    post(
      "/sign-out",
      {
        summary: "Sign out: the session ends and its cookie is cleared",
        tags,
        security: optionalSession,
        response: {
          200: jsonAnswer("Signed out.", z.looseObject({ success: z.boolean() })),
          400: refusal("Refused as sent: the body is not JSON."),
          429: TOO_MANY,
        },
      },
      z.looseObject({}).describe("Nothing is needed: the storefront sends `{}`."),
    ),
    post("/request-password-reset", {
      summary: "Mail a link to choose a new password",
      description: `${CHECKED_FIRST} Answers the same whether or not the address has an account.`,
      tags,
      response: {
        200: jsonAnswer("Asked: a link is mailed if the address has an account.", doneSchema),
        400: REFUSED_AS_SENT,
        429: TOO_MANY,
      },
    }),
    get(
      "/reset-password/:token",
      {
        summary: "The mailed reset link: on to the page that chooses the new password",
        tags,
        params: z.object({ token: z.string().describe("The reset link's token.") }),
        response: {
          302: REDIRECT("to `callbackURL` with the token, or with `error=INVALID_TOKEN` when it is not valid"),
          400: REFUSED_AS_SENT,
          403: refusal("The `callbackURL` is not on this site."),
          429: TOO_MANY,
        },
      },
      { querystring: z.object({ callbackURL: z.string().describe("The page that chooses the new password.") }) },
    ),
    post("/reset-password", {
      summary: "Choose a new password with a reset link's token",
      description: `${CHECKED_FIRST} Every session of the account ends.`,
      tags,
      response: {
        200: jsonAnswer("The password is changed.", doneSchema),
        400: refusal("Refused as sent (`errors` names each field), or the token is not valid or has expired."),
        429: TOO_MANY,
      },
    }),
    post("/send-verification-email", {
      summary: "Mail the link that confirms the address again",
      description: `${CHECKED_FIRST} A few a quarter-hour per address, whoever asks.`,
      tags,
      security: optionalSession,
      response: {
        200: jsonAnswer("Sent (if the address has an account that is not confirmed yet).", doneSchema),
        400: refusal("Refused as sent, already confirmed, or not the signed-in account's address."),
        429: TOO_MANY,
      },
    }),
    get(
      "/verify-email",
      {
        summary: "The mailed confirmation link: the address is confirmed (and signed in)",
        tags,
        response: {
          200: jsonAnswer(
            "Confirmed, when no `callbackURL` was given.",
            z.looseObject({ status: z.boolean(), user: identityUserSchema.nullable() }),
          ),
          302: REDIRECT("to `callbackURL`, with `error` when the link is not valid or has expired"),
          400: REFUSED_AS_SENT,
          401: refusal("The link is not valid or has expired (when no `callbackURL` was given)."),
          403: refusal("The `callbackURL` is not on this site."),
          429: TOO_MANY,
        },
      },
      {
        querystring: z.object({
          token: z.string().describe("The confirmation link's token."),
          callbackURL: z.string().optional().describe("Where to go once confirmed."),
        }),
      },
    ),
  ];
  if (!googleSignIn) return calls;
  return [
    ...calls,
    post(
      "/sign-in/social",
      {
        summary: "Sign in with Google: answers the address of Google's sign-in page",
        tags,
        response: {
          200: jsonAnswer("Go to `url` (Google), which comes back to /api/auth/callback/google.", goToSchema),
          400: REFUSED_AS_SENT,
          404: refusal("No such provider."),
          429: TOO_MANY,
        },
      },
      z.looseObject({
        provider: z.literal("google"),
        callbackURL: z.string().optional().describe("Where to go once signed in."),
      }),
    ),
    get("/callback/google", {
      summary: "Google's way back after its sign-in (its `code` and `state` in the query)",
      tags,
      response: {
        302: REDIRECT("to the `callbackURL` of the sign-in, signed in, or to an error page"),
        429: TOO_MANY,
      },
    }),
  ];
}
