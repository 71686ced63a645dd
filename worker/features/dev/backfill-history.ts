import { and, eq, gte } from "drizzle-orm";
import { batchStatements } from "../../db/batch";
import type { Db } from "../../db/client";
import { jsonUpsertStatements } from "../../db/json-upsert";
import { channelMetrics, channels, videoMetrics, videos } from "../../db/schema";
import { channelById, channelStats, videoById, videoStats } from "../../sandbox/youtube/catalog";

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Development only: gives the demo organisation's channels and videos the daily snapshots they
 * would have if Crosscast had been refreshing them for the last `days` days. YouTube has no
 * history API, so a real organisation's charts start at its first ingestion; the demo's sandbox
 * channels have a deterministic timeline (worker/sandbox/youtube/catalog.ts), read here at each
 * past day so the detail and pacing charts have something to show.
 */
export async function backfillDemoHistory(
  d1: D1Database,
  db: Db,
  organizationId: string,
  days = 120,
  now = Date.now(),
  videoDays = days,
): Promise<{ channelRows: number; videoRows: number }> {
  const since = now - videoDays * DAY;
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
          totalViews: stats.viewCount,
          videoCount: stats.videoCount,
        },
      });
    }
  }
  const videoRows = await db
    .select({ id: videos.id, externalId: videos.externalId, publishDate: videos.publishDate })
    .from(videos)
    .where(
      and(
        eq(videos.organizationId, organizationId),
        gte(videos.publishDate, new Date(since - 31 * DAY)),
      ),
    );
  const snapshots: Array<{ values: typeof videoMetrics.$inferInsert }> = [];
  for (const row of videoRows) {
    const found = videoById(row.externalId, now);
    if (!found) continue;
    for (let at = Math.max(since, row.publishDate.getTime() + DAY); at < now - DAY / 2; at += DAY) {
      const stats = videoStats(found.video, at);
      snapshots.push({
        values: {
          organizationId,
          videoId: row.id,
          capturedAt: new Date(at),
          date: isoDay(at),
          views: stats.viewCount,
          likes: stats.likeCount,
          comments: stats.commentCount,
        },
      });
    }
  }
  await batchStatements(d1, [
    ...jsonUpsertStatements({
      table: channelMetrics,
      rows: metrics,
      target: [channelMetrics.channelId, channelMetrics.date],
      update: [
        channelMetrics.subscriberCount,
        channelMetrics.totalViews,
        channelMetrics.videoCount,
      ],
    }),
    ...jsonUpsertStatements({
      table: videoMetrics,
      rows: snapshots,
      target: [videoMetrics.videoId, videoMetrics.capturedAt],
      update: [videoMetrics.views, videoMetrics.likes, videoMetrics.comments, videoMetrics.date],
    }),
  ]);
  return { channelRows: metrics.length, videoRows: snapshots.length };
}
