import { and, eq, gte } from "drizzle-orm";
import { DAY_MS, isoDate } from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { chunk } from "../../db/batch";
import { channels, videoMetrics, videos } from "../../db/schema";
import { PermanentJobError, type JobOutcome } from "../../jobs/job-state";
import { YouTubeClient } from "../../providers/youtube/client";
import { YouTubeError } from "../../providers/youtube/errors";
import { providerFetch } from "../../providers/transport";
import { integrationKey } from "../integrations/keys";
import { updateFirstWindows } from "./video-windows";

export const YOUNG_VIDEO_DAYS = 8;

/**
 * Hourly snapshot of a channel's videos younger than eight days, so their first 24H/48H/7D
 * figures can be interpolated. Costs ceil(k/50) quota units for k young videos (videos.list only).
 */
export async function snapshotYoungVideos(env: Env, db: Db, organizationId: string, channelId: string, now = Date.now()): Promise<JobOutcome> {
  const channel = await db.query.channels.findFirst({ where: and(eq(channels.id, channelId), eq(channels.organizationId, organizationId)), columns: { id: true } });
  if (!channel) throw new PermanentJobError("channel_not_found", "The channel no longer exists");
  const young = await db.select({ id: videos.id, externalId: videos.externalId }).from(videos).where(and(eq(videos.channelId, channelId), gte(videos.publishDate, new Date(now - YOUNG_VIDEO_DAYS * DAY_MS))));
  const yt = new YouTubeClient(await integrationKey(db, env, organizationId, "youtube"), providerFetch(env), { maxRetries: 2 });
  const capturedAt = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  const idOf = new Map(young.map((v) => [v.externalId, v.id]));
  try {
    for (const batch of chunk(young, 50)) {
      for (const v of await yt.videos(batch.map((b) => b.externalId))) {
        const id = idOf.get(v.externalId);
        if (!id) continue;
        await db.batch([
          db.update(videos).set({ views: v.views, likes: v.likes, comments: v.comments, lastUpdated: new Date(now) }).where(eq(videos.id, id)),
          db.insert(videoMetrics).values({ organizationId, videoId: id, capturedAt, date: isoDate(now), views: v.views, likes: v.likes, comments: v.comments }).onConflictDoUpdate({ target: [videoMetrics.videoId, videoMetrics.capturedAt], set: { views: v.views, likes: v.likes, comments: v.comments } }),
        ]);
      }
    }
  } catch (error) {
    if (error instanceof YouTubeError && !error.retryable) throw new PermanentJobError(error.kind, error.message);
    throw error;
  }
  await updateFirstWindows(db, channelId, now);
  return { processed: young.length, quotaUnits: yt.quotaUnits };
}
