import { and, eq, inArray, sql } from "drizzle-orm";
import { FIRST_WINDOWS } from "../../../shared/metrics";
import { batchStatements, chunk } from "../../db/batch";
import type { Db } from "../../db/client";
import { jsonUpsertStatements } from "../../db/json-upsert";
import { channelMetrics, channels, tableStats, videoMetrics, videos } from "../../db/schema";
import { installedSandbox } from "../../lib/sandbox";
import { snapshotHour } from "../ingestion/video-writes";
import { windowStatements } from "../ingestion/windows";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Videos written per batch: bounds the memory and the size of one D1 transaction. */
const VIDEOS_PER_BATCH = 200;

type VideoSnapshot = { values: typeof videoMetrics.$inferInsert };

/**
 * Development only: gives an organisation's sandbox channels and videos the snapshots they would
 * have if Crosscast had been refreshing them all along, read from the sandbox's deterministic
 * timeline (worker/sandbox/youtube/catalog.ts), then recomputes every window through the same
 * computation as a refresh (ingestion/windows.ts). What it writes:
 * - channels: a daily snapshot for each of the last `days` days (400 by default, so the
 *   trailing year has a base);
 * - videos: a daily snapshot for each of the last `videoDays` days they were public, and the
 *   hourly snapshots the young-video job takes around each video's 24H/48H/7D marks (the hour
 *   before and the hour after; interpolation reads only those two, so the figures are the ones
 *   a full hourly history would give, at a fraction of the rows).
 */
export async function backfillDemoHistory(
  d1: D1Database,
  db: Db,
  organizationId: string,
  days = 400,
  now = Date.now(),
  videoDays = 120,
): Promise<{ channelRows: number; videoRows: number }> {
  const { channelById, channelStats } = installedSandbox().youtubeCatalog;
  const channelRows = await db
    .select({ id: channels.id, externalId: channels.externalId })
    .from(channels)
    .where(eq(channels.organizationId, organizationId));
  const metrics: Array<{ values: typeof channelMetrics.$inferInsert }> = [];
  for (const row of channelRows) {
    const channel = channelById(row.externalId);
    if (!channel) continue;
    for (let d = days; d >= 1; d--) {
      const at = now - d * DAY;
      const stats = channelStats(channel, at);
      metrics.push({
        values: {
          organizationId,
          channelId: row.id,
          date: isoDay(at),
          subscriberCount: stats.subscriberCount,
          subscribersHidden: stats.hiddenSubscriberCount,
          totalViews: stats.viewCount,
          videoCount: stats.videoCount,
        },
      });
    }
  }
  await batchStatements(
    d1,
    jsonUpsertStatements({
      table: channelMetrics,
      rows: metrics,
      target: [channelMetrics.channelId, channelMetrics.date],
      update: [
        channelMetrics.subscriberCount,
        channelMetrics.totalViews,
        channelMetrics.videoCount,
      ],
    }),
  );

  const videoRows = await db
    .select({ key: videos.key, externalId: videos.externalId, publishDate: videos.publishDate })
    .from(videos)
    .where(eq(videos.organizationId, organizationId));
  let written = 0;
  for (const group of chunk(videoRows, VIDEOS_PER_BATCH)) {
    const snapshots = group.flatMap((row) => videoSnapshots(row, now, now - videoDays * DAY));
    written += snapshots.length;
    await batchStatements(
      d1,
      jsonUpsertStatements({
        table: videoMetrics,
        rows: snapshots,
        target: [videoMetrics.videoKey, videoMetrics.capturedAt],
        update: [videoMetrics.views, videoMetrics.likes, videoMetrics.comments],
      }),
    );
  }
  // The one window computation, as after a refresh; every video, since old readings were added.
  // Snapshots alone change no channel or video row, so the content's write versions are bumped
  // here too: kept overview figures (overview/kept-overviews.ts) then see the new history even
  // where no window moved.
  await batchStatements(d1, [
    ...windowStatements({ organizationId }, now, { firstWindows: "all" }),
    db
      .update(tableStats)
      .set({ version: sql`${tableStats.version} + 1` })
      .where(
        and(
          eq(tableStats.organizationId, organizationId),
          inArray(tableStats.tableName, ["channels", "videos"]),
        ),
      ),
  ]);
  return { channelRows: metrics.length, videoRows: written };
}

/** One video's snapshots: daily since `since`, hourly around its first-window marks. */
function videoSnapshots(
  row: { key: number | null; externalId: string; publishDate: Date },
  now: number,
  since: number,
): VideoSnapshot[] {
  const { videoById, videoStats } = installedSandbox().youtubeCatalog;
  const found = videoById(row.externalId, now);
  const videoKey = row.key;
  if (!found || videoKey === null) return [];
  const publish = row.publishDate.getTime();
  const times = new Set<number>();
  for (let at = Math.max(since, publish + DAY); at < now - DAY / 2; at += DAY) times.add(at);
  for (const days of Object.values(FIRST_WINDOWS)) {
    const hour = snapshotHour(publish + days * DAY).getTime();
    for (const at of [hour, hour + HOUR]) if (at > publish && at <= now) times.add(at);
  }
  return [...times].map((at) => {
    const stats = videoStats(found.video, at);
    return {
      values: {
        videoKey,
        capturedAt: new Date(at),
        views: stats.viewCount,
        likes: stats.likeCount,
        comments: stats.commentCount,
      },
    };
  });
}
