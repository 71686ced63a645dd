import { and, asc, desc, eq, gte, inArray, lt, lte, ne } from "drizzle-orm";
import { dayDate, dayNumber } from "../../../shared/metrics";
import type { DetailKind, Pacing, Point, Series } from "../../../shared/schemas/details";
import type { WindowSource } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { episodesOf, videosOf } from "../../db/organization-scope";
import {
  channelMetrics,
  channels,
  episodeMetrics,
  episodes,
  showMetrics,
  shows,
  videoMetrics,
  videos,
} from "../../db/schema";
import { ApiError } from "../../errors";
import { ownerDays } from "./owner-series";

/*
 * The detail panel's figures, from the snapshots we keep:
 * - shows and episodes: the provider's downloads per day (exact);
 * - channels and videos: YouTube has no history API, so a day's views are the growth of the total
 *   between our snapshot of that day and the previous one we hold (a gap of several days credits
 *   the whole growth to the day after it, and says so: `gaps`).
 * Charts never invent zeros: every day of the period has a point, and a day we know nothing of
 * (no snapshot or provider row, or a total that went down, so the day's views are unknown) is
 * null, which the chart draws as a gap. Totals add the days we know.
 * The comparison period is the one of the same length just before.
 */

export type SeriesKind = DetailKind;

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
/** Matches no history row: every video and episode gets its key on insert (migration 0009). */
const NO_KEY = -1;

/**
 * Daily values from cumulative snapshots: growth since the previous snapshot, assigned to its day;
 * null when the total went down (a count corrected or a video removed: the day's views are unknown).
 */
function growth(snapshots: Array<{ date: string; total: number }>): {
  points: Point[];
  /** Each day's growth is counted since the snapshot of this day (the previous one held). */
  since: Map<string, string>;
} {
  const points: Point[] = [];
  const since = new Map<string, string>();
  for (let i = 1; i < snapshots.length; i++) {
    const prev = snapshots[i - 1]!;
    const cur = snapshots[i]!;
    points.push({ date: cur.date, value: cur.total >= prev.total ? cur.total - prev.total : null });
    since.set(cur.date, prev.date);
  }
  return { points, since };
}

/** The last snapshot of each day (videos are snapshotted hourly while young). */
function lastPerDay(rows: Array<{ date: string; total: number }>) {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.date, r.total);
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, total]) => ({ date, total }));
}

/** Every calendar day from `from` to `to`, inclusive. */
function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = dayMs(from); d <= dayMs(to); d += DAY) days.push(isoDay(d));
  return days;
}

export type SeriesAnswer = Series;

export async function series(
  db: Db,
  organizationId: string,
  kind: SeriesKind,
  id: string,
  from: string,
  to: string,
): Promise<SeriesAnswer> {
  const length = Math.round((dayMs(to) - dayMs(from)) / DAY) + 1;
  const prevFrom = isoDay(dayMs(from) - length * DAY);
  const prevTo = isoDay(dayMs(from) - DAY);
  // One day earlier still, to know the growth on the first day of the previous period.
  const readFrom = isoDay(dayMs(prevFrom) - DAY);
  let points: Point[];
  let since = new Map<string, string>();
  let title: string;
  let lastUpdated: Date | null;
  let publishDate: Date | null = null;
  if (kind === "channels") {
    const [entity] = await db
      .select({ title: channels.title, lastUpdated: channels.lastUpdated })
      .from(channels)
      .where(and(eq(channels.id, id), eq(channels.organizationId, organizationId)));
    if (!entity) throw new ApiError("NOT_FOUND", "Channel not found");
    ({ title, lastUpdated } = entity);
    const rows = await db
      .select({ date: channelMetrics.date, total: channelMetrics.totalViews })
      .from(channelMetrics)
      .where(
        and(
          eq(channelMetrics.channelId, id),
          gte(channelMetrics.date, readFrom),
          lte(channelMetrics.date, to),
        ),
      )
      .orderBy(asc(channelMetrics.date));
    ({ points, since } = growth(rows));
  } else if (kind === "videos") {
    const [entity] = await db
      .select({
        title: videos.title,
        lastUpdated: videos.lastUpdated,
        key: videos.key,
        publishDate: videos.publishDate,
      })
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.organizationId, organizationId)));
    if (!entity) throw new ApiError("NOT_FOUND", "Video not found");
    ({ title, lastUpdated, publishDate } = entity);
    const rows = await db
      .select({ at: videoMetrics.capturedAt, total: videoMetrics.views })
      .from(videoMetrics)
      .where(
        and(
          eq(videoMetrics.videoKey, entity.key ?? NO_KEY),
          gte(videoMetrics.capturedAt, new Date(dayMs(readFrom))),
          lt(videoMetrics.capturedAt, new Date(dayMs(to) + DAY)),
        ),
      )
      .orderBy(asc(videoMetrics.capturedAt));
    ({ points, since } = growth(
      lastPerDay(rows.map((r) => ({ date: isoDay(r.at.getTime()), total: r.total }))),
    ));
  } else if (kind === "shows") {
    const [entity] = await db
      .select({ title: shows.title, lastUpdated: shows.lastUpdated })
      .from(shows)
      .where(and(eq(shows.id, id), eq(shows.organizationId, organizationId)));
    if (!entity) throw new ApiError("NOT_FOUND", "Show not found");
    ({ title, lastUpdated } = entity);
    points = (
      await db
        .select({ date: showMetrics.date, value: showMetrics.downloads })
        .from(showMetrics)
        .where(
          and(
            eq(showMetrics.showId, id),
            gte(showMetrics.date, prevFrom),
            lte(showMetrics.date, to),
          ),
        )
        .orderBy(asc(showMetrics.date))
    ).map((r) => ({ date: r.date, value: r.value }));
  } else {
    const [entity] = await db
      .select({
        title: episodes.title,
        lastUpdated: episodes.lastUpdated,
        key: episodes.key,
        publishDate: episodes.publishDate,
      })
      .from(episodes)
      .where(and(eq(episodes.id, id), eq(episodes.organizationId, organizationId)));
    if (!entity) throw new ApiError("NOT_FOUND", "Episode not found");
    ({ title, lastUpdated, publishDate } = entity);
    points = (
      await db
        .select({ day: episodeMetrics.day, value: episodeMetrics.downloads })
        .from(episodeMetrics)
        .where(
          and(
            eq(episodeMetrics.episodeKey, entity.key ?? NO_KEY),
            gte(episodeMetrics.day, dayNumber(prevFrom)),
            lte(episodeMetrics.day, dayNumber(to)),
          ),
        )
        .orderBy(asc(episodeMetrics.day))
    ).map((r) => ({ date: dayDate(r.day), value: r.value }));
  }
  const known = new Map(points.flatMap((p) => (p.value === null ? [] : [[p.date, p.value]])));
  // An owner-connected channel's or video's exact daily views replace our snapshots' growth on
  // every day they cover (both periods), so the chart and its totals match the windows.
  const exact =
    kind === "channels" || kind === "videos" ? await ownerDays(db, kind, id, prevFrom, to) : null;
  let exactDays = 0;
  for (const date of exact ? everyDay(prevFrom, to) : []) {
    const views = exact?.viewsOn(date);
    if (views === undefined) continue;
    known.set(date, views);
    if (date >= from) exactDays++;
  }
  // After the owner's last closed day, a day's public growth counted since a snapshot taken on or
  // before that day counts part of the owner's day again (our daily snapshot is taken during the
  // day, the owner's row covers all of it): a four-day-old video read 2,403 views in the period
  // of its 1,867. Such a day is unknown until the owner's row for it comes.
  const ownerThrough = exact?.coveredThrough();
  if (ownerThrough)
    for (const [date, base] of since)
      if (date > ownerThrough && base <= ownerThrough && exact?.viewsOn(date) === undefined)
        known.delete(date);
  const inPeriod = everyDay(from, to).map((date) => ({ date, value: known.get(date) ?? null }));
  // Days of the period showing growth since a snapshot more than a day older (the days between
  // are blank): the panel says that growth is shown on the day after.
  let gaps = 0;
  for (const [date, base] of since) {
    const fromSnapshots = known.has(date) && exact?.viewsOn(date) === undefined;
    if (date >= from && fromSnapshots && dayMs(date) - dayMs(base) > DAY) gaps++;
  }
  const viewsSource: WindowSource | null =
    kind === "channels" || kind === "videos"
      ? exactDays === 0
        ? "public"
        : exactDays === inPeriod.length
          ? "owner"
          : "mixed"
      : null;
  const before = everyDay(prevFrom, prevTo).flatMap((date) => known.get(date) ?? []);
  const total = inPeriod.reduce((s, p) => s + (p.value ?? 0), 0);
  const previousTotal = before.reduce((s, v) => s + v, 0);
  return {
    metric: kind === "channels" || kind === "videos" ? "views" : "downloads",
    from,
    to,
    points: inPeriod,
    total,
    previous: { from: prevFrom, to: prevTo, total: previousTotal, days: before.length },
    // No change is shown as a percentage of nothing: null when the previous period had no data.
    change: {
      absolute: total - previousTotal,
      percent:
        before.length && previousTotal > 0 ? ((total - previousTotal) / previousTotal) * 100 : null,
    },
    gaps,
    title,
    lastUpdated: lastUpdated ? lastUpdated.toISOString() : null,
    publishedAt: publishDate ? publishDate.toISOString() : null,
    viewsSource,
    watchTime: exact ? exact.watchTime(inPeriod.map((p) => p.date)) : null,
  };
}

export const PACING_DAYS = 30;
/** Peers compared at each age: the item's most recent siblings with history, enough for a stable median. */
export const PACING_PEERS = 50;

export type PacingAnswer = Pacing;

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Cumulative figure at each whole day of age 0..30 (the last reading before the age ends), or null. */
function byAge(
  publish: number,
  readings: Array<{ at: number; total: number }>,
): Array<number | null> {
  const out: Array<number | null> = [];
  let i = 0;
  let last: number | null = null;
  const sorted = [...readings].sort((a, b) => a.at - b.at);
  for (let day = 0; day <= PACING_DAYS; day++) {
    const end = publish + (day + 1) * DAY;
    let seen = false;
    while (i < sorted.length && sorted[i]!.at < end) {
      last = sorted[i]!.total;
      i++;
      seen = true;
    }
    // Only ages we actually observed: no reading at or after this age means we do not know it.
    out.push(seen || (last !== null && i < sorted.length) ? last : null);
  }
  return out;
}

/**
 * Pacing: cumulative views (or downloads) by days since publishing, 0-30, for this item against
 * the median of its channel's (or show's) most recent other items at the same age.
 */
export async function pacing(
  db: Db,
  organizationId: string,
  kind: "videos" | "episodes",
  id: string,
): Promise<PacingAnswer> {
  const days = Array.from({ length: PACING_DAYS + 1 }, (_, d) => d);
  if (kind === "videos") {
    const [item] = await db
      .select({
        id: videos.id,
        key: videos.key,
        channelId: videos.channelId,
        publishDate: videos.publishDate,
      })
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.organizationId, organizationId)));
    if (!item) throw new ApiError("NOT_FOUND", "Video not found");
    const peers = await db
      .select({ id: videos.id, key: videos.key, publishDate: videos.publishDate })
      .from(videos)
      .where(and(videosOf(organizationId), eq(videos.channelId, item.channelId), ne(videos.id, id)))
      .orderBy(desc(videos.publishDate))
      .limit(PACING_PEERS);
    const all = [item, ...peers];
    // Only the first 31 days of each video's life matter: read the window that covers them all.
    const earliest = new Date(Math.min(...all.map((v) => v.publishDate.getTime())));
    const latest = new Date(
      Math.max(...all.map((v) => v.publishDate.getTime())) + (PACING_DAYS + 1) * DAY,
    );
    const readings = await db
      .select({
        videoKey: videoMetrics.videoKey,
        at: videoMetrics.capturedAt,
        total: videoMetrics.views,
      })
      .from(videoMetrics)
      .where(
        and(
          inArray(
            videoMetrics.videoKey,
            all.map((v) => v.key ?? NO_KEY),
          ),
          gte(videoMetrics.capturedAt, earliest),
          lte(videoMetrics.capturedAt, latest),
        ),
      );
    const curves = new Map(
      all.map((v) => [
        v.id,
        byAge(
          v.publishDate.getTime(),
          readings
            .filter(
              (r) =>
                r.videoKey === v.key &&
                r.at.getTime() <= v.publishDate.getTime() + (PACING_DAYS + 1) * DAY,
            )
            .map((r) => ({ at: r.at.getTime(), total: r.total })),
        ),
      ]),
    );
    return {
      days,
      item: curves.get(item.id)!,
      median: days.map((d) =>
        median(
          peers.flatMap((p) =>
            (curves.get(p.id)![d] ?? null) === null ? [] : [curves.get(p.id)![d]!],
          ),
        ),
      ),
      peers: peers.length,
      metric: "views",
    };
  }
  const [item] = await db
    .select({
      id: episodes.id,
      key: episodes.key,
      showId: episodes.showId,
      publishDate: episodes.publishDate,
    })
    .from(episodes)
    .where(and(eq(episodes.id, id), eq(episodes.organizationId, organizationId)));
  if (!item) throw new ApiError("NOT_FOUND", "Episode not found");
  const peers = await db
    .select({ id: episodes.id, key: episodes.key, publishDate: episodes.publishDate })
    .from(episodes)
    .where(and(episodesOf(organizationId), eq(episodes.showId, item.showId), ne(episodes.id, id)))
    .orderBy(desc(episodes.publishDate))
    .limit(PACING_PEERS);
  const all = [item, ...peers];
  const rows = await db
    .select({
      episodeKey: episodeMetrics.episodeKey,
      day: episodeMetrics.day,
      total: episodeMetrics.cumulativeDownloads,
    })
    .from(episodeMetrics)
    .where(
      inArray(
        episodeMetrics.episodeKey,
        all.map((e) => e.key ?? NO_KEY),
      ),
    );
  // Daily rows are whole days: the end of day N after publishing is the reading of that date.
  const curve = (e: { key: number | null; publishDate: Date }) => {
    const start = dayMs(isoDay(e.publishDate.getTime()));
    const values: Array<number | null> = days.map(() => null);
    for (const r of rows)
      if (r.episodeKey === e.key) {
        const age = Math.round((r.day * DAY - start) / DAY);
        if (age >= 0 && age <= PACING_DAYS) values[age] = r.total;
      }
    return values;
  };
  const curves = new Map(all.map((e) => [e.id, curve(e)]));
  return {
    days,
    item: curves.get(item.id)!,
    median: days.map((d) =>
      median(
        peers.flatMap((p) =>
          (curves.get(p.id)![d] ?? null) === null ? [] : [curves.get(p.id)![d]!],
        ),
      ),
    ),
    peers: peers.length,
    metric: "downloads",
  };
}
