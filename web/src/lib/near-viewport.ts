/**
 * Resolves once the element with this id comes within 200 px of the viewport, or at once where there
 * is no such element (on the server, or before the element is rendered), or when `stop` aborts: the
 * element is going away, and whatever waits must not wait for it forever.
 */
export function nearViewport(id: string, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const element = typeof document === "undefined" ? null : document.getElementById(id);
    if (!element || typeof IntersectionObserver === "undefined" || stop.aborted) return resolve();
    const done = () => {
      observer.disconnect();
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
      rootMargin: "200px 0px",
    });
    observer.observe(element);
    stop.addEventListener("abort", done, { once: true });
  });
}
