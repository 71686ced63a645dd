import { and, eq, sql } from "drizzle-orm";
import { DAY_MS, firstWindowFromDaily, isoDate, trailingAll, type DailySnapshot } from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { chunk, rowsPerInsert, runBatched } from "../../db/batch";
import { episodeMetrics, episodes, showMetrics, shows } from "../../db/schema";
import { PermanentJobError, type JobOutcome } from "../../jobs/job-state";
import { SimplecastClient, SimplecastError, type SimplecastEpisode } from "../../providers/simplecast/client";
import { providerFetch } from "../../providers/transport";
import { integrationKey, markIntegration } from "../integrations/keys";

/** Days of daily rows kept in the snapshot tables (charts, recomputation); totals use the full series. */
const KEPT_DAYS = 35;
const excluded = (column: string) => sql.raw(`excluded.${column}`);

type EpisodeFigures = SimplecastEpisode & { daily: Array<{ date: string; downloads: number }>; total: number; listeners: number | null };

function cumulative(daily: Array<{ date: string; downloads: number }>): DailySnapshot[] {
  let running = 0;
  return daily.map((d) => ({ date: d.date, value: (running += d.downloads) }));
}

/**
 * Adds or refreshes one podcast: its episodes, each episode's downloads per day since publishing
 * (so first-window figures are exact to the day and trailing windows come from the series), and
 * unique listeners where the plan allows. Totals and last_updated are written last.
 */
export async function ingestSimplecastShow(env: Env, db: Db, organizationId: string, podcastId: string, now = Date.now()): Promise<JobOutcome> {
  const sc = new SimplecastClient(await integrationKey(db, env, organizationId, "simplecast"), providerFetch(env), { maxRetries: 2 });
  try {
    const podcast = await sc.podcast(podcastId);
    const [show] = await db
      .insert(shows)
      .values({ organizationId, externalId: podcast.id, title: podcast.title })
      .onConflictDoUpdate({ target: [shows.organizationId, shows.externalId], set: { title: podcast.title } })
      .returning({ id: shows.id });
    const list = await sc.episodes(podcast.id);
    const today = isoDate(now);
    const figures: EpisodeFigures[] = [];
    for (const ep of list) {
      const daily = await sc.episodeDailyDownloads(ep.externalId, isoDate(ep.publishDate.getTime()), today);
      figures.push({ ...ep, daily, total: daily.reduce((s, d) => s + d.downloads, 0), listeners: await sc.episodeListeners(ep.externalId) });
    }
    await storeEpisodes(db, organizationId, show!.id, figures, now);
    await storeShowTotals(db, organizationId, show!.id, figures, now);
    await markIntegration(db, organizationId, "simplecast", "active");
    return { processed: figures.length, total: list.length, quotaUnits: 0 };
  } catch (error) {
    if (error instanceof SimplecastError && !error.retryable) {
      if (error.kind === "invalid_key") await markIntegration(db, organizationId, "simplecast", "error", error.message);
      throw new PermanentJobError(error.kind, error.kind === "not_found" ? "Failed to fetch podcasts from Simplecast" : error.message);
    }
    throw error;
  }
}

async function storeEpisodes(db: Db, organizationId: string, showId: string, figures: EpisodeFigures[], now: number) {
  const rows = figures.map((f) => {
    const windows = trailingAll(cumulative(f.daily));
    const publish = f.publishDate.getTime();
    return {
      organizationId, showId, externalId: f.externalId, title: f.title, publishDate: f.publishDate, durationSeconds: f.durationSeconds, seasonNumber: f.seasonNumber, episodeNumber: f.episodeNumber,
      totalDownloadsGlobal: f.total, first24hDownloads: firstWindowFromDaily(f.daily, publish, 1, now), first48hDownloads: firstWindowFromDaily(f.daily, publish, 2, now), first7dDownloads: firstWindowFromDaily(f.daily, publish, 7, now),
      trailing1dDownloads: windows["1d"], trailing1wDownloads: windows["1w"], trailing1mDownloads: windows["1m"], trailing1yDownloads: windows["1y"], uniqueListeners: f.listeners, lastUpdated: new Date(now),
    };
  });
  // On conflict every figure is replaced by the new reading (the row's id and creation stay).
  const updatable = ["title", "publishDate", "durationSeconds", "seasonNumber", "episodeNumber", "totalDownloadsGlobal", "first24hDownloads", "first48hDownloads", "first7dDownloads", "trailing1dDownloads", "trailing1wDownloads", "trailing1mDownloads", "trailing1yDownloads", "uniqueListeners", "lastUpdated", "showId"] as const;
  const set = Object.fromEntries(updatable.map((key) => [key, excluded(episodes[key].name)]));
  await runBatched(db, chunk(rows, rowsPerInsert(episodes)).map((group) => db.insert(episodes).values(group).onConflictDoUpdate({ target: [episodes.organizationId, episodes.externalId], set })));

  const stored = await db.select({ id: episodes.id, externalId: episodes.externalId }).from(episodes).where(and(eq(episodes.showId, showId), eq(episodes.organizationId, organizationId)));
  const idOf = new Map(stored.map((s) => [s.externalId, s.id]));
  const since = isoDate(now - KEPT_DAYS * DAY_MS);
  const metricRows = figures.flatMap((f) => {
    const id = idOf.get(f.externalId);
    return id ? cumulative(f.daily).flatMap((c, i) => (c.date >= since ? [{ organizationId, episodeId: id, date: c.date, downloads: f.daily[i]!.downloads, cumulativeDownloads: c.value, uniqueListeners: null }] : [])) : [];
  });
  await runBatched(db, chunk(metricRows, rowsPerInsert(episodeMetrics)).map((group) => db.insert(episodeMetrics).values(group).onConflictDoUpdate({ target: [episodeMetrics.episodeId, episodeMetrics.date], set: { downloads: excluded("downloads"), cumulativeDownloads: excluded("cumulative_downloads") } })));
}

async function storeShowTotals(db: Db, organizationId: string, showId: string, figures: EpisodeFigures[], now: number) {
  const perDay = new Map<string, number>();
  for (const f of figures) for (const d of f.daily) perDay.set(d.date, (perDay.get(d.date) ?? 0) + d.downloads);
  const daily = [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, downloads]) => ({ date, downloads }));
  const series = cumulative(daily);
  const windows = trailingAll(series);
  const since = isoDate(now - KEPT_DAYS * DAY_MS);
  const rows = series.flatMap((c, i) => (c.date >= since ? [{ organizationId, showId, date: c.date, totalDownloads: c.value, downloads: daily[i]!.downloads }] : []));
  await runBatched(db, chunk(rows, rowsPerInsert(showMetrics)).map((group) => db.insert(showMetrics).values(group).onConflictDoUpdate({ target: [showMetrics.showId, showMetrics.date], set: { totalDownloads: excluded("total_downloads"), downloads: excluded("downloads") } })));
  await db
    .update(shows)
    .set({ totalEpisodes: figures.length, totalDownloadsGlobal: series.at(-1)?.value ?? 0, trailing1dDownloads: windows["1d"], trailing1wDownloads: windows["1w"], trailing1mDownloads: windows["1m"], trailing1yDownloads: windows["1y"], lastUpdated: new Date(now) })
    .where(eq(shows.id, showId));
}
