import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.js";
import type { Identity } from "./auth.js";
import { clearHits, lockedFor, RESET_MAILS, recordHit, SIGN_IN_FAILURES } from "./rate-limits.js";

/** Hands a Fastify request to the identity provider (a fetch-style handler). */
function ask(identity: Identity, request: FastifyRequest): Promise<Response> {
  const url = new URL(request.url, request.server.config.publicUrl);
  const init: RequestInit = { method: request.method, headers: fromNodeHeaders(request.headers) };
  if (request.body !== undefined && request.method !== "GET" && request.method !== "HEAD") {
    init.body = JSON.stringify(request.body);
  }
  return identity.handler(new Request(url, init));
}

/** Copies the identity provider's answer to the client. */
async function answer(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

async function forward(identity: Identity, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return answer(reply, await ask(identity, request));
}

function emailIn(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.length <= 254 ? email.trim().toLowerCase() : null;
}

function tooMany(reply: FastifyReply, seconds: number, what: string): never {
  reply.header("retry-after", String(seconds));
  throw new HttpError(429, `${what} Please try again in ${Math.ceil(seconds / 60)} minute(s).`);
}

const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });

/**
 * /api/auth/*: the identity provider's calls, with the limits that make password guessing slow:
 * per client address (every sensitive call) and per account (failed sign-ins, reset mails).
 */
export async function identityRoutes(app: FastifyInstance, options: { identity: Identity }) {
  const { identity } = options;

  app.post("/auth/sign-in/email", { config: perAddress(30) }, async (request, reply) => {
    const email = emailIn(request.body);
    const key = email && `sign-in:${email}`;
    if (key) {
      const wait = await lockedFor(app.db, key);
      if (wait > 0) tooMany(reply, wait, "Too many failed sign-ins for this account.");
    }
    const response = await ask(identity, request);
    // Counted before the answer leaves, so a guesser cannot race the next attempt past the count.
    if (key && response.status === 401) await recordHit(app.db, key, SIGN_IN_FAILURES);
    if (key && response.status === 200) await clearHits(app.db, key);
    return answer(reply, response);
  });

  app.post("/auth/request-password-reset", { config: perAddress(10) }, async (request, reply) => {
    const email = emailIn(request.body);
    if (email) {
      const key = `reset-mail:${email}`;
      const wait = await lockedFor(app.db, key);
      if (wait > 0) tooMany(reply, wait, "Too many reset mails for this address.");
      await recordHit(app.db, key, RESET_MAILS);
    }
    return forward(identity, request, reply);
  });

  for (const url of ["/auth/sign-up/email", "/auth/reset-password"]) {
    app.post(url, { config: perAddress(20) }, (request, reply) => forward(identity, request, reply));
  }

  app.route({
    method: ["GET", "POST"],
    url: "/auth/*",
    handler: (request, reply) => forward(identity, request, reply),
  });
}
