import { and, avg, eq, gte, inArray, isNotNull, lt, lte, max, sql, sum } from "drizzle-orm";
import { dayNumber } from "../../../shared/metrics";
import {
  addDays,
  bucketSeries,
  change,
  type OverviewPeriod,
} from "../../../shared/overview-period";
import type { OverviewMetric, OverviewMover } from "../../../shared/schemas/overview";
import type { Db } from "../../db/client";
import { episodesOf } from "../../db/organization-scope";
import { episodeMetrics, episodes, showMetrics, shows } from "../../db/schema";
import { sumDays } from "./daily";
import { publishedPerDay, zonedDays } from "./published";

/*
 * The podcast overview. Simplecast reports downloads per day, so these figures are exact. It has
 * no subscriber count; the second figure is the podcast trade's usual one instead: downloads in
 * the first 7 days of the episodes published in the period, per episode.
 */
export async function podcastOverview(
  db: Db,
  organizationId: string,
  period: OverviewPeriod,
  timeZone: string,
) {
  const first = period.previous?.from ?? period.from;
  const daily = await db
    .select({ date: showMetrics.date, downloads: sum(showMetrics.downloads) })
    .from(showMetrics)
    .where(
      and(
        eq(showMetrics.organizationId, organizationId),
        gte(showMetrics.date, first),
        lte(showMetrics.date, period.to),
      ),
    )
    .groupBy(showMetrics.date);
  const downloads = new Map(daily.map((r) => [r.date, Number(r.downloads ?? 0)]));
  const published = await publishedPerDay(
    db,
    "episodes",
    organizationId,
    first,
    period.to,
    timeZone,
  );
  const prev = period.previous;
  const series = (perDay: Map<string, number>) =>
    bucketSeries(perDay, period.from, period.days, period.bucketDays);

  const firstWeek = async (from: string, to: string) => {
    const [row] = await db
      .select({ average: avg(episodes.first7dDownloads) })
      .from(episodes)
      .where(
        and(
          episodesOf(organizationId),
          isNotNull(episodes.first7dDownloads),
          gte(episodes.publishDate, new Date(`${from}T00:00:00Z`)),
          lt(episodes.publishDate, new Date(`${addDays(to, 1)}T00:00:00Z`)),
        ),
      );
    return row?.average === null || row?.average === undefined
      ? null
      : Math.round(Number(row.average));
  };
  const downloadsNow = sumDays(downloads, period.from, period.to);
  const downloadsBefore = prev ? sumDays(downloads, prev.from, prev.to) : null;
  const weekNow = await firstWeek(period.from, period.to);
  const weekBefore = prev ? await firstWeek(prev.from, prev.to) : null;
  const pubNow = sumDays(published, period.from, period.to) ?? 0;
  const pubBefore = prev ? (sumDays(published, prev.from, prev.to) ?? 0) : null;
  const metrics: OverviewMetric[] = [
    {
      key: "downloads",
      value: downloadsNow,
      previous: downloadsBefore,
      change: change(downloadsNow, downloadsBefore),
      series: series(downloads),
    },
    {
      key: "newEpisodeDownloads",
      value: weekNow,
      previous: weekBefore,
      change: change(weekNow, weekBefore),
      series: await firstWeekSeries(db, organizationId, period, timeZone),
    },
    {
      key: "episodesPublished",
      value: pubNow,
      previous: pubBefore,
      change: change(pubNow, pubBefore),
      series: series(published),
    },
  ];
  const [fresh] = await db
    .select({ at: max(shows.lastUpdated) })
    .from(shows)
    .where(eq(shows.organizationId, organizationId));
  return {
    metrics,
    movers: await episodeMovers(db, organizationId, period),
    lastUpdated: fresh?.at ? new Date(fresh.at).toISOString() : null,
  };
}

/** The first-7-day average of the episodes published in each sparkline bucket. */
async function firstWeekSeries(
  db: Db,
  organizationId: string,
  period: OverviewPeriod,
  timeZone: string,
) {
  const { start, end, day } = zonedDays(episodes.publishDate, period.from, period.to, timeZone);
  const rows = await db
    .select({ day, total: sum(episodes.first7dDownloads), count: sql<number>`count(*)` })
    .from(episodes)
    .where(
      and(
        episodesOf(organizationId),
        isNotNull(episodes.first7dDownloads),
        gte(episodes.publishDate, start),
        lt(episodes.publishDate, end),
      ),
    )
    .groupBy(day);
  const totals = new Map(rows.map((r) => [r.day, Number(r.total ?? 0)]));
  const counts = new Map(rows.map((r) => [r.day, Number(r.count)]));
  const summed = bucketSeries(totals, period.from, period.days, period.bucketDays);
  const counted = bucketSeries(counts, period.from, period.days, period.bucketDays);
  return summed.map((p, i) => {
    const n = counted[i]?.value;
    return { date: p.date, value: p.value === null || !n ? null : Math.round(p.value / n) };
  });
}

/** Downloads of each episode over [from, to], from the provider's daily figures. */
const downloadsIn = (from: string, to: string) =>
  and(gte(episodeMetrics.day, dayNumber(from)), lte(episodeMetrics.day, dayNumber(to)));

/** The five episodes with the most downloads in the period. */
async function episodeMovers(
  db: Db,
  organizationId: string,
  period: OverviewPeriod,
): Promise<OverviewMover[]> {
  const gain = sum(episodeMetrics.downloads);
  const top = await db
    .select({ id: episodes.id, title: episodes.title, parentTitle: shows.title, gain })
    .from(episodes)
    .innerJoin(episodeMetrics, eq(episodeMetrics.episodeKey, episodes.key))
    .innerJoin(shows, eq(shows.id, episodes.showId))
    .where(and(episodesOf(organizationId), downloadsIn(period.from, period.to)))
    .groupBy(episodes.id)
    .orderBy(sql`${gain} desc`)
    .limit(5);
  const prev = period.previous;
  const before = new Map<string, number>();
  if (prev && top.length)
    for (const r of await db
      .select({ id: episodes.id, gain: sum(episodeMetrics.downloads) })
      .from(episodes)
      .innerJoin(episodeMetrics, eq(episodeMetrics.episodeKey, episodes.key))
      .where(
        and(
          inArray(
            episodes.id,
            top.map((t) => t.id),
          ),
          downloadsIn(prev.from, prev.to),
        ),
      )
      .groupBy(episodes.id))
      before.set(r.id, Number(r.gain ?? 0));
  return top
    .filter((t) => Number(t.gain ?? 0) > 0)
    .map((t) => ({
      id: t.id,
      title: t.title,
      parentTitle: t.parentTitle,
      gain: Number(t.gain ?? 0),
      previousGain: prev ? (before.get(t.id) ?? 0) : null,
    }));
}
