import { useEffect, useRef } from "react";
import { useLocation } from "../lib/router";

/**
 * A new page starts at its top, as it would without client-side routing; anchors are left to the page.
 * The first page is left alone: the browser placed it, and a visitor may have scrolled a server-rendered
 * page before it came alive.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const firstPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of pathname is what triggers the scroll.
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
