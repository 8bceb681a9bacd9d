import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES, imageUploadResponseSchema } from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http/errors.js";
import { folderImageStore, ImageRejected, storeImage } from "./store.js";

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

/** POST /api/image (multipart field `image`), signed-in callers only; answers imgbb's shape. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const store = folderImageStore(app.config.imagesDir);

  app.post(
    "/image",
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { response: { 200: imageUploadResponseSchema } },
    },
    async (request) => {
      const bytes = await uploadedImage(request);
      try {
        return { success: true as const, data: await storeImage(store, bytes) };
      } catch (error) {
        if (error instanceof ImageRejected) throw imageError(400, error.message);
        throw error;
      }
    },
  );
};
