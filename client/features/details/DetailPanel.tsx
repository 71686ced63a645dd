import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { windowSourceDetails, windowSourceLabels } from "../../../shared/table-columns";
import { Dialog } from "../../components/Dialog";
import { PageLoading } from "../../components/PageLoading";
import { formatChange, formatCount, previousPeriod } from "../../lib/format";
import { blankDays } from "./blank-days";
import { type DetailKind, detailQueries } from "./details-api";
import LineChart from "./LineChart";
import { RelativeTime } from "./RelativeTime";
import { WatchTimeCharts } from "./WatchTimeCharts";

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const presets = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last year" },
  { value: "custom", label: "Custom" },
] as const;
const n = formatCount;
const inputClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900";

export type DetailPreset = (typeof presets)[number]["value"];
/** The period a panel opens on: one of its presets, or a span of days (shown as Custom). */
export type DetailOpening = { preset?: DetailPreset; span?: { from: string; to: string } };
type Props = {
  orgId: string;
  kind: DetailKind;
  id: string;
  onClose: () => void;
  /** The period it opens on: the dashboard overview's (see TablesView); else the last 30 days. */
  opening?: DetailOpening;
};

/**
 * The detail panel of a channel, video, show or episode: daily views or downloads over a chosen
 * period with the change against the period of the same length before it, when the data was last
 * refreshed, and for videos and episodes the first 30 days against their siblings' median.
 */
export default function DetailPanel({ orgId, kind, id, onClose, opening }: Props) {
  const [preset, setPreset] = useState<DetailPreset>(
    opening?.span ? "custom" : (opening?.preset ?? "30"),
  );
  const today = isoDay(Date.now());
  const [customFrom, setCustomFrom] = useState(
    opening?.span?.from ?? isoDay(Date.now() - 29 * DAY),
  );
  const [customTo, setCustomTo] = useState(opening?.span?.to ?? today);
  const [from, to] =
    preset === "custom"
      ? [customFrom, customTo]
      : [isoDay(Date.now() - (Number(preset) - 1) * DAY), today];
  const valid = from <= to;
  const series = useQuery({
    ...detailQueries.series(orgId, kind, id, from, to),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const paced = kind === "videos" || kind === "episodes";
  const pacing = useQuery({
    ...detailQueries.pacing(orgId, kind, id),
    enabled: paced,
  });

  const data = series.data;
  const metric = data?.metric ?? (kind === "channels" || kind === "videos" ? "views" : "downloads");
  const chart = useMemo(() => {
    if (!data) return null;
    return {
      x: data.points.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000),
      series: [
        {
          label: `Daily ${metric}`,
          values: data.points.map((p) => p.value),
          color: "#6366f1",
          fill: "rgba(99,102,241,0.12)",
        },
      ],
    };
  }, [data, metric]);
  const pace = useMemo(() => {
    if (!pacing.data) return null;
    return {
      x: pacing.data.days,
      series: [
        {
          label: kind === "videos" ? "This video" : "This episode",
          values: pacing.data.item,
          color: "#6366f1",
        },
        {
          label: `Median of ${pacing.data.peers} recent ${kind === "videos" ? "videos" : "episodes"}`,
          values: pacing.data.median,
          color: "#94a3b8",
          dash: [6, 4],
        },
      ],
    };
  }, [pacing.data, kind]);

  // Days we know nothing of are gaps in the chart, never zeros (the server sends them as null).
  const missingDays = data ? data.points.filter((p) => p.value === null).length : 0;
  const blank = data ? blankDays(data.points, data.publishedAt) : { text: null, missing: 0 };
  const change = data?.change;
  const changeText =
    change && change.percent !== null ? formatChange(change.absolute, change.percent) : "";
  const periodDays = data ? Math.round((Date.parse(data.to) - Date.parse(data.from)) / DAY) + 1 : 0;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={data?.title ?? "Details"}
      size="side"
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <label>
            <span className="mr-2">Period</span>
            <select
              aria-label="Period"
              className={inputClass}
              value={preset}
              onChange={(e) => setPreset(e.target.value as typeof preset)}
            >
              {presets.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {preset === "custom" && (
            <>
              <label>
                From{" "}
                <input
                  type="date"
                  className={inputClass}
                  value={customFrom}
                  max={customTo}
                  onChange={(e) => setCustomFrom(e.target.value)}
                />
              </label>
              <label>
                To{" "}
                <input
                  type="date"
                  className={inputClass}
                  value={customTo}
                  max={today}
                  onChange={(e) => setCustomTo(e.target.value)}
                />
              </label>
            </>
          )}
          <p className="ml-auto text-xs text-slate-500 dark:text-slate-400" data-testid="freshness">
            Data refreshed <RelativeTime iso={data?.lastUpdated ?? null} />
          </p>
        </div>
        {!valid && (
          <p className="text-sm text-red-600">The start date must not be after the end date.</p>
        )}
        {series.isPending && valid && <PageLoading />}
        {series.isPlaceholderData && (
          <p className="sr-only" role="status">
            Loading the new period...
          </p>
        )}
        {series.isError && <p className="text-sm text-red-600">Failed to load the chart data.</p>}
        {data && chart && (
          <section aria-label={`Daily ${metric}`} className="space-y-2">
            <p className="text-sm">
              <span className="text-2xl font-semibold">{n(data.total)}</span> {metric} in this
              period
              {changeText ? (
                <>
                  {" · "}
                  <span
                    className={
                      change && change.absolute < 0
                        ? "text-red-600 dark:text-red-400"
                        : "text-green-700 dark:text-green-400"
                    }
                    data-testid="change"
                  >
                    {changeText}
                  </span>{" "}
                  vs {previousPeriod(periodDays)} ({n(data.previous.total)})
                </>
              ) : (
                // Nothing counted before (a video newer than the earlier period): no "+0%", and
                // no comparison with a period it was not alive in.
                <span className="text-slate-600 dark:text-slate-300" data-testid="change">
                  {" · "}no earlier data to compare
                </span>
              )}
            </p>
            {missingDays === data.points.length ? (
              <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-500 dark:text-slate-400 dark:bg-slate-800/50">
                No snapshots in this period yet. Charts fill in as daily refreshes run.
              </p>
            ) : (
              <LineChart
                x={chart.x}
                series={chart.series}
                time
                summary={`Daily ${metric} from ${data.from} to ${data.to}: ${n(data.total)} in total, ${changeText ? `${changeText} against the previous period` : "no earlier data to compare"}.${blank.text ? ` ${blank.text}` : ""}`}
              />
            )}
            {missingDays > 0 && missingDays < data.points.length && (
              <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="missing-days">
                {blank.text}
                {data.gaps > 0 &&
                  blank.missing > 0 &&
                  " Growth across a missing day is shown on the next day we have."}
              </p>
            )}
            {data.viewsSource && (
              <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="views-source">
                Source: {windowSourceLabels[data.viewsSource]} (
                {data.viewsSource === "mixed"
                  ? "exact daily views from the channel owner's YouTube Analytics where we have them, our snapshots of the public counts elsewhere"
                  : windowSourceDetails[data.viewsSource]}
                ).
              </p>
            )}
            {kind === "channels" && (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                YouTube rounds public subscriber counts down to three significant figures, so small
                changes in subscribers may not show; an owner can hide the count altogether.
              </p>
            )}
          </section>
        )}
        {data?.watchTime && (
          <WatchTimeCharts watchTime={data.watchTime} from={data.from} to={data.to} />
        )}
        {paced && (
          <section
            aria-label="Pacing"
            className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700"
          >
            <h3 className="text-sm font-semibold">
              First 30 days: cumulative {metric} by days since publishing
            </h3>
            {pacing.isPending && <PageLoading />}
            {pacing.data &&
              pace &&
              (pacing.data.item.every((v) => v === null) &&
              pacing.data.median.every((v) => v === null) ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Not enough history for pacing yet.
                </p>
              ) : (
                <LineChart
                  x={pace.x}
                  series={pace.series}
                  time={false}
                  xLabel="Days since publishing"
                  summary={`Cumulative ${metric} by day since publishing for this item against the median of ${pacing.data.peers} recent siblings.`}
                />
              ))}
          </section>
        )}
      </div>
    </Dialog>
  );
}
