// When a signed-in page's content shows, as a person sees it: the bench times pages to it (bench/browser.mjs), and a
// browser test proves the rule on a real page (e2e/tests/content-shown.spec.ts). They share this file.

/**
 * Runs in the page (Playwright's `addInitScript`, before the page's own code): sets `window.__contentAt` (ms since the
 * navigation began) once the content shows as a person sees it. In `<main>`: the page's `<h1>`, the page's own rows or
 * lines (`content`, a selector, when given), and no spinner. A spinner is a status (`role="status"`) that shows but says
 * nothing a person can read (a ring, its words for screen readers only). A status with nothing in it (a message area
 * waiting for its words, as the confirm-address notice's), one visually hidden (a clipped pixel) or one hidden under a
 * fallback shows nothing, and a status whose words show is a message, not a wait.
 */
export function watchForContent(content) {
  window.__contentAt = null;
  // What takes room on the screen (more than the clipped pixel of a visually hidden element) and is not hidden.
  const shows = (element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 1 && box.height > 1 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  const saysSomething = (element) =>
    [element, ...element.querySelectorAll("*")].some(
      (part) =>
        shows(part) && [...part.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.data.trim()),
    );
  const spinning = (status) => status.childElementCount > 0 && shows(status) && !saysSomething(status);
  const check = () => {
    const main = document.querySelector("main");
    if (!main || ![...main.querySelectorAll("h1")].some(shows)) return;
    if ([...main.querySelectorAll('[role="status"]')].some(spinning)) return;
    if (content && ![...main.querySelectorAll(content)].some(shows)) return;
    window.__contentAt = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}
