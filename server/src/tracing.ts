/**
 * OpenTelemetry traces (docs/OPERATIONS.md, 'Traces'): a span for every HTTP request the server answers, named by its
 * route and carrying its status, with a span for each PostgreSQL query made while answering it; sent in
 * batches over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT.
 *
 * server.ts imports this module only when that variable is set, and before anything that loads `http` or
 * `pg`: the instrumentations patch those modules as they are loaded (`require` through
 * require-in-the-middle, `import` through import-in-the-middle's loader hook registered here). The
 * exporter and the batch processor read the standard variables themselves (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_BSP_SCHEDULE_DELAY, ...), and OTEL_RESOURCE_ATTRIBUTES is added
 * to every span's resource.
 */
import { channel } from "node:diagnostics_channel";
import { register } from "node:module";
import { context, DiagConsoleLogger, DiagLogLevel, diag } from "@opentelemetry/api";
import { getRPCMetadata, RPCType } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { FastifyInstance } from "fastify";
import { createAddHookMessageChannel } from "import-in-the-middle";

/** Probes of the balancer and the metrics scraper: a trace every few seconds that says nothing. */
const UNTRACED_PATHS = new Set(["/api/health", "/api/ready", "/metrics"]);

/** How long a shutdown waits for the last spans to reach the collector (the whole shutdown has 9 s). */
const LAST_EXPORT_WITHIN_MS = 2_000;

export interface Tracing {
  /** Sends the spans still waiting (for at most 2 s) and stops; the shutdown awaits it before the process exits. */
  stop(): Promise<void>;
}

export async function startTracing({ serviceName }: { serviceName: string }): Promise<Tracing> {
  // A failed export (the collector away) is reported on stderr, nothing more: requests never wait for it.
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.ERROR);

  // The loader hook wraps only the modules an instrumentation asks for (pg, http), not every import.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register("import-in-the-middle/hook.mjs", import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? "").split("?")[0] ?? ""),
      }),
      // Queries outside a request (the mail sender's polls every second) would each be a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  nameSpansByRoute();
  await waitForAllMessagesAcknowledged();
  return {
    stop: () =>
      Promise.race([
        provider.shutdown(),
        new Promise<void>((resolve) => setTimeout(resolve, LAST_EXPORT_WITHIN_MS).unref()),
      ]),
  };
}

/**
 * The HTTP instrumentation knows the path, not the route: Fastify announces each instance it makes
 * (its "fastify.initialization" channel), and a first onRequest hook tells the request's span the
 * matched route, so the span is named "GET /api/products/:id" and carries `http.route`.
 */
function nameSpansByRoute() {
  channel("fastify.initialization").subscribe((message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRequest", (request, _reply, done) => {
      const metadata = getRPCMetadata(context.active());
      const route = request.routeOptions.url;
      if (metadata?.type === RPCType.HTTP && route) metadata.route = route;
      done();
    });
  });
}
