import { ApiError } from "./api-client";

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

/**
 * What a page tells a person when something failed, the one way: the server's message (for `field`, that
 * field's own when the refusal names it), else the failure's own message. Here rather than in api-client.ts,
 * which the first bundle carries: no page needs it before something fails, and then it tells it beside the button pressed.
 */
export function errorMessage(error: unknown, field?: string): string {
  if (error instanceof ApiError) return (field && error.messageFor(field)) || error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A refusal's messages by the fields it names, the first of each (of `fields` alone when given), to show
 * beside them; null when it names none.
 */
export function refusedFields(error: unknown, fields?: readonly string[]): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const found: Record<string, string> = {};
  for (const { field, message } of error.fieldErrors) {
    if (!fields || fields.includes(field)) found[field] ??= message;
  }
  return Object.keys(found).length > 0 ? found : null;
}
