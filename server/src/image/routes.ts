import { randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES, IMAGE_TYPES, imageUploadResponseSchema } from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { ImageRejected, reencodeToWebp } from "./picture.js";
import { releaseUpload, renameUpload, reserveUpload } from "./queries.js";
import { IMAGES_URL_PREFIX, type ImageStore } from "./store.js";
import { removeUnusedUploads } from "./sweep.js";

const SWEEP_EVERY_MS = 60 * 60_000;

const imageError = (status: number, message: string) => new HttpError(status, message, [{ field: "image", message }]);

/** The bytes of the multipart field `image`, or a 400/413 that says what is wrong. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw imageError(400, "Image is Required");
  try {
    const file = await request.file();
    if (file?.fieldname !== "image") throw imageError(400, "Image is Required");
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw imageError(413, "The picture is larger than 5 MB. Choose a smaller one.");
    }
    throw error;
  }
}

/** Removes unused uploads at start-up and every hour; a failed sweep is logged and tried again later. */
function sweepUnusedUploads(app: FastifyInstance, store: ImageStore) {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = removeUnusedUploads(app.db, store).then(
      (removed) => {
        if (removed.length > 0) app.log.info({ removed }, "removed uploaded pictures nothing refers to");
      },
      (error) => app.log.error({ err: error }, "removing unused uploaded pictures failed"),
    );
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    // A sweep under way finishes before the database it uses is closed.
    await running;
  });
}

/**
 * The upload form, as the document shows it. The file is streamed and checked by `uploadedImage`, so the
 * schema lets any body through (a multipart body is not parsed before the handler) and only describes it.
 */
const UPLOAD_FORM = z.unknown().meta({
  type: "object",
  properties: {
    image: {
      type: "string",
      contentMediaType: "image/*",
      description: `The picture (${IMAGE_TYPES.join(", ")}), up to ${IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
    },
  },
  required: ["image"],
});

/** POST /api/image (multipart field `image`), signed-in callers only; answers imgbb's shape. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  sweepUnusedUploads(app, app.imageStore);

  app.post(
    "/image",
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        summary: "Upload a picture; it is stored re-encoded as WebP in several widths",
        description: "A multipart form whose one field, `image`, is the file. Each account has a daily allowance.",
        tags: ["Images"],
        security: requires("accessToken"),
        consumes: ["multipart/form-data"],
        body: UPLOAD_FORM,
        response: {
          200: jsonAnswer(
            "Stored; `data.url` is the address of its widest file (imgbb's answer shape), `<id>-<width>.webp`; the narrower widths (320, 640) below it are beside it as `<id>-320.webp` and `<id>-640.webp`.",
            imageUploadResponseSchema,
          ),
          ...errorAnswers(400, 401, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const bytes = await uploadedImage(request);
      const id = randomUUID();
      // Counted against the quota before the costly decode, under a name of its own until its widths are known.
      const upload = { name: `${id}.webp`, uploaderEmail: callerOf(request).email, originalBytes: bytes.length };
      if (!(await reserveUpload(app.db, upload, app.config.imageUploadQuota))) {
        throw imageError(429, "You have uploaded too many pictures today. Please try again tomorrow.");
      }
      let recorded = upload.name;
      try {
        const picture = await reencodeToWebp(bytes);
        const files = picture.files.map(({ width, data }) => ({ name: `${id}-${width}.webp`, bytes: data }));
        // The record then names the widest file, whose URL the answer gives and products keep.
        const widest = files.at(-1)?.name ?? upload.name;
        await renameUpload(app.db, recorded, widest);
        recorded = widest;
        await app.imageStore.save(files);
        const url = `${IMAGES_URL_PREFIX}${widest}`;
        return { success: true as const, data: { url, width: picture.width, height: picture.height } };
      } catch (error) {
        await releaseUpload(app.db, recorded);
        if (error instanceof ImageRejected) throw imageError(400, error.message);
        throw error;
      }
    },
  );
};
