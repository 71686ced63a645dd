import { and, asc, eq, gte, inArray, lte, max, sql } from "drizzle-orm";
import { DAY_MS, dayStartMs } from "../../../shared/metrics";
import {
  addDays,
  bucketSeries,
  change,
  type OverviewPeriod,
} from "../../../shared/overview-period";
import type { OverviewMetric, OverviewMover } from "../../../shared/schemas/overview";
import type { Db } from "../../db/client";
import { videosOf } from "../../db/organization-scope";
import { channelMetrics, channels, videoMetrics, videos } from "../../db/schema";
import { dailyTotals, levelChange, onPeriodCalendar, sumDays } from "./daily";
import { publishedPerDay } from "./published";

/*
 * The YouTube overview. YouTube's public API has no history, so views per day are the growth of
 * each channel's total between our daily snapshots (as in the detail panel); subscribers are the
 * snapshot counts (rounded by YouTube to three significant figures).
 */

/** Snapshots are read from a month before the comparison period, to know each channel's value on its first day. */
const LOOKBACK_DAYS = 31;

export async function youtubeOverview(
  db: Db,
  organizationId: string,
  period: OverviewPeriod,
  today: { organization: string; utc: string },
  timeZone: string,
) {
  const first = period.previous?.from ?? period.from;
  // A period ending today also takes snapshots already keyed by a later UTC day (see onPeriodCalendar).
  const readUntil =
    period.to >= today.organization && today.utc > period.to ? today.utc : period.to;
  const found = await db
    .select({
      entityId: channelMetrics.channelId,
      date: channelMetrics.date,
      views: channelMetrics.totalViews,
      subscribers: channelMetrics.subscriberCount,
    })
    .from(channelMetrics)
    .where(
      and(
        eq(channelMetrics.organizationId, organizationId),
        gte(channelMetrics.date, addDays(first, -LOOKBACK_DAYS)),
        lte(channelMetrics.date, readUntil),
      ),
    )
    .orderBy(asc(channelMetrics.date));
  const rows = onPeriodCalendar(found, period.to, today.organization);
  const views = dailyTotals(
    rows.map((r) => ({ entityId: r.entityId, date: r.date, value: r.views })),
    first,
    period.to,
  );
  const subscriberSnapshots = rows.map((r) => ({
    entityId: r.entityId,
    date: r.date,
    value: r.subscribers,
  }));
  const subscribers = dailyTotals(subscriberSnapshots, first, period.to);
  const published = await publishedPerDay(db, "videos", organizationId, first, period.to, timeZone);
  const prev = period.previous;
  const series = (daily: Map<string, number>, combine: "sum" | "last" = "sum") =>
    bucketSeries(daily, period.from, period.days, period.bucketDays, combine);

  // Null (unknown, not 0) over a period with no day of measured growth (dailyTotals).
  const viewsNow = sumDays(views.growth, period.from, period.to);
  const viewsBefore = prev ? sumDays(views.growth, prev.from, prev.to) : null;
  const subsNow = subscribers.level.get(period.to) ?? null;
  const subsBefore = subscribers.level.get(addDays(period.from, -1)) ?? null;
  const pubNow = sumDays(published, period.from, period.to) ?? 0;
  const pubBefore = prev ? (sumDays(published, prev.from, prev.to) ?? 0) : null;
  const metrics: OverviewMetric[] = [
    {
      key: "views",
      value: viewsNow,
      previous: viewsBefore,
      change: change(viewsNow, viewsBefore),
      series: series(views.growth),
    },
    {
      key: "subscribers",
      value: subsNow,
      // Subscribers at the end of the previous period. The change is the channels' own growth
      // during this one (a channel added meanwhile counts nothing), not value - previous.
      previous: subsBefore,
      change: prev ? levelChange(subscriberSnapshots, addDays(period.from, -1), period.to) : null,
      series: series(subscribers.level, "last"),
    },
    {
      key: "videosPublished",
      value: pubNow,
      previous: pubBefore,
      change: change(pubNow, pubBefore),
      series: series(published),
    },
  ];
  const [fresh] = await db
    .select({ at: max(channels.lastUpdated) })
    .from(channels)
    .where(eq(channels.organizationId, organizationId));
  return {
    metrics,
    movers: await videoMovers(db, organizationId, period, today),
    lastUpdated: fresh?.at ? new Date(fresh.at).toISOString() : null,
  };
}

/**
 * A video's views at the end of UTC `day` (its newest snapshot before the next day starts), as
 * SQL over one seek of the history's primary key.
 */
const viewsAt = (day: string) =>
  sql<number | null>`(select ${videoMetrics.views} from ${videoMetrics}
    where ${videoMetrics.videoKey} = ${videos.key}
      and ${videoMetrics.capturedAt} < ${dayStartMs(day) + DAY_MS}
    order by ${videoMetrics.capturedAt} desc limit 1)`;

/**
 * The five videos that gained the most views in the period: views at its end (the live count
 * when it ends today) minus views the day before it started; a video published during the period
 * started from 0. Videos we hold no figure for are left out rather than guessed.
 */
async function videoMovers(
  db: Db,
  organizationId: string,
  period: OverviewPeriod,
  today: { organization: string; utc: string },
): Promise<OverviewMover[]> {
  const startedAt = Date.parse(`${period.from}T00:00:00Z`);
  const live = sql<number>`${videos.views}`;
  // As for the figures (onPeriodCalendar): a period ending on the organisation's today while the
  // UTC day is already tomorrow ends at the video's snapshot of that day when it has one (so no
  // day counts twice), else at the live count (a video added this evening).
  const end =
    period.to >= today.utc
      ? live
      : period.to >= today.organization
        ? sql<number>`coalesce(${viewsAt(period.to)}, ${live})`
        : viewsAt(period.to);
  const baseline = sql<number | null>`coalesce(${viewsAt(addDays(period.from, -1))},
    case when ${videos.publishDate} >= ${startedAt} then 0 end)`;
  const gain = sql<number | null>`${end} - ${baseline}`;
  const top = await db
    .select({ id: videos.id, title: videos.title, parentTitle: channels.title, gain })
    .from(videos)
    .innerJoin(channels, eq(channels.id, videos.channelId))
    .where(and(videosOf(organizationId), sql`${gain} is not null`))
    .orderBy(sql`${gain} desc`)
    .limit(5);
  const prev = period.previous;
  const before = new Map<string, number | null>();
  if (prev && top.length) {
    const prevGain = sql<
      number | null
    >`${viewsAt(prev.to)} - coalesce(${viewsAt(addDays(prev.from, -1))},
      case when ${videos.publishDate} >= ${Date.parse(`${prev.from}T00:00:00Z`)} then 0 end)`;
    for (const r of await db
      .select({ id: videos.id, gain: prevGain })
      .from(videos)
      .where(
        and(
          eq(videos.organizationId, organizationId),
          inArray(
            videos.id,
            top.map((t) => t.id),
          ),
        ),
      ))
      before.set(r.id, r.gain);
  }
  return top.map((t) => ({
    id: t.id,
    title: t.title,
    parentTitle: t.parentTitle,
    gain: Math.max(0, Number(t.gain)),
    previousGain: before.get(t.id) ?? null,
  }));
}
