import type { ReactNode } from "react";

/** Outline pictures (24-unit grid) for the navbar's items on a phone. */
const ICONS = {
  home: "M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9",
  cart: "M3 4h2l2.4 11h10.2L20 7H6.4M9 20h.01M17 20h.01",
  dashboard: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  logOut: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10",
} as const;

/**
 * A navbar item's words, which on a phone become a picture: the signed-in bar's six items did not fit one line of
 * 390 px and wrapped onto two. The words stay the item's accessible name there (read, not shown), and its name is
 * the same at every width.
 */
export function NavLabel({ icon, children }: { icon: keyof typeof ICONS; children: ReactNode }) {
  return (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        className="size-5 sm:hidden"
      >
        <path d={ICONS[icon]} />
      </svg>
      <span className="max-sm:sr-only">{children}</span>
    </>
  );
}
