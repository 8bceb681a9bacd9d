/**
 * A one-shot signal between two interleaved transactions of a test: one side awaits `happened`, the other calls
 * `give()` when it has reached the point the first waits for. (Node 20 lacks `Promise.withResolvers`.)
 */
export function signal() {
  let give = () => {};
  const happened = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { give, happened };
}
