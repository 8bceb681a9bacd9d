import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";
import { type Encoding, encodingOf } from "./compression.js";

/** What a prepared answer belongs to: a public list, whose `generation` moves on with every write to it. */
export interface PreparedSource {
  readonly generation: number;
}

interface Prepared {
  /** The answer's headers as Fastify wrote them, but the request's id, flat: name, value, name, value. */
  headers: OutgoingHttpHeader[];
  body: Buffer;
  source: PreparedSource;
  generation: number;
  expires: number;
  /** The route's pattern, for the metrics. */
  route: string;
}

/**
 * Where an answer is kept, each shelf with its own bound: searches come in endless variety, each asked by few, and a
 * flood of them must never push a list's pages out.
 */
export type Shelf = "pages" | "searches";

/** Counts an answer sent without Fastify in the metrics (http/metrics.ts), as Fastify's own are counted. */
export type AnswerRecorder = (method: string, route: string, status: number, seconds: number) => void;

/**
 * The public lists' most read pages (the catalogue's first page, everyone's reviews) and searches answered before
 * Fastify sees the request: the exact bytes and headers Fastify sent the last time the same address was asked for
 * with the same encoding, with the request's own X-Request-Id. An answer is prepared by its first request,
 * which goes through Fastify (its checks, its hooks, its serializer) and is kept when nothing wrote to the
 * list meanwhile; any write to the list (on this instance or, through http/cache-sync.ts, on another)
 * moves the list's generation on, which retires the list's answers at once. They also expire with the page
 * cache (`ttlMs`), should the word of a write be lost. A conditional request (If-None-Match) and anything
 * not prepared goes to Fastify. Answers to a request with a cookie or a token, or setting a cookie, are
 * never kept, so no caller's own answer is ever served to another.
 */
export class PreparedAnswers {
  readonly #shelves: Record<Shelf, Map<string, Prepared>> = { pages: new Map(), searches: new Map() };
  /** Set when the server starts closing: every request then goes to Fastify, which answers 503. */
  closing = false;
  recordAnswer: AnswerRecorder | undefined;
  /** The request's id as Fastify would give it (http/request-id.ts); a new one until the app says. */
  requestIdOf: (request: IncomingMessage) => string = () => randomUUID();

  constructor(
    private readonly ttlMs = 5_000,
    /** How many answers each shelf holds. */
    private readonly maxAnswers = 100,
  ) {}

  /**
   * Keeps the answer this reply is about to send, as it goes on the wire, on `shelf` for the next requests of
   * the same address and encoding, if it is a 200 and `source` was not written to since `generation`.
   */
  keep(reply: FastifyReply, source: PreparedSource, generation: number, encoding: Encoding, shelf: Shelf): void {
    const url = reply.request.raw.url;
    const route = reply.request.routeOptions.url ?? "unmatched";
    const asked = reply.request.headers;
    if (!url || reply.request.method !== "GET" || asked["if-none-match"] !== undefined) return;
    // Only what anyone would be answered is kept: never an answer to a caller who said who they are.
    if (asked.cookie !== undefined || asked.authorization !== undefined) return;
    const raw = reply.raw;
    let status = 0;
    let headers: OutgoingHttpHeader[] | undefined;
    let body: Buffer | undefined;
    const writeHead = raw.writeHead;
    const end = raw.end;
    // Fastify writes a cached page with one writeHead and one end (the body a string or a Buffer).
    raw.writeHead = ((code: number, ...rest: unknown[]) => {
      status = code;
      const given = rest.find((arg) => typeof arg === "object" && arg !== null);
      headers = given ? flatHeaders(given as Record<string, OutgoingHttpHeader>) : undefined;
      raw.writeHead = writeHead;
      return writeHead.call(raw, code, ...(rest as []));
    }) as typeof raw.writeHead;
    raw.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk === "string") body = Buffer.from(chunk);
      else if (Buffer.isBuffer(chunk)) body = chunk;
      raw.end = end;
      return end.apply(raw, [chunk, ...rest] as Parameters<typeof end>);
    }) as typeof raw.end;
    raw.once("finish", () => {
      if (status !== 200 || !headers || !body || source.generation !== generation) return;
      if (Number(headerValue(headers, "content-length") ?? body.length) !== body.length) return;
      // A cookie set is one caller's, never everyone's.
      if (headerValue(headers, "set-cookie") !== undefined) return;
      const key = keyOf(url, encoding);
      const answers = this.#shelves[shelf];
      if (!answers.has(key) && answers.size >= this.maxAnswers) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
      answers.set(key, { headers, body, source, generation, expires: Date.now() + this.ttlMs, route });
    });
  }

  /** Answers the request from a prepared answer and says so; false when there is none (Fastify answers). */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || this.closing || this.size === 0 || !request.url) return false;
    if (request.headers["if-none-match"] !== undefined) return false;
    const key = keyOf(request.url, encodingOf(request.headers["accept-encoding"]));
    const answers = this.#shelves.pages.has(key) ? this.#shelves.pages : this.#shelves.searches;
    const prepared = answers.get(key);
    if (!prepared) return false;
    if (prepared.generation !== prepared.source.generation || prepared.expires <= Date.now()) {
      answers.delete(key);
      return false;
    }
    const start = this.recordAnswer ? performance.now() : 0;
    response.writeHead(200, [...prepared.headers, "x-request-id", this.requestIdOf(request)]);
    response.end(prepared.body);
    this.recordAnswer?.("GET", prepared.route, 200, (performance.now() - start) / 1000);
    return true;
  }

  /** How many answers are held (a test sees through it what was prepared). */
  get size(): number {
    return this.#shelves.pages.size + this.#shelves.searches.size;
  }

  /** How many answers one shelf holds. */
  held(shelf: Shelf): number {
    return this.#shelves[shelf].size;
  }
}

function keyOf(url: string, encoding: Encoding): string {
  return `${encoding} ${url}`;
}

/** Headers as Fastify hands them to writeHead, flat, without the request's id. */
function flatHeaders(headers: Record<string, OutgoingHttpHeader>): OutgoingHttpHeader[] {
  const flat: OutgoingHttpHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.toLowerCase() === "x-request-id") continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  return flat;
}

function headerValue(flat: OutgoingHttpHeader[], name: string): OutgoingHttpHeader | undefined {
  for (let i = 0; i < flat.length; i += 2) if (String(flat[i]).toLowerCase() === name) return flat[i + 1];
  return undefined;
}
