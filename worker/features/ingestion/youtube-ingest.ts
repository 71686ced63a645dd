import { and, asc, eq, sql } from "drizzle-orm";
import { isoDate, trailingAll } from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { chunk, rowsPerInsert, runBatched } from "../../db/batch";
import { channelMetrics, channels, videoMetrics, videos } from "../../db/schema";
import { PermanentJobError, type JobOutcome } from "../../jobs/job-state";
import { YouTubeClient, type YouTubeChannel, type YouTubeVideo } from "../../providers/youtube/client";
import { YouTubeError } from "../../providers/youtube/errors";
import { providerFetch } from "../../providers/transport";
import { integrationKey, markIntegration } from "../integrations/keys";
import { updateFirstWindows, updateVideoTrailing } from "./video-windows";

const HOUR_MS = 3_600_000;
export type ChannelTarget = { handle: string } | { channelId: string };

/** Permanent provider failures end the job with the spec's words; the rest are retried. */
async function classify(db: Db, organizationId: string, error: unknown): Promise<never> {
  if (error instanceof YouTubeError && !error.retryable) {
    if (error.kind === "invalid_key") await markIntegration(db, organizationId, "youtube", "error", error.message);
    throw new PermanentJobError(error.kind, error.message);
  }
  throw error;
}

async function resolve(db: Db, yt: YouTubeClient, organizationId: string, target: ChannelTarget): Promise<YouTubeChannel> {
  if ("handle" in target) {
    const found = await yt.channelByHandle(target.handle);
    if (!found) throw new PermanentJobError("channel_not_found", `No YouTube channel found for ${target.handle}`);
    return found;
  }
  const row = await db.query.channels.findFirst({ where: and(eq(channels.id, target.channelId), eq(channels.organizationId, organizationId)) });
  if (!row) throw new PermanentJobError("channel_not_found", "The channel no longer exists");
  const [found] = await yt.channelsById([row.externalId]);
  if (!found) throw new PermanentJobError("channel_not_found", `YouTube no longer has the channel ${row.title}`);
  return found;
}

/**
 * Adds or refreshes one channel: channels.list, every uploads page, videos.list in batches of 50
 * (exactly 1 + 2 x ceil(N/50) quota units), then upserts by external id and snapshots. The channel
 * row's totals and last_updated are written last, so an interrupted run never looks complete and
 * the next refresh finishes it; re-running the same message rewrites the same rows.
 */
export async function ingestYouTubeChannel(env: Env, db: Db, organizationId: string, target: ChannelTarget, now = Date.now()): Promise<JobOutcome> {
  const yt = new YouTubeClient(await integrationKey(db, env, organizationId, "youtube"), providerFetch(env), { maxRetries: 2 });
  try {
    const found = await resolve(db, yt, organizationId, target);
    const [channel] = await db
      .insert(channels)
      .values({ organizationId, externalId: found.externalId, handle: found.handle, title: found.title, thumbnailUrl: found.thumbnailUrl, uploadsPlaylistId: found.uploadsPlaylistId })
      .onConflictDoUpdate({ target: [channels.organizationId, channels.externalId], set: { handle: found.handle, title: found.title, thumbnailUrl: found.thumbnailUrl, uploadsPlaylistId: found.uploadsPlaylistId } })
      .returning({ id: channels.id });
    const ids = found.uploadsPlaylistId ? await yt.uploadIds(found.uploadsPlaylistId) : [];
    const fetched: YouTubeVideo[] = [];
    for (const batch of chunk(ids, 50)) fetched.push(...(await yt.videos(batch)));
    await storeVideos(db, organizationId, channel!.id, fetched, now);
    await storeChannelSnapshot(db, organizationId, channel!.id, found, now);
    await markIntegration(db, organizationId, "youtube", "active");
    return { processed: fetched.length, total: ids.length, quotaUnits: yt.quotaUnits };
  } catch (error) {
    if (error instanceof PermanentJobError) throw error;
    return classify(db, organizationId, error);
  }
}

async function storeVideos(db: Db, organizationId: string, channelId: string, fetched: YouTubeVideo[], now: number) {
  const rows = fetched.map((v) => ({ organizationId, channelId, externalId: v.externalId, title: v.title, views: v.views, likes: v.likes, comments: v.comments, durationSeconds: v.durationSeconds, publishDate: v.publishDate, lastUpdated: new Date(now) }));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await runBatched(
    db,
    chunk(rows, rowsPerInsert(videos)).map((group) =>
      db
        .insert(videos)
        .values(group)
        .onConflictDoUpdate({
          target: [videos.organizationId, videos.externalId],
          set: { title: excluded("title"), views: excluded("views"), likes: excluded("likes"), comments: excluded("comments"), durationSeconds: excluded("duration_seconds"), publishDate: excluded("publish_date"), lastUpdated: excluded("last_updated"), channelId: excluded("channel_id") },
        }),
    ),
  );
  // One snapshot per video per hour: a redelivered job overwrites rather than duplicates.
  const capturedAt = new Date(Math.floor(now / HOUR_MS) * HOUR_MS);
  const stored = await db.select({ id: videos.id, externalId: videos.externalId }).from(videos).where(eq(videos.channelId, channelId));
  const byExternal = new Map(fetched.map((v) => [v.externalId, v]));
  const snapshots = stored.flatMap((row) => {
    const v = byExternal.get(row.externalId);
    return v ? [{ organizationId, videoId: row.id, capturedAt, date: isoDate(now), views: v.views, likes: v.likes, comments: v.comments }] : [];
  });
  await runBatched(
    db,
    chunk(snapshots, rowsPerInsert(videoMetrics)).map((group) =>
      db
        .insert(videoMetrics).values(group).onConflictDoUpdate({ target: [videoMetrics.videoId, videoMetrics.capturedAt], set: { views: excluded("views"), likes: excluded("likes"), comments: excluded("comments") } }),
    ),
  );
  await updateVideoTrailing(db, channelId, now);
  await updateFirstWindows(db, channelId, now);
}

async function storeChannelSnapshot(db: Db, organizationId: string, channelId: string, found: YouTubeChannel, now: number) {
  const today = isoDate(now);
  await db
    .insert(channelMetrics)
    .values({ organizationId, channelId, date: today, subscriberCount: found.subscriberCount, totalViews: found.totalViews, videoCount: found.videoCount })
    .onConflictDoUpdate({ target: [channelMetrics.channelId, channelMetrics.date], set: { subscriberCount: found.subscriberCount, totalViews: found.totalViews, videoCount: found.videoCount } });
  const history = await db.select({ date: channelMetrics.date, value: channelMetrics.totalViews }).from(channelMetrics).where(eq(channelMetrics.channelId, channelId)).orderBy(asc(channelMetrics.date));
  const windows = trailingAll(history);
  await db
    .update(channels)
    .set({ subscriberCount: found.subscriberCount, totalViews: found.totalViews, videoCount: found.videoCount, trailing1dViews: windows["1d"], trailing1wViews: windows["1w"], trailing1mViews: windows["1m"], trailing1yViews: windows["1y"], lastUpdated: new Date(now) })
    .where(eq(channels.id, channelId));
}
