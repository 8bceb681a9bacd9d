import { useSyncExternalStore } from "react";

/**
 * Whether the page's content is live: `<html data-ready>`, set once the route's content has hydrated or rendered
 * (app/app.tsx). The browser tests wait for it before typing into a server-rendered page.
 */
export function pageIsLive(): boolean {
  return document.documentElement.dataset.ready === "true";
}

const waitingForLive: Array<() => void> = [];

export function markPageLive(): void {
  document.documentElement.dataset.ready = "true";
  for (const go of waitingForLive.splice(0)) go();
}

/** Runs `go` now if the page is live, else the moment it becomes live (in the order asked). */
export function whenPageLive(go: () => void): void {
  if (pageIsLive()) go();
  else waitingForLive.push(go);
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
