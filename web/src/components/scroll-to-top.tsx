import { useEffect } from "react";
import { useLocation } from "react-router";

/** A new page starts at its top, as it would without client-side routing; anchors are left to the page. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of pathname is what triggers the scroll.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
