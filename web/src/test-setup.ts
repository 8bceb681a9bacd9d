import { act, cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

// A page's first render loads its lazy route module; on a busy 2-core machine that took more than Testing Library's
// default second (admin-order-page.test.tsx, with the API suite beside it). A wait still ends as soon as the page
// shows what it waits for.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test on its own only where the test functions are globals.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  globalThis.localStorage?.clear();
});

// The toast library loads on a page's first toast; loaded here, so that a toast sent as a test file ends does not
// evaluate it after the file's DOM is gone.
if (typeof document !== "undefined") {
  await import("./lib/toaster");
  // The next file in this worker shares the document (vitest.config.ts): it must not find this file's toasts.
  // jsdom plays no CSS animation, so each toast's exit animation is ended here by hand.
  const { toast } = await import("react-toastify");
  afterAll(async () => {
    toast.dismiss();
    await act(async () => {});
    for (const shown of document.querySelectorAll(".Toastify__toast")) {
      shown.dispatchEvent(new Event("animationend"));
    }
    await vi.waitFor(() => {
      if (document.querySelector(".Toastify__toast")) throw new Error("a toast is still shown");
    });
  });
}

// jsdom has <dialog> without its modal methods: these open and close it as a browser would, minus the focus.
// (The server-rendering test runs in Node, without a DOM.)
if (typeof HTMLDialogElement !== "undefined") {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close() {
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
}
