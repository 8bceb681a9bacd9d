import { createRequire } from "node:module";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import type { FormatsPlugin } from "ajv-formats";
import type { OpenAPIV3_1 } from "openapi-types";

/** A call as app.inject makes it, and what came back. */
export interface Exchange {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  /** Sent to see the refusal: the document must refuse the call too, and describe the answer. */
  refusedAsSent?: boolean;
  response: { statusCode: number; headers: Record<string, unknown>; body: string };
}

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;
type Schema = OpenAPIV3_1.SchemaObject;

// ajv-formats is CommonJS, and TypeScript types its default import as the module rather than its function.
const addFormats = createRequire(import.meta.url)("ajv-formats") as FormatsPlugin;

/** The keywords OpenAPI 3.1 adds to JSON Schema: they annotate, and check nothing. */
const OPENAPI_KEYWORDS = ["example", "discriminator", "xml", "externalDocs"];

function newAjv(coerceTypes: boolean) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, coerceTypes });
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  addFormats(ajv);
  return ajv;
}

const essence = (contentType: unknown) =>
  String(contentType ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase() ?? "";

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => `${error.instancePath || "(root)"} ${error.message}`).join("; ");

/** `/api/product/{id}` as a pattern of the paths it stands for: each `{name}` is one segment, captured. */
function templatePattern(template: string): RegExp {
  const parts = template
    .split(/(\{[^}]*\})/)
    .map((part) => (part.startsWith("{") ? "([^/]+)" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${parts.join("")}$`);
}

const parameterNames = (template: string) => [...template.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? "");

/**
 * The OpenAPI document as a validating proxy (Stoplight Prism) reads it: the document checked against the
 * OpenAPI 3.1 schema, and each call routed to its path and method and checked against what they document.
 */
export async function openApiConformance(document: OpenAPIV3_1.Document) {
  const validator = new Validator();
  const validity = await validator.validate(structuredClone(document) as Record<string, unknown>);
  const resolved = validator.resolveRefs() as unknown as OpenAPIV3_1.Document;
  const bodies = newAjv(false);
  const parameters = newAjv(true);
  const fits = (ajv: typeof bodies, schema: Schema, value: unknown) => {
    const validate = ajv.compile(schema);
    return validate(value) ? "" : describeErrors(validate.errors);
  };

  /** The documented operation for a method and path: a literal path before a template that also matches. */
  function route(method: string, pathname: string) {
    const matches = Object.entries(resolved.paths ?? {})
      .filter(([template, item]) => item?.[method.toLowerCase() as "get"] && templatePattern(template).test(pathname))
      .sort(([a], [b]) => a.split("{").length - b.split("{").length);
    const [template, item] = matches[0] ?? [];
    return template && item ? { template, operation: item[method.toLowerCase() as "get"] as Operation } : undefined;
  }

  function requestGaps(exchange: Exchange, template: string, operation: Operation): string[] {
    const gaps: string[] = [];
    const url = new URL(exchange.url, "http://internal");
    const captured = url.pathname.match(templatePattern(template))?.slice(1) ?? [];
    const pathValues = new Map(parameterNames(template).map((name, index) => [name, captured[index] ?? ""]));
    for (const parameter of (operation.parameters ?? []) as Parameter[]) {
      if (parameter.in !== "query" && parameter.in !== "path") continue;
      const raw = parameter.in === "query" ? url.searchParams.get(parameter.name) : pathValues.get(parameter.name);
      if (raw === null || raw === undefined) {
        if (parameter.required) gaps.push(`the ${parameter.in} parameter ${parameter.name} is missing`);
        continue;
      }
      const value = parameter.in === "path" ? decodeURIComponent(raw) : raw;
      const problem = parameter.schema ? fits(parameters, parameter.schema as Schema, value) : "";
      if (problem) gaps.push(`the ${parameter.in} parameter ${parameter.name}: ${problem}`);
    }
    const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    if (exchange.payload === undefined) {
      if (body?.required) gaps.push("the document requires a body");
      return gaps;
    }
    const mediaType = essence(exchange.headers?.["content-type"] ?? "application/json");
    const schema = body?.content[mediaType]?.schema as Schema | undefined;
    if (!schema) return [...gaps, `the document takes no ${mediaType} body`];
    const value =
      mediaType === "application/json" && typeof exchange.payload === "string"
        ? JSON.parse(exchange.payload)
        : exchange.payload;
    const problem = fits(bodies, schema, value);
    return problem ? [...gaps, `the ${mediaType} body: ${problem}`] : gaps;
  }

  function answerGaps(exchange: Exchange, operation: Operation): string[] {
    const { statusCode, headers, body } = exchange.response;
    const answer = operation.responses?.[String(statusCode)] as OpenAPIV3_1.ResponseObject | undefined;
    if (!answer) return [`answered ${statusCode}, which the document does not list`];
    if (body.length === 0) return [];
    const mediaType = essence(headers["content-type"]);
    const schema = answer.content?.[mediaType]?.schema as Schema | undefined;
    if (!schema) return [`answered ${statusCode} with a ${mediaType} body, which the document does not describe`];
    const problem = fits(bodies, schema, mediaType === "application/json" ? JSON.parse(body) : body);
    return problem ? [`the ${statusCode} answer: ${problem}`] : [];
  }

  return {
    /** The document against the OpenAPI 3.1 schema: "" when valid, else what is wrong. */
    schemaErrors: validity.valid ? "" : JSON.stringify(validity.errors),

    /** Path templates a router cannot use: a parameter without a plain name, or one an operation does not declare. */
    unroutablePaths(): string[] {
      return Object.entries(resolved.paths ?? {}).flatMap(([template, item]) => {
        return Object.entries(item ?? {}).flatMap(([method, operation]) =>
          parameterNames(template).flatMap((name) => {
            if (!/^[A-Za-z_]\w*$/.test(name)) return [`${template}: {${name}} is not a parameter's name`];
            const declared = ((operation as Operation).parameters ?? []).some(
              (parameter) => (parameter as Parameter).in === "path" && (parameter as Parameter).name === name,
            );
            return declared ? [] : [`${method.toUpperCase()} ${template}: {${name}} is not declared`];
          }),
        );
      });
    },

    /** What in this call or its answer the document does not describe, each line naming the call. */
    gaps(exchange: Exchange): string[] {
      const name = `${exchange.method} ${exchange.url.split("?")[0]} (${exchange.response.statusCode})`;
      const found = route(exchange.method, new URL(exchange.url, "http://internal").pathname);
      if (!found) return [`${name}: no path and method of the document matches`];
      const asked = requestGaps(exchange, found.template, found.operation);
      const refusal = asked.length > 0 ? [] : ["the server refused it, but the document takes it"];
      return [...(exchange.refusedAsSent ? refusal : asked), ...answerGaps(exchange, found.operation)].map(
        (gap) => `${name} as ${exchange.method} ${found.template}: ${gap}`,
      );
    },
  };
}
