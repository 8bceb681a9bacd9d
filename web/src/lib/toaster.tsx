import { TOAST_OPTIONS } from "@forgeline/contract";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { ToastContainer, toast } from "react-toastify";

const host = document.createElement("div");
host.id = "toasts";
document.body.append(host);
// Mounted synchronously so that the first toast, sent right after this module loads, is shown.
flushSync(() =>
  createRoot(host).render(
    <ToastContainer
      position={TOAST_OPTIONS.position}
      autoClose={TOAST_OPTIONS.autoClose}
      theme={TOAST_OPTIONS.theme}
    />,
  ),
);

export function show(kind: "success" | "error" | "info", message: string): void {
  toast[kind](message);
}
