/**
 * How toasts show (docs/SPEC-CONFORMANCE.md §9): top-right, closing after 5 s, light. Not in constants.ts: that
 * module
 * is in the first bundle of every page, and only the toast library, loaded on the first toast, reads these.
 */
export const TOAST_OPTIONS = {
  position: "top-right",
  autoClose: 5000,
  theme: "light",
} as const;
