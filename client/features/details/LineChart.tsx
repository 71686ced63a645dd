import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCompact } from "../../lib/format";

export type LineSeries = {
  label: string;
  values: Array<number | null>;
  color: string;
  dash?: number[];
  fill?: string;
};

/** Follows the app's dark mode (the `dark` class on <html>), so the chart re-themes live. */
function useDarkMode() {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains("dark"));
  useEffect(() => {
    const observer = new MutationObserver(() =>
      setDark(document.documentElement.classList.contains("dark")),
    );
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

type Props = {
  /** x values: unix seconds for time axes, plain numbers otherwise. */
  x: number[];
  series: LineSeries[];
  time: boolean;
  height?: number;
  /** The chart's text equivalent, read by screen readers. */
  summary: string;
  xLabel?: string;
};

/** The indices of values with no value on either side: a line cannot show them. */
export function loneValues(values: ReadonlyArray<number | null>): number[] | null {
  const lone = values.flatMap((v, i) =>
    v !== null && values[i - 1] == null && values[i + 1] == null ? [i] : [],
  );
  return lone.length > 0 ? lone : null;
}

/** A small, fast uPlot line chart that fits its container and the theme. */
export default function LineChart({ x, series, time, height = 220, summary, xLabel }: Props) {
  const box = useRef<HTMLDivElement | null>(null);
  const dark = useDarkMode();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = dark ? "#cbd5e1" : "#334155";
    const grid = dark ? "rgba(148,163,184,0.15)" : "rgba(100,116,139,0.15)";
    const axisOpts = {
      stroke: axis,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    };
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height,
        scales: { x: { time } },
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        axes: [
          { ...axisOpts, label: xLabel, labelSize: xLabel ? 20 : 0 },
          {
            ...axisOpts,
            size: 60,
            values: (_u, ticks) => ticks.map((t) => formatCompact(t)),
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            dash: s.dash,
            fill: s.fill,
            spanGaps: false,
            // No dots along the lines, but a day with gaps on both sides (a video's first day,
            // a lone day between missing ones) has no line to draw: it is a dot, or nothing
            // showed at all while the panel said "4 views in this period".
            points: { show: false, filter: loneValues(s.values), size: 6, fill: s.color },
          })),
        ],
      },
      [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [x, series, time, height, dark, xLabel]);
  return (
    <figure className="m-0">
      <div ref={box} aria-hidden className="w-full" data-testid="chart" />
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
