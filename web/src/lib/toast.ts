import { errorMessage } from "./error-message";

type ToastKind = "success" | "error" | "info";

let toaster: Promise<typeof import("./toaster")> | undefined;

/**
 * Shows a toast (top-right, 5 s, light: docs/SPEC-CONFORMANCE.md §9). The toast library is loaded on the first
 * toast, so pages that never show one never download it.
 */
export function notify(kind: ToastKind, message: string): void {
  toaster ??= import("./toaster");
  void toaster.then((module) => module.show(kind, message));
}

/** A failure told in an error toast, in the words of `errorMessage` (the server's, for `field` when it names one). */
export function notifyError(error: unknown, field?: string): void {
  notify("error", errorMessage(error, field));
}

/**
 * Waits for `work` and tells how it went in a toast: `done` once it succeeded, else the failure's message.
 * Answers whether it succeeded, for what follows (a dialog closed, the focus moved).
 */
export async function toastOutcome(work: Promise<unknown>, done: string): Promise<boolean> {
  try {
    await work;
  } catch (error) {
    notifyError(error);
    return false;
  }
  notify("success", done);
  return true;
}
