import type { Config } from "../config.js";
import { s3ImageStore } from "./s3-store.js";
import { folderImageStore, type ImageStore } from "./store.js";

/** S3-compatible object storage when S3_BUCKET is set, else the folder DATA_DIR/images. */
export function imageStoreFor(config: Config): ImageStore {
  return config.s3 ? s3ImageStore(config.s3) : folderImageStore(config.imagesDir);
}
