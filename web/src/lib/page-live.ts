import { useSyncExternalStore } from "react";

/**
 * Whether the page's content is live: `<html data-ready>`, set once the route's content has hydrated or rendered
 * (app/app.tsx). The browser tests wait for it before typing into a server-rendered page.
 */
export function pageIsLive(): boolean {
  return document.documentElement.dataset.ready === "true";
}

export function markPageLive(): void {
  document.documentElement.dataset.ready = "true";
}

function onLiveMark(changed: () => void) {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributeFilter: ["data-ready"] });
  return () => observer.disconnect();
}

/** pageIsLive as state: false on the server and while hydrating, true from the moment the page is live. */
export function usePageLive(): boolean {
  return useSyncExternalStore(onLiveMark, pageIsLive, () => false);
}
