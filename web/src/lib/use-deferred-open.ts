import { useDeferredValue } from "react";

/**
 * Whether a gate that waits for an answer (the sign-in, the role) lets what it guards through: closed at once, opened in
 * a deferred render. What it guards is lazy code; opened in the urgent render an answer starts, code that has not run
 * yet puts the page back to the Suspense fallback, and React then holds every reveal until 300 ms after that fallback
 * (docs/PERFORMANCE.md, 'Signed-in pages'). Opened in a deferred render, the screen stays as it is until the code is in.
 */
export function useDeferredOpen(open: boolean): boolean {
  return useDeferredValue(open) && open;
}
