import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Testing Library unmounts after each test on its own only where the test functions are globals.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  globalThis.localStorage?.clear();
});

// The toast library loads on a page's first toast; loaded here, so that a toast sent as a test file ends does not
// evaluate it after the file's DOM is gone.
if (typeof document !== "undefined") await import("./lib/toaster");

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
