/**
 * Resolves once the element with this id comes within 200 px of the viewport, or at once where there
 * is no such element (on the server, or before the element is rendered).
 */
export function nearViewport(id: string): Promise<void> {
  return new Promise((resolve) => {
    const element = typeof document === "undefined" ? null : document.getElementById(id);
    if (!element || typeof IntersectionObserver === "undefined") return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
  });
}
