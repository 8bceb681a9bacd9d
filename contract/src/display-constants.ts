/**
 * Constants of SPEC.md point 9 shown only by some parts of the page (the toasts, the business summary
 * below the fold): apart from constants.ts so that the first screen does not load them.
 */

export const TOAST_OPTIONS = {
  position: "top-right",
  autoClose: 5000,
  theme: "light",
} as const;

export const BUSINESS_STATS = [
  { label: "Clients", value: "100+" },
  { label: "Revenue", value: "120M+" },
  { label: "Reviews", value: "33.3K" },
  { label: "Tools", value: "50+" },
  { label: "Customers", value: "1K+" },
] as const;
