import { and, eq, sql } from "drizzle-orm";
import { integrationMessages } from "../../../shared/messages-integrations";
import {
  DAY_MS,
  type DailySnapshot,
  dayNumber,
  firstWindowFromDaily,
  isoDate,
  trailingAll,
} from "../../../shared/metrics";
import { batchStatements } from "../../db/batch";
import type { Db } from "../../db/client";
import { jsonField, jsonUpsertStatements } from "../../db/json-upsert";
import { organizationKey } from "../../db/organization-scope";
import { episodeMetrics, episodes, showMetrics, shows } from "../../db/schema";
import { type JobOutcome, PermanentJobError } from "../../jobs/job-state";
import { simplecastClient } from "../../providers/clients";
import {
  type DailyDownloads,
  type SimplecastClient,
  type SimplecastEpisode,
  SimplecastError,
} from "../../providers/simplecast/client";
import { integrationKey, markIntegration } from "../integrations/keys";

/**
 * Per-episode daily rows kept: the recent weeks (the detail chart) and the first 31 days of the
 * episode's life (the pacing chart compares episodes at the same age). The episode figures use
 * the full series. Show-level rows are few (one a day), so a show keeps its whole history.
 */
const EPISODE_KEPT_DAYS = 35;
const EPISODE_EARLY_DAYS = 30;

type EpisodeFigures = SimplecastEpisode & {
  daily: DailyDownloads;
  total: number;
  listeners: number | null;
};

function cumulative(daily: DailyDownloads): DailySnapshot[] {
  let running = 0;
  return daily.map((d) => {
    running += d.downloads;
    return { date: d.date, value: running };
  });
}

/** Each episode's downloads per day since publishing, and its listeners where the plan has them. */
async function fetchEpisodes(
  sc: SimplecastClient,
  list: SimplecastEpisode[],
  today: string,
): Promise<EpisodeFigures[]> {
  const figures: EpisodeFigures[] = [];
  for (const ep of list) {
    let daily: DailyDownloads;
    try {
      daily = await sc.episodeDailyDownloads(
        ep.externalId,
        isoDate(ep.publishDate.getTime()),
        today,
      );
    } catch (error) {
      // Deleted between the listing and its report: leave it out rather than fail the show.
      if (error instanceof SimplecastError && error.kind === "not_found") continue;
      throw error;
    }
    figures.push({
      ...ep,
      daily,
      total: daily.reduce((s, d) => s + d.downloads, 0),
      listeners: await sc.episodeListeners(ep.externalId),
    });
  }
  return figures;
}

/**
 * Adds or refreshes one podcast: its episodes, each episode's downloads per day since publishing
 * (so first-window figures are exact to the day and trailing windows come from the series), and
 * unique listeners where the plan allows. Everything is fetched first, then written in one D1
 * batch (a transaction), so a show never appears half-written.
 */
export async function ingestSimplecastShow(
  env: Env,
  db: Db,
  organizationId: string,
  podcastId: string,
  now = Date.now(),
): Promise<JobOutcome> {
  const sc = simplecastClient(env, await integrationKey(db, env, organizationId, "simplecast"), {
    maxRetries: 2,
  });
  let figures: EpisodeFigures[];
  let title: string;
  let listed: number;
  try {
    const podcast = await sc.podcast(podcastId);
    title = podcast.title;
    const list = await sc.episodes(podcast.id);
    listed = list.length;
    figures = await fetchEpisodes(sc, list, isoDate(now));
  } catch (error) {
    if (error instanceof SimplecastError && !error.retryable) {
      if (error.kind === "invalid_key")
        await markIntegration(db, organizationId, "simplecast", "error", error.message);
      throw new PermanentJobError(
        error.kind === "not_found" ? "show_not_found" : error.kind,
        error.kind === "not_found" ? integrationMessages.podcastsFetchFailed : error.message,
      );
    }
    throw error;
  }
  await writeShow(db.$client, db, organizationId, podcastId, title, figures, now);
  await markIntegration(db, organizationId, "simplecast", "active");
  return { processed: figures.length, total: listed };
}

async function writeShow(
  d1: D1Database,
  db: Db,
  organizationId: string,
  externalId: string,
  title: string,
  figures: EpisodeFigures[],
  now: number,
) {
  const existing = await db.query.shows.findFirst({
    where: and(eq(shows.organizationId, organizationId), eq(shows.externalId, externalId)),
    columns: { id: true },
  });
  // Chosen here so the episodes can reference it in the same batch (see youtube-ingest.ts).
  const showId = existing?.id ?? crypto.randomUUID();
  const lastUpdated = new Date(now);
  const episodeRows = figures.map((f) => {
    const windows = trailingAll(cumulative(f.daily));
    const publish = f.publishDate.getTime();
    return {
      values: {
        organizationId,
        showId,
        externalId: f.externalId,
        title: f.title,
        publishDate: f.publishDate,
        durationSeconds: f.durationSeconds,
        seasonNumber: f.seasonNumber,
        episodeNumber: f.episodeNumber,
        totalDownloadsGlobal: f.total,
        first24hDownloads: firstWindowFromDaily(f.daily, publish, 1, now),
        first48hDownloads: firstWindowFromDaily(f.daily, publish, 2, now),
        first7dDownloads: firstWindowFromDaily(f.daily, publish, 7, now),
        trailing1dDownloads: windows["1d"],
        trailing1wDownloads: windows["1w"],
        trailing1mDownloads: windows["1m"],
        trailing1yDownloads: windows["1y"],
        uniqueListeners: f.listeners,
        lastUpdated,
      },
    };
  });
  const since = isoDate(now - EPISODE_KEPT_DAYS * DAY_MS);
  const metricRows = figures.flatMap((f) => {
    const early = isoDate(f.publishDate.getTime() + EPISODE_EARLY_DAYS * DAY_MS);
    return cumulative(f.daily).flatMap((c, i) =>
      c.date >= since || c.date <= early
        ? [
            {
              values: {
                day: dayNumber(c.date),
                downloads: f.daily[i]!.downloads,
                cumulativeDownloads: c.value,
              },
              extra: { external_id: f.externalId },
            },
          ]
        : [],
    );
  });
  const perDay = new Map<string, number>();
  for (const f of figures)
    for (const d of f.daily) perDay.set(d.date, (perDay.get(d.date) ?? 0) + d.downloads);
  const showDaily = [...perDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, downloads]) => ({ date, downloads }));
  const series = cumulative(showDaily);
  const windows = trailingAll(series);
  const current = {
    title,
    totalEpisodes: figures.length,
    totalDownloadsGlobal: series.at(-1)?.value ?? 0,
    trailing1dDownloads: windows["1d"],
    trailing1wDownloads: windows["1w"],
    trailing1mDownloads: windows["1m"],
    trailing1yDownloads: windows["1y"],
    lastUpdated,
  };
  const e = episodes;
  await batchStatements(d1, [
    db
      .insert(shows)
      .values({ id: showId, organizationId, externalId, ...current })
      .onConflictDoUpdate({ target: [shows.organizationId, shows.externalId], set: current }),
    ...jsonUpsertStatements({
      table: episodes,
      rows: episodeRows,
      // Bound once per statement (video-writes.ts does the same for videos).
      constant: { orgKey: organizationKey(organizationId) },
      target: [e.organizationId, e.externalId],
      update: [
        e.showId,
        e.title,
        e.publishDate,
        e.durationSeconds,
        e.seasonNumber,
        e.episodeNumber,
        e.totalDownloadsGlobal,
        e.first24hDownloads,
        e.first48hDownloads,
        e.first7dDownloads,
        e.trailing1dDownloads,
        e.trailing1wDownloads,
        e.trailing1mDownloads,
        e.trailing1yDownloads,
        e.uniqueListeners,
        e.lastUpdated,
      ],
    }),
    ...jsonUpsertStatements({
      table: episodeMetrics,
      rows: metricRows,
      computed: {
        episodeKey: sql`(select ${e.key} from ${e} where ${e.organizationId} = ${organizationId} and ${e.externalId} = ${jsonField("external_id")})`,
      },
      target: [episodeMetrics.episodeKey, episodeMetrics.day],
      update: [episodeMetrics.downloads, episodeMetrics.cumulativeDownloads],
    }),
    ...jsonUpsertStatements({
      table: showMetrics,
      rows: series.map((c, i) => ({
        values: {
          organizationId,
          showId,
          date: c.date,
          totalDownloads: c.value,
          downloads: showDaily[i]!.downloads,
        },
      })),
      target: [showMetrics.showId, showMetrics.date],
      update: [showMetrics.totalDownloads, showMetrics.downloads],
    }),
  ]);
}
