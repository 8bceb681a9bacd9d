import { IMAGE_TYPES } from "@forgeline/contract";
import { useState } from "react";
import { errorMessage } from "../lib/toast";
import { FieldShell } from "./field";

/**
 * Picks a picture, uploads it at once with a progress bar, and hands the stored URL to the form.
 * The form's own error (e.g. "Image is Required") and the upload's error show beside the field. `track`
 * hands the form the upload under way, so a submit pressed meanwhile waits for the picture.
 */
export function ImageUpload({
  label,
  control: { value: chosen, onChange, track },
  error,
}: {
  label: string;
  /** The form's field (`control("image")` of use-checked-form.ts): the URL, its setter, and `track`. */
  control: {
    value: unknown;
    onChange: (url: string) => void;
    track?: ((upload: Promise<unknown>) => void) | undefined;
  };
  error?: string | undefined;
}) {
  const value = String(chosen ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      // The upload's code loads with the first picked file, not with the form.
      const { uploadImage } = await import("../lib/upload-image");
      onChange(await uploadImage(file, setProgress));
    } catch (failure) {
      onChange("");
      setUploadError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  }

  return (
    <FieldShell label={label} error={uploadError ?? error}>
      {({ id, describedBy }) => (
        <div className="flex items-center gap-3">
          {value && <img src={value} alt="" width={64} height={64} className="h-16 w-16 rounded-box object-cover" />}
          <div className="flex-1">
            <input
              id={id}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              aria-invalid={Boolean(uploadError ?? error)}
              aria-describedby={describedBy}
              className="file-input w-full"
              onChange={(event) => {
                // pick() settles every failure itself: the form may wait on it without a catch.
                track?.(pick(event.target.files?.[0]));
              }}
            />
            {progress !== null && (
              <progress
                className="progress progress-primary mt-2 w-full"
                value={progress}
                max={100}
                aria-label="Upload progress"
              >
                {progress}%
              </progress>
            )}
            {value && progress === null && (
              <p className="mt-1 text-sm text-success" role="status">
                Picture uploaded
              </p>
            )}
          </div>
        </div>
      )}
    </FieldShell>
  );
}
