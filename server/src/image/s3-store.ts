import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../config.js";
import { IMAGE_CACHE_CONTROL, type ImageStore, imageContentType } from "./store.js";

/**
 * The pictures as objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), each under its own
 * name. Every instance configured with the same bucket serves every picture.
 */
export function s3ImageStore(settings: S3Settings): ImageStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys, the SDK's own chain finds them (a role of the machine, AWS_* variables).
    credentials: settings.credentials,
    // Checksums only where S3 requires them: not every S3-compatible service knows the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the upload or the picture, rather than holding them open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const remove = async (names: readonly string[]) => {
    await Promise.all(names.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
  };
  return {
    async save(files) {
      // Every width's PUT is let finish (or give up) before anything is decided: after the first failure the
      // SDK may still be retrying the others, and one landing after the clean-up would be left behind.
      const puts = await Promise.allSettled(
        files.map(({ name, bytes }) =>
          client.send(
            new PutObjectCommand({
              Bucket,
              Key: name,
              Body: bytes,
              ContentType: imageContentType(name),
              CacheControl: IMAGE_CACHE_CONTROL,
            }),
          ),
        ),
      );
      const failed = puts.find((put) => put.status === "rejected");
      if (!failed) return;
      // Takes back the widths that did arrive: no half-stored picture is left behind.
      await remove(files.map(({ name }) => name)).catch(() => undefined);
      throw failed.reason;
    },
    remove,
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? `"${name}"`,
          lastModified: object.LastModified ?? new Date(0),
        };
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}
