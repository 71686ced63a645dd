import { and, eq, gte } from "drizzle-orm";
import { DAY_MS } from "../../../shared/metrics";
import { batchStatements, chunk } from "../../db/batch";
import type { Db } from "../../db/client";
import { channels, videos } from "../../db/schema";
import { type JobOutcome, PermanentJobError } from "../../jobs/job-state";
import { youtubeClient } from "../../providers/clients";
import {
  type QuotaMeter,
  YOUTUBE_PAGE_SIZE,
  type YouTubeVideo,
} from "../../providers/youtube/client";
import { integrationKey } from "../integrations/keys";
import { videoWriteStatements, YOUNG_VIDEO_DAYS } from "./video-writes";
import { windowStatements } from "./windows";
import { classifyYouTube } from "./youtube-ingest";

export { YOUNG_VIDEO_DAYS };

/**
 * Hourly snapshot of a channel's videos younger than eight days, so their first 24H/48H/7D
 * figures can be interpolated. Costs ceil(k/50) quota units for k young videos (videos.list
 * only); writes in one batch like a full refresh.
 */
export async function snapshotYoungVideos(
  env: Env,
  db: Db,
  organizationId: string,
  channelId: string,
  opts: { meter?: QuotaMeter; now?: number } = {},
): Promise<JobOutcome> {
  const now = opts.now ?? Date.now();
  const channel = await db.query.channels.findFirst({
    where: and(eq(channels.id, channelId), eq(channels.organizationId, organizationId)),
    columns: { id: true },
  });
  if (!channel) throw new PermanentJobError("channel_not_found", "The channel no longer exists");
  const young = await db
    .select({ externalId: videos.externalId })
    .from(videos)
    .where(
      and(
        eq(videos.channelId, channelId),
        gte(videos.publishDate, new Date(now - YOUNG_VIDEO_DAYS * DAY_MS)),
      ),
    );
  if (young.length === 0) return { processed: 0 };
  const yt = youtubeClient(env, await integrationKey(db, env, organizationId, "youtube"), {
    maxRetries: 2,
    meter: opts.meter,
  });
  const fetched: YouTubeVideo[] = [];
  try {
    for (const batch of chunk(young, YOUTUBE_PAGE_SIZE))
      fetched.push(...(await yt.videos(batch.map((v) => v.externalId))));
  } catch (error) {
    return classifyYouTube(db, organizationId, error);
  }
  await batchStatements(db.$client, [
    ...videoWriteStatements(organizationId, channelId, fetched, now),
    ...windowStatements({ channelId }, now, { firstWindows: "young" }),
  ]);
  return { processed: fetched.length, total: young.length };
}
