import type { SwaggerTransform } from "@fastify/swagger";
import { apiErrorSchema } from "@forgeline/contract";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * What each error status means on this API, as the OpenAPI document shows it. Every one of them carries
 * the shared error shape (contract/src/api-error.ts); a route's own description says what its refusals mean.
 */
const ERROR_MEANINGS = {
  400: "Refused as sent: `message` says why and `errors` names each rejected field.",
  401: "No valid access token (missing, forged or expired): sign in, or renew the token, and try again.",
  402: "The card was declined; nothing was charged.",
  403: "Signed in, but this account may not do this.",
  404: "There is no such thing (or it is not the caller's).",
  409: "Not possible in the current state; `message` says why.",
  413: "The body is too large (JSON bodies: 1 MB).",
  415: "The body's Content-Type is not one this route reads.",
  422: "This Idempotency-Key was sent before with another request: a new request takes a new key.",
  429: "Too many requests: the Retry-After header says how many seconds to wait.",
  500: "Something went wrong on the server; the details stay in its log.",
  502: "The payment provider did not answer or refused the call; try again in a minute.",
  503: "Not now: a service the shop needs does not answer (its database, the picture store, the limit counters), or this instance is shutting down. Try again in a moment (a service away sends Retry-After in seconds).",
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** A JSON answer of a route and what it means: the route's serializer checks it, the OpenAPI document shows it. */
export function jsonAnswer<Schema extends z.ZodType>(description: string, schema: Schema) {
  return { description, content: { "application/json": { schema } } };
}

/** A CSV answer (a download): the OpenAPI document shows it as text; nothing serializes it. */
/** An answer that is a file of this media type rather than JSON. */
export function fileAnswer(description: string, mediaType: "text/csv" | "application/pdf") {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

type ErrorAnswer = ReturnType<typeof jsonAnswer<typeof apiErrorSchema>>;

/**
 * A route's error answers: these statuses, and the 500 and 503 that any route may give (a fault, or a
 * service it needs that does not answer: http/errors.ts).
 */
export function errorAnswers<const Status extends Exclude<ErrorStatus, 500>>(
  ...statuses: Status[]
): Record<Status | 500 | 503, ErrorAnswer> {
  const all: ErrorStatus[] = [...statuses, 500, 503];
  return Object.fromEntries(
    all.map((status) => [status, jsonAnswer(ERROR_MEANINGS[status], apiErrorSchema)]),
  ) as Record<Status | 500 | 503, ErrorAnswer>;
}

/** How callers prove who they are, as the OpenAPI document's security schemes name them. */
export const SECURITY_SCHEMES = {
  accessToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The API's access token, from PUT /api/user/{email}; short-lived, it ends with the session it came from.",
  },
  identitySession: {
    type: "apiKey",
    in: "cookie",
    name: "forgeline.session_token",
    description: "The identity provider's session cookie, set by signing in (`__Secure-` prefixed over HTTPS).",
  },
  stripeSignature: {
    type: "apiKey",
    in: "header",
    name: "Stripe-Signature",
    description: "Stripe's signature of the exact body, made with the webhook secret.",
  },
} as const;

/** A route's security requirement: callers prove themselves with this scheme. */
export function requires(scheme: keyof typeof SECURITY_SCHEMES) {
  return [{ [scheme]: [] }];
}

/**
 * Inputs the OpenAPI document shows as they are sent where the route's schema checks them in another form or
 * not at all: a body per media type (a CSV file is text, which its parser hands the route as the JSON body's
 * object), or an identity call's body and query, which the route's own rules and the identity provider check.
 * Goes in the route's `config`.
 */
export function documentedInputs(inputs: { bodyByMediaType?: Record<string, z.ZodType>; querystring?: z.ZodObject }): {
  swaggerTransform: SwaggerTransform;
} {
  const { bodyByMediaType, querystring } = inputs;
  return {
    swaggerTransform: (document) => {
      const shown = { ...document.schema, ...(querystring && { querystring }) };
      if (!bodyByMediaType) return jsonSchemaTransform({ ...document, schema: shown });
      const { schema, url } = jsonSchemaTransform({ ...document, schema: { ...shown, body: undefined } });
      const content = Object.fromEntries(
        Object.entries(bodyByMediaType).map(([mediaType, body]) => [
          mediaType,
          { schema: jsonSchemaTransform({ ...document, schema: { body } }).schema.body },
        ]),
      );
      return { schema: { ...schema, body: { content } }, url };
    },
  };
}
