import type { FastifyInstance } from "fastify";
import { IMAGE_CACHE_CONTROL, type ImageStore, imageContentType } from "./store.js";

/**
 * GET /images/{name}: a picture from the configured store, whichever it is, cached by browsers for a year.
 * A name no store could hold (a slash, a leading dot, another extension) or a file the store has not got
 * is the ordinary 404; an encoded slash or dot segment never gets here (http/canonical-path.ts: 400).
 */
export function serveImages(app: FastifyInstance, store: ImageStore): void {
  app.get<{ Params: { name: string } }>("/images/:name", { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const contentType = imageContentType(name);
    const image = contentType ? await store.read(name) : undefined;
    if (!contentType || !image) return reply.callNotFound();
    reply
      .header("content-type", contentType)
      .header("cache-control", IMAGE_CACHE_CONTROL)
      .header("etag", image.etag)
      .header("last-modified", image.lastModified.toUTCString());
    if (request.headers["if-none-match"] === image.etag) {
      image.body.destroy();
      return reply.code(304).send();
    }
    return reply.header("content-length", image.size).send(image.body);
  });
}
