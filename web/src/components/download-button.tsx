import { type ReactNode, useState } from "react";
import { ApiError } from "../lib/api-client";
import { notify } from "../lib/toast";

/** A button that saves a file: busy while it downloads, and a message in a toast if it fails. */
export function DownloadButton(props: {
  download: () => Promise<void>;
  /** What the toast says when the failure has no message of the server's. */
  failure: string;
  className?: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await props.download();
    } catch (error) {
      notify("error", error instanceof ApiError ? error.message : props.failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={props.className ?? "btn"} disabled={busy} onClick={() => void save()}>
      {props.children}
    </button>
  );
}
