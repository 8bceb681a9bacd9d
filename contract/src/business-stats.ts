/**
 * The business summary's figures (docs/SPEC-CONFORMANCE.md §9). Not in constants.ts: that module is in the first
 * bundle of every page, and only the home page's lower half, loaded when scrolled near, shows these.
 */
export const BUSINESS_STATS = [
  { label: "Clients", value: "100+" },
  { label: "Revenue", value: "120M+" },
  { label: "Reviews", value: "33.3K" },
  { label: "Tools", value: "50+" },
  { label: "Customers", value: "1K+" },
] as const;
