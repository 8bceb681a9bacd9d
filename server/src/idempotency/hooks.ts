import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/client.js";
import { repeatingJob } from "../events/repeating-job.js";
import { errorBody } from "../http/errors.js";
import { errorAnswers } from "../http/route-schema.js";
import { KEYED_REQUESTS_PER_TEN_MINUTES, spendAllowance } from "../rate-limit/account-allowances.js";
import { claimKey, KEPT_HOURS, type KeyHold, keepAnswer, releaseKey, sweepKeys } from "./queries.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route creates or moves money: it takes an `Idempotency-Key`, and a repeat with the same key gets
     * the first answer again (docs/decisions/042-idempotency-keys.md). One line opts a route in.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs, until its answer is kept (or it was refused or failed and let the key go). */
    idempotencyHold?: KeyHold;
  }
}

export const STILL_RUNNING = "This request is still being processed. Please wait for its answer.";
export const KEY_REUSED =
  "This Idempotency-Key was already used with another request. Send a new key for a new request.";
/** The header's rule, as the 400 names it. */
const KEY_RULE = "Idempotency-Key must be 1 to 255 printable characters";

/** The request headers an opted-in route reads (other headers pass as they are). */
const keyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/, KEY_RULE)
    .optional()
    .meta({
      description:
        `A key of the caller's choosing (a UUID): a repeat with the same key and body within ${KEPT_HOURS} hours ` +
        "gets the first answer again, byte for byte, with `Idempotent-Replayed: true`, and does nothing twice. " +
        "The same key with another body is 422; while the first is still running, 409. Keys are the account's " +
        "own. Only a success is kept: after a refusal (4xx) or a failure (5xx) the key is free and a retry runs " +
        `again. An account may send ${KEYED_REQUESTS_PER_TEN_MINUTES} keyed requests in 10 minutes (then 429).`,
    }),
});

/** The answer headers a replay repeats: what a caller reads beside the body. */
const KEPT_HEADERS = ["content-type", "location"];
/** How often each instance deletes keys past their 24 hours. */
const SWEEP_EVERY_MS = 60 * 60_000;

/** Same method, path and body: a repeat of the first request, as the caller sent it. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

/**
 * Idempotency keys for the routes that set `config: { idempotent: true }`: their header in the schema (so
 * it is checked, 400 naming it, and documented), a claim before the handler, the answer kept after it, and
 * a job that sweeps expired keys. Registered on the root before the API, so its `onSend` sees the answer
 * before it is compressed.
 */
export function registerIdempotency(app: FastifyInstance, database: DatabaseHandle): void {
  const { db, instance } = database;
  app.addHook("onRoute", (route) => {
    if (!route.config?.idempotent) return;
    const schema = route.schema ?? {};
    const headers = schema.headers ? keyHeaders.extend((schema.headers as z.ZodObject).shape) : keyHeaders;
    route.schema = { ...schema, headers, response: { ...errorAnswers(409, 422, 429), ...(schema.response as object) } };
  });

  app.addHook("preHandler", async (request, reply) => {
    const key = request.headers["idempotency-key"];
    if (!request.routeOptions.config.idempotent || typeof key !== "string" || !request.caller) return;
    // Counted before the claim, replays too: each key an account sends may hold an answer for a day.
    await spendAllowance(app, reply, request.caller.email, "keyed-request");
    const hold: KeyHold = { account: request.caller.email, key, owner: instance };
    const claim = await claimKey(db, hold, fingerprintOf(request), database.instanceAlive);
    if (claim.kind === "claimed") {
      request.idempotencyHold = hold;
      return;
    }
    // Sent as text: a route's own 409 schema (the checkout's carries the cart) does not describe these.
    const refuse = (status: 409 | 422, message: string) =>
      reply
        .headers(status === 409 ? { "retry-after": "1" } : {})
        .code(status)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(errorBody(status, message)));
    if (claim.kind === "other-request") return refuse(422, KEY_REUSED);
    if (claim.kind === "running") return refuse(409, STILL_RUNNING);
    return reply
      .code(claim.status)
      .headers({ ...claim.headers, "idempotent-replayed": "true" })
      .send(claim.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const hold = request.idempotencyHold;
    if (!hold) return payload;
    request.idempotencyHold = undefined;
    // Only a success is the answer. A failure (5xx) committed nothing, and a refusal (4xx) was given before
    // the route wrote anything: the key goes, so the caller's retry runs again, and nobody can fill the
    // table with refusals. So does an answer that is not text (none of these routes sends one).
    const kept = reply.statusCode < 400 && typeof payload === "string";
    try {
      if (!kept) await releaseKey(db, hold);
      else {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await keepAnswer(db, hold, { status: reply.statusCode, headers, body: payload });
      }
    } catch (error) {
      // The answer still goes out; a repeat meets a key without an answer, swept within minutes.
      request.log.error({ err: error }, "the answer to an idempotency key could not be kept");
    }
    return payload;
  });

  let sweeper: ReturnType<typeof repeatingJob> | undefined;
  app.addHook("onReady", async () => {
    sweeper = repeatingJob({
      everyMs: SWEEP_EVERY_MS,
      round: async () => {
        const swept = await sweepKeys(db);
        if (swept > 0) app.log.info({ swept }, "idempotency keys past their time deleted");
      },
      log: app.log,
      failure: "sweeping the expired idempotency keys failed",
    });
  });
  app.addHook("onClose", async () => sweeper?.stop());
}
