import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError, tooManyRequests } from "../http/errors.js";
import { documentedInputs } from "../http/route-schema.js";
import { enqueueMail } from "../mail/queries.js";
import type { Identity } from "./auth.js";
import { BODY_RULES, identityCalls } from "./calls.js";
import { ACCOUNT_MAILS, ACCOUNT_SIGN_IN_ATTEMPTS, SIGN_IN_ATTEMPTS } from "./rate-limits.js";

const AUTH_PREFIX = "/api/auth";

const ACCOUNT_LOCKED =
  "This account is locked after many failed sign-ins. Sign in from a browser you have signed in from " +
  "before, or reset your password to unlock it.";

/**
 * Calls per client address per minute, by the path the identity provider itself will see. Every identity
 * call has a limit; the ones that check a password, send a mail or create something are tighter.
 */
const PER_ADDRESS_PER_MINUTE: Record<string, number> = {
  "/sign-in/email": 30,
  "/sign-up/email": 20,
  "/request-password-reset": 10,
  "/reset-password": 20,
  "/change-password": 10,
  "/send-verification-email": 5,
  "/verify-email": 20,
  "/update-user": 20,
};
// Every page load asks for the session (get-session), so a household or an office behind one address
// needs room; this still stops a flood.
const OTHER_CALLS_PER_MINUTE = 600;

/**
 * The path the identity provider will act on. The server refuses addresses with dot segments or doubled
 * slashes before routing (http/canonical-path.ts), so this is also the path Fastify matched.
 */
function identityPath(request: FastifyRequest): string {
  const pathname = new URL(request.url, "http://internal").pathname;
  return pathname.startsWith(AUTH_PREFIX) ? pathname.slice(AUTH_PREFIX.length) : pathname;
}

function validBody(request: FastifyRequest, path: string): Record<string, unknown> | undefined {
  const rule = request.method === "POST" ? BODY_RULES[path] : undefined;
  if (!rule) return undefined;
  const parsed = rule.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join(".") || "body",
    message: issue.message,
  }));
  throw new HttpError(400, errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

/** Hands a request to the identity provider (a fetch-style handler), with the body we validated. */
function callIdentityProvider(identity: Identity, request: FastifyRequest, body: unknown): Promise<Response> {
  const url = new URL(request.url, request.server.config.publicUrl);
  const headers = fromNodeHeaders(request.headers);
  // Its own limiter reads the client's address from here: the one Fastify worked out, never the client's say.
  headers.set("x-forwarded-for", request.ip);
  headers.delete("content-length");
  const init: RequestInit = { method: request.method, headers };
  if (body !== undefined && request.method !== "GET" && request.method !== "HEAD") init.body = JSON.stringify(body);
  return identity.handler(new Request(url, init));
}

/** Copies the identity provider's answer to the client, with cookies of our own if any. */
async function relayAnswer(
  reply: FastifyReply,
  response: Response,
  cookiesToAdd: string[] = [],
): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...cookiesToAdd];
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

function tooMany(reply: FastifyReply, seconds: number, what: string): never {
  return tooManyRequests(reply, seconds, (minutes) => `${what} Please try again in ${minutes} minute(s).`);
}

/** The identity provider's calls that send a mail, each limited per address (ACCOUNT_MAILS). */
const ADDRESS_MAILS: Record<string, { key: string; tooMany: string }> = {
  "/request-password-reset": { key: "reset-mail", tooMany: "Too many reset mails for this address." },
  "/send-verification-email": { key: "confirm-mail", tooMany: "Too many confirmation mails for this address." },
};

/**
 * /api/auth/*: the identity provider's calls, through one handler so that every limit applies to the path
 * the provider acts on: per client address (every call), per account and address for sign-in (counted
 * before the password is checked), per address for mails. Better Auth's own limiter runs behind this.
 */
export async function identityRoutes(app: FastifyInstance) {
  const { identity, limits } = app;
  const perAddress = new Map<string, ReturnType<typeof app.createRateLimit>>();
  const limiterFor = (path: string) => {
    const bucket = path in PER_ADDRESS_PER_MINUTE ? path : "other";
    let limiter = perAddress.get(bucket);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: PER_ADDRESS_PER_MINUTE[bucket] ?? OTHER_CALLS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `identity${bucket}:${request.ip}`,
      });
      perAddress.set(bucket, limiter);
    }
    return limiter;
  };

  /**
   * A sign-in from a browser this account signed in from before (its device cookie) counts against that
   * browser alone; any other counts per account and address, and against the account-wide lock. So a
   * guesser spread over many addresses locks the account for strangers, never for its owner's browser.
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
    const email = String(body.email).toLowerCase();
    const account = `sign-in:${email}`;
    const device = await app.deviceCookies.trusted(request.headers.cookie, email);
    const here = device ? `${account}:device:${device}` : `${account}:${request.ip}`;
    const [fromHere, fromAnywhere] = await Promise.all([
      limits.consume(here, SIGN_IN_ATTEMPTS),
      device ? 0 : limits.consume(account, ACCOUNT_SIGN_IN_ATTEMPTS),
    ]);
    if (fromHere > 0) tooMany(reply, fromHere, "Too many failed sign-ins for this account.");
    if (fromAnywhere > 0) tooMany(reply, fromAnywhere, ACCOUNT_LOCKED);
    const response = await callIdentityProvider(identity, request, body);
    if (response.status !== 200) return relayAnswer(reply, response);
    // Cleared before the answer leaves, so a guesser cannot race the next attempt past the count. A browser
    // it trusts leaves the account-wide count alone: the guessing elsewhere goes on.
    await limits.clear(...(device ? [here] : [here, account]));
    return relayAnswer(reply, response, [await app.deviceCookies.issue(email, device)]);
  }

  /** A call that mails an address (a reset link, a confirmation link): a few of each kind per address, whoever asks. */
  async function mailingCall(
    kind: (typeof ADDRESS_MAILS)[string],
    request: FastifyRequest,
    reply: FastifyReply,
    body: Record<string, unknown>,
  ) {
    const wait = await limits.consume(`${kind.key}:${String(body.email).toLowerCase()}`, ACCOUNT_MAILS);
    if (wait > 0) tooMany(reply, wait, kind.tooMany);
    return relayAnswer(reply, await callIdentityProvider(identity, request, body));
  }

  /**
   * A sign-up with an address that already has an account answers like a new one and mails the owner,
   * so the form cannot be used to find out who shops here. (No session comes back: the page then says
   * "No user is logged in".)
   */
  async function signUp(request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
    const response = await callIdentityProvider(identity, request, body);
    if (response.status !== 422) return relayAnswer(reply, response);
    const refusal = (await response.json().catch(() => null)) as { code?: string } | null;
    if (!refusal?.code?.startsWith("USER_ALREADY_EXISTS")) return reply.code(422).send(refusal);
    const email = String(body.email).toLowerCase();
    // A new account costs a password hash; so does this answer, or its speed would tell.
    await (await identity.$context).password.hash(String(body.password));
    if ((await limits.consume(`account-exists-mail:${email}`, ACCOUNT_MAILS)) === 0) {
      await enqueueMail(app.db, email, "account-exists", { link: `${app.config.publicUrl}/login` });
    }
    return reply.code(200).send({ token: null, user: null });
  }

  const serve = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await limiterFor(identityPath(request))(request);
      if (!limit.isAllowed && limit.isExceeded) {
        tooMany(reply, limit.ttlInSeconds, "Too many requests from your address.");
      }
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = identityPath(request);
      const body = validBody(request, path);
      if (request.method === "POST" && path === "/sign-in/email" && body) return signIn(request, reply, body);
      if (request.method === "POST" && path === "/sign-up/email" && body) return signUp(request, reply, body);
      const mailing = ADDRESS_MAILS[path];
      if (request.method === "POST" && mailing && body) return mailingCall(mailing, request, reply, body);
      return relayAnswer(reply, await callIdentityProvider(identity, request, body ?? request.body));
    },
  };
  // Each call the storefront makes is a route of its own, so that the document shows it as it is (a validating
  // proxy can route and check it); they and the identity provider's other calls are served alike.
  for (const call of identityCalls(Boolean(app.config.google))) {
    app.route({
      method: call.method,
      url: `/auth${call.path}`,
      schema: call.schema,
      ...(call.inputs && { config: documentedInputs(call.inputs) }),
      ...serve,
    });
  }
  app.route({ method: ["GET", "POST"], url: "/auth/*", schema: { hide: true }, ...serve });
}
