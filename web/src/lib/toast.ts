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
