import { BarChart, LineChart } from "chartist";
import { useEffect, useRef } from "react";
import "./chart.css";
import { chartHeight } from "./chart-height";

/** What one chart draws: a line over the days, or bars (lying down when their labels are long names). */
export interface ChartSpec {
  kind: "line" | "bars" | "lying-bars";
  labels: string[];
  values: number[];
  /** How the value axis writes a number (money, a count). */
  formatValue: (value: number) => string;
  /** How a label of the category axis is written; null leaves that tick without a label. */
  formatLabel?: (label: string, index: number) => string | null;
}

/**
 * The overview's charts, drawn with Chartist (SVG; docs/decisions/026-overview-chart-library.md). Loaded
 * with React.lazy by the page only, so no other page carries the library. The drawing is hidden from
 * assistive technology: the page wraps it in a `role="img"` with a summary and gives its table beside it.
 */
export default function Chart({ spec }: { spec: ChartSpec }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!frame.current) return;
    const label = spec.formatLabel ?? ((text: string) => text);
    const categoryAxis = {
      showGrid: false,
      labelInterpolationFnc: (text: string | number, index: number) => label(String(text), index),
    };
    const valueAxis = {
      labelInterpolationFnc: (value: string | number) => spec.formatValue(Number(value)),
      onlyInteger: spec.kind !== "line",
    };
    const data = { labels: spec.labels, series: [spec.values] };
    const height = chartHeight(spec);
    const chart =
      spec.kind === "line"
        ? new LineChart(frame.current, data, {
            height,
            // From zero (or below, on a day of more refunds than payments): a line that floats hides scale.
            low: Math.min(0, ...spec.values),
            showPoint: false,
            showArea: true,
            lineSmooth: false,
            fullWidth: true,
            chartPadding: { right: 16 },
            axisX: categoryAxis,
            axisY: { ...valueAxis, offset: 56 },
          })
        : new BarChart(
            frame.current,
            data,
            spec.kind === "bars"
              ? { height, axisX: { ...categoryAxis, offset: 40 }, axisY: { ...valueAxis, offset: 40 } }
              : {
                  height,
                  horizontalBars: true,
                  reverseData: true,
                  chartPadding: { right: 32 },
                  axisX: { ...valueAxis, offset: 24 },
                  axisY: { ...categoryAxis, offset: 140 },
                },
          );
    return () => {
      chart.detach();
    };
  }, [spec]);
  return <div ref={frame} aria-hidden="true" />;
}
