import type { ApiErrorBody, ImageUploadResponse } from "@forgeline/contract";
import { freshAccessToken } from "./account-session";
import { ApiError } from "./api-client";
import { accountApi } from "./api-routes/account";

/**
 * Sends a picture to POST /api/image and answers its URL. XMLHttpRequest rather than the API client's fetch,
 * because only it reports upload progress.
 */
export async function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const token = await freshAccessToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const [method = "POST", path = ""] = accountApi.image.split(" ");
    request.open(method, path);
    if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, "The upload failed. Check your connection and try again."));
    request.onload = () => {
      const body = JSON.parse(request.responseText || "null") as (ImageUploadResponse & ApiErrorBody) | null;
      if (request.status === 200 && body?.success) resolve(body.data.url);
      else reject(new ApiError(request.status, body?.errors?.[0]?.message ?? body?.message ?? "The upload failed."));
    };
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}
