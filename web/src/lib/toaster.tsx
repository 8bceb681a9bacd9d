import { TOAST_OPTIONS } from "@forgeline/contract";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { ToastContainer, toast } from "react-toastify";

const host = document.createElement("div");
host.id = "toasts";
document.body.append(host);

/**
 * Top-right as the spec asks, but under the sticky header rather than over it: a toast stays 5 s, and over the bar
 * it hid Cart and Log Out that long. The bar's height is followed (it may grow on a narrow window); on a phone the
 * library's own rule would pin the toast to the very top, so the place is given inline, which wins over it.
 */
const GAP_PX = 8;
const header = document.querySelector("header");
const placeUnderHeader = () => host.style.setProperty("--toast-top", `${(header?.offsetHeight ?? 0) + GAP_PX}px`);
placeUnderHeader();
if (header) new ResizeObserver(placeUnderHeader).observe(header);

// Mounted synchronously so that the first toast, sent right after this module loads, is shown.
flushSync(() =>
  createRoot(host).render(
    <ToastContainer
      position={TOAST_OPTIONS.position}
      autoClose={TOAST_OPTIONS.autoClose}
      theme={TOAST_OPTIONS.theme}
      style={{ top: "var(--toast-top)" }}
    />,
  ),
);

export function show(kind: "success" | "error" | "info", message: string): void {
  toast[kind](message);
}
