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

/**
 * One shape for every error answer: 400s name each rejected field, 5xx details stay in the log.
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
