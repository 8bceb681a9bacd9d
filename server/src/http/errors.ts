import { STATUS_CODES } from "node:http";
import type { FieldError } from "@forgeline/contract";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export function errorBody(statusCode: number, message: string, errors?: FieldError[]) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? "Error",
    message,
    ...(errors ? { errors } : {}),
  };
}

/** An error a route throws on purpose: its status and message reach the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

/** A service the shop needs answers no request now: the database (or the limit counters in Redis). */
export const SHOP_UNAVAILABLE = "The shop cannot take this request just now. Please try again in a moment.";
/** The object store (S3) answers no request now: the upload was not kept. */
export const PICTURES_UNAVAILABLE =
  "Pictures cannot be stored just now, and yours was not saved. Please try again in a few minutes.";
/** What a 503 for an unreachable service asks the caller to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 5;

/** Node's network errors: nothing listens, the connection was cut, or the other side is out of reach. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's SQLSTATEs for a server that is away: class 08 (connection exception), shutting down or
 * starting up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), too many connections,
 * and the server's own time limits (57014 query_canceled by the statement timeout, 25P03 a transaction idle
 * past its limit): the database is too slow to answer in time just now (docs/decisions/027).
 */
const POSTGRES_AWAY = /^(08[0-9A-Z]{3}|57P0[123]|57014|25P03|53300)$/;
/**
 * What the clients say when their connection is gone: node-postgres and its pool ("Connection terminated
 * unexpectedly", "timeout exceeded when trying to connect", "Client has encountered a connection error and
 * is not queryable", and from a database gone silent "Query read timeout" for a query and "timeout expired"
 * for a connection) and ioredis (no connection and no offline queue, a command without a reply in time, a
 * connection closed under a command, retries spent).
 */
const AWAY_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Query read timeout$/,
  /^timeout expired$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Command timed out$/,
  /^Connection is closed\.$/,
  /^Reached the max retries per request limit/,
];

/**
 * Which service did not answer, when `error` (or an error it wraps: drizzle's "Failed query" keeps the
 * driver's as its cause) says one is away rather than that the shop has a fault: "pictures" for the object
 * store (the AWS SDK's errors carry `$metadata`; a 5xx from it counts too), "shop" for the rest.
 */
export function unavailableService(error: unknown, depth = 0): "pictures" | "shop" | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  const { code, message, name, cause, errors, $metadata } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  const away =
    (typeof code === "string" && (NETWORK_CODES.has(code) || POSTGRES_AWAY.test(code))) ||
    (typeof message === "string" && AWAY_MESSAGES.some((pattern) => pattern.test(message))) ||
    name === "TimeoutError" ||
    name === "MaxRetriesPerRequestError" ||
    ($metadata !== undefined && ($metadata.httpStatusCode ?? 0) >= 500);
  if (away) return $metadata ? "pictures" : "shop";
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const service = unavailableService(inner, depth + 1);
    if (service) return $metadata ? "pictures" : service;
  }
  return undefined;
}

/**
 * One shape for every error answer: 400s name each rejected field, 5xx details stay in the log. A service
 * that does not answer (the database, the object store, Redis) is a 503 that asks the caller to try again,
 * decided here for every route, so none has to catch it.
 * Unknown /api paths answer JSON 404s; the web app's own 404 page comes from pages/.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (error.validationContext ?? "body"),
        message: issue.message ?? "is invalid",
      }));
      const message = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
      return reply.code(400).send(errorBody(400, message, errors));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.errors));
    }
    const service = unavailableService(error);
    if (service) {
      request.log.error({ err: error }, "request failed: a service the shop needs did not answer");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody(503, service === "pictures" ? PICTURES_UNAVAILABLE : SHOP_UNAVAILABLE));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send(errorBody(500, "Something went wrong on our side. Please try again."));
    }
    return reply.code(statusCode).send(errorBody(statusCode, error.message));
  });
}

/** A 429 that tells the caller when to come back, in the Retry-After header and in the message. */
export function tooManyRequests(reply: FastifyReply, seconds: number, message: (minutes: number) => string): never {
  reply.header("retry-after", String(seconds));
  throw new HttpError(429, message(Math.ceil(seconds / 60)));
}

export function notFoundBody(url: string) {
  return errorBody(404, `No API route for ${url.split("?")[0]}`);
}
