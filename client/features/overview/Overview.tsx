import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowDownRight, ArrowUpRight, Info } from "lucide-react";
import { useId } from "react";
import { dateRangeOptions } from "../../../shared/date-ranges";
import { RANGE_ORDER_MESSAGE } from "../../../shared/schemas/date-range";
import type { OverviewMetric, OverviewMover } from "../../../shared/schemas/overview";
import { compactControlClass } from "../../components/form";
import { TitleText } from "../../components/TitleText";
import { useHint } from "../../components/use-hint";
import { formatChange, formatCount, previousPeriod } from "../../lib/format";
import type { Platform } from "../dashboard/dashboard-api";
import { RelativeTime } from "../details/RelativeTime";
import { type OverviewPeriodChoice, overviewQueries } from "./overview-api";
import { Sparkline } from "./Sparkline";

/*
 * The top of the dashboard: a platform's headline figures for a chosen period, each against the
 * previous period of the same length, with a sparkline, and the items that moved most. Video
 * views and podcast downloads are named apart everywhere: they measure different things.
 */

const metricText: Record<OverviewMetric["key"], { title: string; hint: string }> = {
  views: { title: "Video views", hint: "Views gained on YouTube, from our daily snapshots" },
  subscribers: {
    title: "Subscribers",
    hint: "At the end of the period; the change counts each channel's own growth (a channel added during the period counts nothing). YouTube rounds subscriber counts to three significant figures",
  },
  videosPublished: { title: "Videos published", hint: "New videos on the tracked channels" },
  downloads: { title: "Podcast downloads", hint: "Downloads reported by Simplecast, per day" },
  newEpisodeDownloads: {
    title: "First-week downloads per new episode",
    hint: "Average downloads in the first 7 days of the episodes published in the period",
  },
  episodesPublished: { title: "Episodes published", hint: "New episodes on the tracked shows" },
};

const n = formatCount;
const CARD =
  "h-40 min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-900";

function changeText(m: OverviewMetric, days: number | null) {
  if (!m.change || days === null)
    return days === null ? "No earlier period to compare" : "No earlier data to compare";
  return `${formatChange(m.change.absolute, m.change.percent)} vs ${previousPeriod(days)}`;
}

function MetricCard({ metric, days }: { metric: OverviewMetric; days: number | null }) {
  const text = metricText[metric.key];
  const titleId = useId();
  const direction = metric.change ? Math.sign(metric.change.absolute) : 0;
  // The card keeps its height (no shift against the skeleton), so a long title is cut on a phone
  // or a tablet; the "i" button gives the whole title and how the figure is counted, by hover,
  // keyboard or tap.
  const about = useHint(`${text.title}: ${text.hint}.`, { pressToggles: true });
  return (
    <section aria-labelledby={titleId} className={CARD} data-testid={`overview-${metric.key}`}>
      <div className="flex items-center gap-1">
        <h3
          id={titleId}
          className="min-w-0 truncate text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {text.title}
        </h3>
        <button
          type="button"
          aria-label={`About ${text.title}`}
          className="-m-1 shrink-0 rounded p-1 text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
          {...about.triggerProps}
        >
          <Info className="h-3.5 w-3.5" aria-hidden />
        </button>
        {about.tooltip}
      </div>
      <p
        className="mt-1 truncate text-xl font-semibold tabular-nums sm:text-2xl"
        data-testid="overview-value"
      >
        {metric.value === null ? "—" : n(metric.value)}
      </p>
      <p
        className={`flex min-h-8 items-start gap-1 text-xs ${direction > 0 ? "text-green-700 dark:text-green-300" : direction < 0 ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"}`}
        data-testid="overview-change"
      >
        {direction > 0 && <ArrowUpRight className="h-3.5 w-3.5 shrink-0" aria-hidden />}
        {direction < 0 && <ArrowDownRight className="h-3.5 w-3.5 shrink-0" aria-hidden />}
        {changeText(metric, days)}
      </p>
      <div className="mt-3">
        <Sparkline points={metric.series} />
      </div>
    </section>
  );
}

function Movers({
  platform,
  movers,
  onOpen,
}: {
  platform: Platform;
  movers: OverviewMover[];
  onOpen?: (id: string) => void;
}) {
  const titleId = useId();
  const unit = platform === "youtube" ? "views" : "downloads";
  return (
    <section
      aria-labelledby={titleId}
      className={`${CARD} col-span-2 flex flex-col md:col-span-3 lg:col-span-1`}
    >
      <h3 id={titleId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {platform === "youtube" ? "Top videos by views gained" : "Top episodes by downloads"}
      </h3>
      {movers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Nothing gained {unit} in this period yet.
        </p>
      ) : (
        <ol className="mt-1 min-h-0 flex-1 overflow-y-auto text-[13px] leading-5">
          {movers.map((m) => (
            <li
              key={m.id}
              className="flex items-baseline gap-2"
              title={`${m.title} · ${m.parentTitle}`}
            >
              {onOpen ? (
                // Its detail (the daily chart, the whole title) answers "why did this one move".
                <button
                  type="button"
                  dir="auto"
                  className="min-w-0 flex-1 truncate text-left -outline-offset-2 hover:underline"
                  onClick={() => onOpen(m.id)}
                >
                  {m.title}
                </button>
              ) : (
                <TitleText className="min-w-0 flex-1">{m.title}</TitleText>
              )}
              <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-200">
                +{n(m.gain)} <span className="sr-only">{unit}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function Overview({
  orgId,
  platform,
  period,
  onPeriodChange,
  mayRequest = true,
  concealed = false,
  onOpenItem,
}: {
  orgId: string;
  platform: Platform;
  period: OverviewPeriodChoice;
  /** Only what changed: the page applies it to the newest period (two quick edits keep each other). */
  onPeriodChange: (change: Partial<OverviewPeriodChoice>) => void;
  /** False until the page's quicker reads have been sent (the overview's is the longest). */
  mayRequest?: boolean;
  /**
   * True while the page does not know yet whether there is anything to show: the section holds
   * its place (nothing jumps when the list says there is), but shows and announces nothing, so an
   * organisation without channels or shows never sees an overview heading flash up and vanish.
   */
  concealed?: boolean;
  /** Opens a top video's or episode's detail panel. */
  onOpenItem?: (id: string) => void;
}) {
  const customReady =
    period.range !== "custom" || (!!period.from && !!period.to && period.from <= period.to);
  // A custom period that ends before it starts is said to be one: the previous figures stayed up
  // beside it, or (opened from such an address) the cards loaded for ever.
  const backwards =
    period.range === "custom" && !!period.from && !!period.to && period.from > period.to;
  const overview = useQuery({
    ...overviewQueries.period(orgId, platform, period.range, period.from ?? "", period.to ?? ""),
    enabled: customReady && mayRequest,
    placeholderData: keepPreviousData,
  });
  const data = overview.data?.platform === platform ? overview.data : undefined;
  const headingId = useId();
  const days = data?.previous ? data.period.days : null;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={overview.isFetching}
      className={concealed ? "invisible space-y-3" : "space-y-3"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="mr-auto text-lg font-semibold">
          {platform === "youtube" ? "YouTube overview" : "Podcast overview"}
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {data ? (
            // Named: the overview's clock is the channels' (or shows') refresh, and the Videos
            // table's "Data refreshed" is its newest row's, young videos being refreshed hourly.
            <>
              {`${data.period.from} to ${data.period.to} · ${platform === "youtube" ? "channels" : "shows"} refreshed `}
              <RelativeTime iso={data.lastUpdated} />
            </>
          ) : (
            "\u00a0"
          )}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <span>Period</span>
          <select
            className={compactControlClass}
            value={period.range}
            onChange={(e) =>
              onPeriodChange({ range: e.target.value as OverviewPeriodChoice["range"] })
            }
          >
            {dateRangeOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {period.range === "custom" && (
          <>
            <label className="flex items-center gap-1 text-sm">
              From
              <input
                type="date"
                className={compactControlClass}
                value={period.from ?? ""}
                max={period.to}
                onChange={(e) => onPeriodChange({ from: e.target.value || undefined })}
              />
            </label>
            <label className="flex items-center gap-1 text-sm">
              to
              <input
                type="date"
                className={compactControlClass}
                value={period.to ?? ""}
                min={period.from}
                onChange={(e) => onPeriodChange({ to: e.target.value || undefined })}
              />
            </label>
          </>
        )}
      </div>
      {backwards ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {RANGE_ORDER_MESSAGE}
        </p>
      ) : overview.isError && !data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to load the overview.
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {data
            ? data.metrics.map((m) => <MetricCard key={m.key} metric={m} days={days} />)
            : [1, 2, 3].map((k) => (
                <div key={k} className={`${CARD} animate-pulse`} aria-hidden="true">
                  <div className="h-4 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
                  <div className="mt-3 h-7 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
                </div>
              ))}
          {data ? (
            <Movers platform={platform} movers={data.movers} onOpen={onOpenItem} />
          ) : (
            <div
              className={`${CARD} col-span-2 animate-pulse md:col-span-3 lg:col-span-1`}
              aria-hidden="true"
            />
          )}
        </div>
      )}
    </section>
  );
}
