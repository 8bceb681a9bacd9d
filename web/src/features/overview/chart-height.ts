import type { ChartSpec } from "./chart";

/**
 * How tall a chart draws, in CSS. The page reserves it before Chartist arrives (lazily, after the figures),
 * so the charts coming in do not push the page about (Lighthouse's layout shift).
 */
export function chartHeight(spec: Pick<ChartSpec, "kind" | "labels">): string {
  return spec.kind === "lying-bars" ? `${Math.max(4, spec.labels.length * 2.25 + 2)}rem` : "16rem";
}
