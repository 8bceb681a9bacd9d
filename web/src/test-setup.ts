import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Testing Library unmounts after each test on its own only where the test functions are globals.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  globalThis.localStorage?.clear();
});
