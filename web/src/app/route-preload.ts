import { paths } from "../config/paths";
import { queryClient } from "../lib/query-client";
import { sessionQuery } from "../lib/session";

/** The addresses of signed-in pages: their code and data start before the route renders (signed-in-preload.ts). */
function isSignedInPage(pathname: string): boolean {
  return pathname === paths.cart || pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
}

const started = new Set<string>();

/** The chunks signed-in-preload.ts needs beyond the first bundle's, space-separated: the build writes them here. */
const SIGNED_IN_CHUNKS = "__SIGNED_IN_CHUNKS__";

/** Fetches the preloading code and the chunks it imports at once, rather than each after the one importing it. */
function preloadSignedInCode(): void {
  if (document.querySelector("link[data-signed-in-preload]")) return;
  for (const href of SIGNED_IN_CHUNKS.split(" ")) {
    if (!href.startsWith("/")) continue; // the development server: no chunks
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    link.dataset.signedInPreload = "";
    document.head.append(link);
  }
}

/**
 * Starts what a signed-in page needs at once and side by side (docs/PERFORMANCE.md, 'Signed-in pages'): the session
 * (with the role), the route's code and its data, instead of one after another as each component mounts. Called when
 * the app boots on such a page, and when a link to one is hovered or focused. Public pages start nothing here: the
 * preloading code is a chunk of its own, loaded only for a signed-in page.
 */
export function preloadRoute(pathname: string): void {
  if (!isSignedInPage(pathname)) return;
  void queryClient.prefetchQuery(sessionQuery);
  // Once per address while the data is fresh enough: a hovered link is preloaded once, not on every move.
  if (started.has(pathname)) return;
  started.add(pathname);
  setTimeout(() => started.delete(pathname), 30_000);
  preloadSignedInCode();
  void import("./signed-in-preload").then((module) => module.preloadSignedInPage(pathname));
}

/**
 * Preloads the signed-in page a link points at when the link is pointed at or focused: one listener for the
 * whole document, so the links themselves carry nothing of it.
 */
export function preloadOnPointing(): void {
  const onPointing = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    preloadRoute(link.pathname);
  };
  document.addEventListener("pointerover", onPointing, { passive: true });
  document.addEventListener("focusin", onPointing);
}
