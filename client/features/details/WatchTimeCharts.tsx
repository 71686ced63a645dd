import { useMemo } from "react";
import { formatHours } from "../../lib/format";
import type { WatchTimeSeries } from "./details-api";
import LineChart from "./LineChart";

const seconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/**
 * Owner analytics only: daily watch time (hours) and average view duration (seconds), each its
 * own chart since their units differ. Days we know nothing of are gaps (null), never zeros.
 */
export function WatchTimeCharts({
  watchTime,
  from,
  to,
}: {
  watchTime: WatchTimeSeries;
  from: string;
  to: string;
}) {
  const x = useMemo(
    () => watchTime.minutes.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000),
    [watchTime],
  );
  const hours = useMemo(
    () => [
      {
        label: "Watch time (hours)",
        values: watchTime.minutes.map((p) => (p.value === null ? null : p.value / 60)),
        color: "#0d9488",
      },
    ],
    [watchTime],
  );
  const duration = useMemo(
    () => [
      {
        label: "Average view duration (seconds)",
        values: watchTime.averageViewDuration.map((p) => p.value),
        color: "#d97706",
      },
    ],
    [watchTime],
  );
  const totalMinutes = watchTime.minutes.reduce((s, p) => s + (p.value ?? 0), 0);
  const known = watchTime.averageViewDuration.filter((p) => p.value !== null);
  const blank = watchTime.minutes.filter((p) => p.value === null).length;
  return (
    <section
      aria-label="Watch time"
      className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h3 className="text-sm font-semibold">Watch time (owner analytics)</h3>
      <p className="text-sm">
        <span className="text-2xl font-semibold">{formatHours(totalMinutes)}</span> hours watched in
        this period
      </p>
      <LineChart
        x={x}
        series={hours}
        time
        summary={`Daily watch time in hours from ${from} to ${to}: ${formatHours(totalMinutes)} hours in total.${blank > 0 ? ` ${blank === 1 ? "1 day has" : `${blank} days have`} no data and ${blank === 1 ? "is" : "are"} left blank.` : ""}`}
      />
      <h3 className="text-sm font-semibold">Average view duration</h3>
      <LineChart
        x={x}
        series={duration}
        time
        summary={`Average view duration per day from ${from} to ${to}${known.length ? `, from ${seconds(Math.min(...known.map((p) => p.value ?? 0)))} to ${seconds(Math.max(...known.map((p) => p.value ?? 0)))}` : ""}; days without views are left blank.`}
      />
    </section>
  );
}
