import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { emptyPostgresDatabase } from "./test/postgres.js";
import { type ServerProcess, startServerProcess } from "./test/server-process.js";

/** One span as an OTLP/HTTP collector receives it (the JSON encoding), its attributes flattened. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  scope: string;
  service: unknown;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: {
      scope: { name: string };
      spans: { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: OtlpAttribute[] }[];
    }[];
  }[];
}

const plain = (value: OtlpValue) =>
  value.intValue !== undefined ? Number(value.intValue) : (value.stringValue ?? value.boolValue ?? value.doubleValue);
const flatten = (attributes: OtlpAttribute[]) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plain(value)]));

/** A stand-in for an OpenTelemetry collector: POST /v1/traces in OTLP/HTTP's JSON encoding, kept in order. */
async function startCollectorStandIn() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport;
      for (const { resource, scopeSpans } of body.resourceSpans) {
        const service = flatten(resource.attributes)["service.name"];
        for (const { scope, spans: received } of scopeSpans) {
          for (const span of received) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              scope: scope.name,
              service,
              attributes: flatten(span.attributes),
            });
          }
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A preload (given to the server through NODE_OPTIONS) that writes down, as the process exits, every
 * module of OpenTelemetry or of its import hook that it loaded. They are all CommonJS, so even when
 * imported they are in require's cache; the tracing module cannot load without them.
 */
async function writeModuleProbe(folder: string) {
  const log = path.join(folder, "loaded.txt");
  const preload = path.join(folder, "probe.cjs");
  await writeFile(
    preload,
    `const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  const loaded = Object.keys(require.cache).filter((file) => /node_modules\\/(@opentelemetry|import-in-the-middle)\\//.test(file));
  writeFileSync(${JSON.stringify(log)}, loaded.join("\\n"));
});
`,
  );
  return {
    nodeOptions: `--require ${preload}`,
    /** What the process loaded, once it has exited. */
    loaded: async () => (await readFile(log, "utf8")).split("\n").filter(Boolean),
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe("OpenTelemetry traces (docs/OPERATIONS.md, 'Traces')", () => {
  let folder: string;
  let collector: Awaited<ReturnType<typeof startCollectorStandIn>>;
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let traced: ServerProcess;
  let untraced: ServerProcess;
  let tracedProbe: Awaited<ReturnType<typeof writeModuleProbe>>;
  let untracedProbe: Awaited<ReturnType<typeof writeModuleProbe>>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-tracing-"));
    collector = await startCollectorStandIn();
    database = serverUrl ? await emptyPostgresDatabase(serverUrl) : undefined;
    tracedProbe = await writeModuleProbe(await mkdtemp(path.join(folder, "traced-")));
    untracedProbe = await writeModuleProbe(await mkdtemp(path.join(folder, "untraced-")));
    // One after the other: two cold starts at once on a busy machine can outlast startServerProcess's patience.
    traced = await startServerProcess({
      DATA_DIR: path.join(folder, "traced-data"),
      SEED_CATALOGUE: "false",
      ...(database ? { DATABASE_URL: database.url } : {}),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Nothing is sent before the shutdown (unless 512 spans wait): what arrives proves the last flush.
      OTEL_BSP_SCHEDULE_DELAY: "60000",
      NODE_OPTIONS: tracedProbe.nodeOptions,
    });
    untraced = await startServerProcess({
      DATA_DIR: path.join(folder, "untraced-data"),
      SEED_CATALOGUE: "false",
      ...(database ? { DATABASE_URL: database.url } : {}),
      NODE_OPTIONS: untracedProbe.nodeOptions,
    });
  });
  afterAll(async () => {
    traced?.process.kill("SIGKILL");
    untraced?.process.kill("SIGKILL");
    await collector?.close();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it(`sends a span for each request, named by its route with its status${serverUrl ? ", and the PostgreSQL queries made for it" : ""}, flushed at shutdown`, async () => {
    expect((await fetch(`${traced.url}/api/product?q=${randomUUID()}`)).status).toBe(200);
    expect((await fetch(`${traced.url}/api/product/${randomUUID()}`)).status).toBe(404);
    expect(collector.spans).toEqual([]);

    traced.process.kill("SIGTERM");
    expect(await traced.exited).toBe(0);

    const served = collector.spans.filter((span) => span.scope === "@opentelemetry/instrumentation-http");
    const list = served.find((span) => span.name === "GET /api/product");
    expect(list?.attributes).toMatchObject({
      "http.route": "/api/product",
      "http.request.method": "GET",
      "http.response.status_code": 200,
    });
    expect(list?.service).toBe("forgeline-storefront");
    expect(served.find((span) => span.name === "GET /api/product/:id")?.attributes).toMatchObject({
      "http.route": "/api/product/:id",
      "http.response.status_code": 404,
    });
    // The balancer's probes (startServerProcess polled /api/ready) make no traces.
    expect(served.filter((span) => span.attributes["url.path"] === "/api/ready")).toEqual([]);

    if (database && list) {
      const queries = collector.spans.filter(
        (span) => span.traceId === list.traceId && span.attributes["db.system.name"] === "postgresql",
      );
      expect(queries.length).toBeGreaterThan(0);
      expect(String(queries.find((span) => span.name.startsWith("pg.query"))?.attributes["db.query.text"])).toMatch(
        /select/i,
      );
    }
    // The probe sees what tracing loads (so its silence below means something).
    expect(await tracedProbe.loaded()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/@opentelemetry\/sdk-trace-node\//),
        expect.stringMatching(/@opentelemetry\/instrumentation-pg\//),
        expect.stringMatching(/import-in-the-middle\//),
      ]),
    );
  });

  it("loads nothing of OpenTelemetry without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    expect((await fetch(`${untraced.url}/api/product`)).status).toBe(200);
    untraced.process.kill("SIGTERM");
    expect(await untraced.exited).toBe(0);
    // Better Auth imports the bare API when it is installed, a facade that does nothing without an SDK:
    // no SDK, exporter, instrumentation or import hook is loaded, nor the tracing module.
    const loaded = await untracedProbe.loaded();
    expect(loaded.filter((file) => !file.includes("/node_modules/@opentelemetry/api/"))).toEqual([]);
  });

  it("reads the endpoint and the service name from the environment, and refuses an endpoint that is no URL", () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toEqual({
      serviceName: "forgeline-storefront",
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com", OTEL_SERVICE_NAME: "shop-eu" }).tracing,
    ).toEqual({ serviceName: "shop-eu" });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
