import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyRequest } from "fastify";

export type Encoding = "br" | "gzip" | "identity";

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

// Quality 5 of brotli and level 6 of gzip: most of the saving for a small part of the highest levels' CPU.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP = { level: 6 };
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to answer with: brotli if the browser takes it, else gzip, else none. */
export function encodingFor(request: FastifyRequest): Encoding {
  return encodingOf(request.headers["accept-encoding"]);
}

/** The same, from the request's Accept-Encoding header. */
export function encodingOf(header: string | string[] | undefined): Encoding {
  const accepted = String(header ?? "");
  return /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
}

export function encode(text: string, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") return brotli(text, BROTLI);
  if (encoding === "gzip") return gzipped(text, GZIP);
  return Promise.resolve(Buffer.from(text));
}

/**
 * Every JSON answer of the API from 1 KB on, compressed as it goes (@fastify/compress). Answers that
 * come compressed already (the cached public list pages, compressed once in their cache) pass untouched.
 */
export async function compressApiAnswers(api: FastifyInstance) {
  await api.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: BROTLI,
    zlibOptions: GZIP,
  });
}
