import { and, eq } from "drizzle-orm";
import { integrationMessages } from "../../../shared/messages-integrations";
import { isoDate } from "../../../shared/metrics";
import { batchStatements, chunk } from "../../db/batch";
import type { Db } from "../../db/client";
import { channelMetrics, channels } from "../../db/schema";
import { type JobOutcome, PermanentJobError } from "../../jobs/job-state";
import { nextTurn } from "../../lib/next-turn";
import { youtubeClient } from "../../providers/clients";
import type {
  QuotaMeter,
  YouTubeChannel,
  YouTubeClient,
  YouTubeVideo,
} from "../../providers/youtube/client";
import { YouTubeError } from "../../providers/youtube/errors";
import { integrationKey, markIntegration } from "../integrations/keys";
import { videoWriteStatements } from "./video-writes";
import { channelWindowStatements, videoWindowStatements } from "./windows";
import { fetchUploads } from "./youtube-uploads";

export type ChannelTarget = { handle: string } | { channelId: string };

/**
 * Videos per D1 batch of a channel's write. Each batch is one transaction that holds the
 * organisation's content database (shared with other organisations) while it runs, so it stays
 * short: about 0.6 s here for 5,000 videos, where the whole of a 100,000-video channel in one
 * batch held every request for 10-15 s and came within reach of D1's 30 s limit per batch
 * (docs/performance.md, "A channel written in batches of 5,000 videos").
 */
export const VIDEOS_PER_WRITE = 5_000;
type RunOptions = { meter?: QuotaMeter; now?: number };

/** Permanent provider failures end the job with the spec's words; the rest are retried. */
export async function classifyYouTube(
  db: Db,
  organizationId: string,
  error: unknown,
): Promise<never> {
  if (error instanceof YouTubeError && !error.retryable) {
    if (error.kind === "invalid_key")
      await markIntegration(db, organizationId, "youtube", "error", error.message);
    throw new PermanentJobError(error.kind, error.message);
  }
  throw error;
}

async function resolve(
  db: Db,
  yt: YouTubeClient,
  organizationId: string,
  target: ChannelTarget,
): Promise<YouTubeChannel> {
  if ("handle" in target) {
    const found = await yt.channelByHandle(target.handle);
    if (!found)
      throw new PermanentJobError(
        "channel_not_found",
        integrationMessages.channelNotFound(target.handle),
      );
    return found;
  }
  const row = await db.query.channels.findFirst({
    where: and(eq(channels.id, target.channelId), eq(channels.organizationId, organizationId)),
  });
  if (!row) throw new PermanentJobError("channel_not_found", "The channel no longer exists");
  const [found] = await yt.channelsById([row.externalId]);
  if (!found)
    throw new PermanentJobError(
      "channel_not_found",
      `YouTube no longer has the channel ${row.title}`,
    );
  return found;
}

/**
 * Adds or refreshes one channel: channels.list, every uploads page, videos.list in batches of 50
 * asked while the walk goes on (exactly 1 + 2 x ceil(N/50) quota units; youtube-uploads.ts).
 * Everything is fetched before anything is written, so a provider failure leaves the channel as
 * it was. Then the write (writeChannel) runs as short D1 batches; a redelivered message rewrites
 * the same rows (upserts by external id, snapshots keyed by day and hour).
 */
export async function ingestYouTubeChannel(
  env: Env,
  db: Db,
  organizationId: string,
  target: ChannelTarget,
  opts: RunOptions = {},
): Promise<JobOutcome> {
  const now = opts.now ?? Date.now();
  const yt = youtubeClient(env, await integrationKey(db, env, organizationId, "youtube"), {
    maxRetries: 2,
    meter: opts.meter,
  });
  let found: YouTubeChannel;
  let ids: string[] = [];
  let fetched: YouTubeVideo[] = [];
  try {
    found = await resolve(db, yt, organizationId, target);
    if (found.uploadsPlaylistId) {
      const uploads = await fetchUploads(yt, found.uploadsPlaylistId);
      ids = uploads.ids;
      fetched = uploads.videos;
    }
  } catch (error) {
    if (error instanceof PermanentJobError) throw error;
    return classifyYouTube(db, organizationId, error);
  }
  await writeChannel(db.$client, db, organizationId, found, fetched, now);
  await markIntegration(db, organizationId, "youtube", "active");
  const unlisted = found.videoCount - ids.length;
  if (ids.length >= UPLOADS_LISTED_AT_MOST && unlisted > 0)
    return {
      processed: fetched.length,
      total: found.videoCount,
      note: `YouTube lists only the newest ${UPLOADS_LISTED_AT_MOST.toLocaleString("en-US")} uploads of a channel, so ${unlisted.toLocaleString("en-US")} older videos of ${found.title} could not be read.`,
    };
  return { processed: fetched.length, total: ids.length };
}

/**
 * The most uploads YouTube lists in a channel's uploads playlist: playlistItems.list ends there
 * whatever the channel's videoCount (reported in public trackers, e.g.
 * mattwright324/youtube-metadata#177; the discovery document names no cap). The rest of such a
 * channel cannot be read through the Data API, so the job says so rather than look complete.
 */
export const UPLOADS_LISTED_AT_MOST = 20_000;

/**
 * The channel row, its day's figures and its channel-level windows in a first batch; then the
 * videos, VIDEOS_PER_WRITE at a time, each batch with those videos' snapshots and windows. So
 * every video is always consistent with its own history, other requests are answered between
 * batches (one waits for the batch under way, at times the next as well), and no batch nears
 * D1's 30 s limit. A new channel appears with its figures first and its videos newest first as
 * they are written (the job shows as running meanwhile); a write that fails part-way keeps the
 * batches already written, and the queue's retry rewrites them all.
 */
async function writeChannel(
  d1: D1Database,
  db: Db,
  organizationId: string,
  found: YouTubeChannel,
  fetched: YouTubeVideo[],
  now: number,
) {
  const existing = await db.query.channels.findFirst({
    where: and(
      eq(channels.organizationId, organizationId),
      eq(channels.externalId, found.externalId),
    ),
    columns: { id: true },
  });
  // A new channel's id is chosen here so its videos can reference it. If another job created the
  // channel meanwhile, the upsert below updates that row, the videos' foreign key to this id
  // fails, and the retry finds the existing row.
  const channelId = existing?.id ?? crypto.randomUUID();
  const today = isoDate(now);
  const figures = {
    // A hidden count is stored as 0 with the flag; every reader shows it as hidden.
    subscriberCount: found.subscriberCount ?? 0,
    subscribersHidden: found.subscriberCount === null,
    totalViews: found.totalViews,
    videoCount: found.videoCount,
  };
  const profile = {
    handle: found.handle,
    title: found.title,
    thumbnailUrl: found.thumbnailUrl,
    uploadsPlaylistId: found.uploadsPlaylistId,
  };
  const current = {
    ...profile,
    ...figures,
    lastUpdated: new Date(now),
  };
  await batchStatements(d1, [
    db
      .insert(channels)
      .values({ id: channelId, organizationId, externalId: found.externalId, ...current })
      .onConflictDoUpdate({ target: [channels.organizationId, channels.externalId], set: current }),
    db
      .insert(channelMetrics)
      .values({ organizationId, channelId, date: today, ...figures })
      .onConflictDoUpdate({
        target: [channelMetrics.channelId, channelMetrics.date],
        set: figures,
      }),
    ...channelWindowStatements({ channelId }, now),
  ]);
  for (const part of chunk(fetched, VIDEOS_PER_WRITE)) {
    // Requests that arrived during the last batch go first (next-turn.ts).
    await nextTurn();
    const scope = { videos: { organizationId, externalIds: part.map((v) => v.externalId) } };
    await batchStatements(d1, [
      ...videoWriteStatements(organizationId, channelId, part, now),
      ...videoWindowStatements(scope, now, { firstWindows: "young" }),
    ]);
  }
}
