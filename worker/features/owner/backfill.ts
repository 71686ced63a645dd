import { and, asc, count, eq, isNull, max, min, sql } from "drizzle-orm";
import { DAY_MS, dayNumber, isoDate } from "../../../shared/metrics";
import type { JobMessage } from "../../../shared/schemas/jobs";
import { batchStatements, chunk } from "../../db/batch";
import type { Db } from "../../db/client";
import {
  ingestionJobs,
  videos,
  youtubeChannelDaily,
  youtubeOwnerConnections,
  youtubeOwnerVideos,
  youtubeVideoDaily,
} from "../../db/schema";
import { PermanentJobError } from "../../jobs/job-state";
import { GoogleAuthError } from "../../providers/google/oauth";
import { providerFetch } from "../../providers/transport";
import { type OwnerDay, YouTubeAnalyticsClient } from "../../providers/youtube/analytics";
import { YouTubeError } from "../../providers/youtube/errors";
import { enqueueJob } from "../ingestion/jobs";
import { windowStatements } from "../ingestion/windows";
import { ownerAccessToken } from "./connection";
import { completeThrough } from "./reported-through";

/*
 * The owner backfill (docs/design.md, "Owner analytics"): on connect, every video's exact daily
 * figures from its publish day, and the channel's from its first upload, through yesterday (the
 * days YouTube has not reported yet are not in the answers; the daily refresh asks for them).
 * Resumable: each queue message does VIDEOS_PER_MESSAGE videos, records each video as done with
 * its rows (one transaction), stores the job's progress, and sends itself again for the rest.
 * YouTube Analytics takes one request per video (a `video==A,B` filter adds the videos up, and
 * `day,video` together is not a channel report), plus one for the channel.
 */

export const VIDEOS_PER_MESSAGE = 50;
type BackfillMessage = Extract<JobMessage, { type: "owner.backfill" }>;

/** Queues the backfill through yesterday (the last day YouTube can have closed). */
export function startOwnerBackfill(
  env: Env,
  db: Db,
  organizationId: string,
  channelId: string,
  userId: string | null,
  now = Date.now(),
) {
  return enqueueJob(env, db, organizationId, userId, {
    type: "owner.backfill",
    channelId,
    through: isoDate(now - DAY_MS),
  });
}

const FIGURES_PER_ROW = 7;
const ROWS_PER_INSERT = Math.floor(100 / FIGURES_PER_ROW);

/** Upserts of exact days: a re-run (redelivery) writes the same rows again, never twice. */
export function dayRowStatements(
  db: Db,
  table: typeof youtubeVideoDaily | typeof youtubeChannelDaily,
  rows: Array<{ key: number; figures: OwnerDay }>,
) {
  return chunk(rows, ROWS_PER_INSERT).map((group) => {
    const figures = group.map(({ key, figures: d }) => ({
      key,
      day: dayNumber(d.date),
      views: d.views,
      watchMinutes: d.estimatedMinutesWatched,
      averageViewDuration: d.averageViewDuration,
      subscribersGained: d.subscribersGained,
      subscribersLost: d.subscribersLost,
    }));
    if (table === youtubeVideoDaily)
      return db
        .insert(youtubeVideoDaily)
        .values(figures.map(({ key, ...f }) => ({ videoKey: key, ...f })))
        .onConflictDoUpdate({
          target: [youtubeVideoDaily.videoKey, youtubeVideoDaily.day],
          set: excludedFigures,
        });
    return db
      .insert(youtubeChannelDaily)
      .values(figures.map(({ key, ...f }) => ({ connectionKey: key, ...f })))
      .onConflictDoUpdate({
        target: [youtubeChannelDaily.connectionKey, youtubeChannelDaily.day],
        set: excludedFigures,
      });
  });
}

/** The next midnight in Pacific time, when YouTube resets daily quotas (seconds from now). */
export function secondsUntilQuotaReset(now: number): number {
  const pacific = new Date(now).toLocaleString("en-US", { timeZone: "America/Los_Angeles" });
  const local = new Date(pacific);
  const midnight = new Date(local);
  midnight.setHours(24, 5, 0, 0);
  return Math.max(60, Math.ceil((midnight.getTime() - local.getTime()) / 1000));
}
/** The longest delay a Cloudflare Queues message may carry (12 hours). */
const MAX_QUEUE_DELAY_SECONDS = 43_200;

export type BackfillStep =
  | { state: "done"; processed: number; total: number }
  | { state: "continue"; processed: number; total: number }
  | { state: "quota"; processed: number; total: number; delaySeconds: number };

/** One message's share of a backfill. */
export async function backfillStep(
  env: Env,
  db: Db,
  message: BackfillMessage,
  meter: { requests: number },
  now = Date.now(),
): Promise<BackfillStep> {
  const connection = await db.query.youtubeOwnerConnections.findFirst({
    where: eq(youtubeOwnerConnections.channelId, message.channelId),
  });
  // Disconnected (or the channel removed) meanwhile: nothing left to do.
  if (!connection) return { state: "done", processed: 0, total: 0 };
  const fetcher = providerFetch(env);
  let token: string;
  try {
    token = await ownerAccessToken(db, env, fetcher, connection);
  } catch (error) {
    if (error instanceof GoogleAuthError && error.reason === "invalid_grant")
      throw new PermanentJobError("owner_reconnect_required", error.message);
    throw error;
  }
  const analytics = new YouTubeAnalyticsClient(token, fetcher);

  // Every video of the channel gets its key (videos added since a previous message included).
  await db.run(sql`insert into ${youtubeOwnerVideos} (connection_key, video_id)
    select ${connection.key}, ${videos.id} from ${videos} where ${videos.channelId} = ${message.channelId}
    on conflict (video_id) do nothing`);

  try {
    const [channelDays] = await db
      .select({ n: count() })
      .from(youtubeChannelDaily)
      .where(eq(youtubeChannelDaily.connectionKey, connection.key));
    if (!channelDays?.n) {
      const [first] = await db
        .select({ at: min(videos.publishDate) })
        .from(videos)
        .where(eq(videos.channelId, message.channelId));
      const from = first?.at ? isoDate(first.at.getTime()) : message.through;
      if (from <= message.through) {
        const days = await analytics.daily(from, message.through);
        await batchStatements(
          db.$client,
          dayRowStatements(
            db,
            youtubeChannelDaily,
            days.map((figures) => ({ key: connection.key, figures })),
          ),
        );
      }
    }

    const pending = await db
      .select({
        key: youtubeOwnerVideos.key,
        externalId: videos.externalId,
        publishDate: videos.publishDate,
      })
      .from(youtubeOwnerVideos)
      .innerJoin(videos, eq(videos.id, youtubeOwnerVideos.videoId))
      .where(
        and(
          eq(youtubeOwnerVideos.connectionKey, connection.key),
          isNull(youtubeOwnerVideos.backfilledAt),
        ),
      )
      .orderBy(asc(youtubeOwnerVideos.key))
      .limit(VIDEOS_PER_MESSAGE);
    for (const video of pending) {
      const from = isoDate(video.publishDate.getTime());
      const days =
        from <= message.through
          ? await videoDaysOrNone(analytics, from, message.through, video.externalId)
          : [];
      // The rows and "this video is done" in one transaction: a crash never half-writes a video.
      await batchStatements(db.$client, [
        ...dayRowStatements(
          db,
          youtubeVideoDaily,
          days.map((figures) => ({ key: video.key, figures })),
        ),
        db
          .update(youtubeOwnerVideos)
          .set({ backfilledAt: new Date(now) })
          .where(eq(youtubeOwnerVideos.key, video.key)),
      ]);
    }
  } catch (error) {
    meter.requests += analytics.requests;
    if (error instanceof YouTubeError && error.kind === "quota_exceeded") {
      const progress = await progressOf(db, connection.key);
      return {
        state: "quota",
        ...progress,
        delaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, secondsUntilQuotaReset(now)),
      };
    }
    if (error instanceof YouTubeError && !error.retryable)
      throw new PermanentJobError(error.kind, error.message);
    throw error;
  }
  meter.requests += analytics.requests;
  const progress = await progressOf(db, connection.key);
  if (progress.processed < progress.total) return { state: "continue", ...progress };

  // Everything is in: the connection counts from now on, complete through the newest day the
  // channel's report held (reported-through.ts), and the one computation runs.
  const [newest] = await db
    .select({ day: max(youtubeChannelDaily.day) })
    .from(youtubeChannelDaily)
    .where(eq(youtubeChannelDaily.connectionKey, connection.key));
  const through = dayNumber(message.through);
  const completeThroughDay = completeThrough(
    newest?.day == null ? [] : [newest.day],
    null,
    through,
    through,
  );
  await batchStatements(db.$client, [
    db
      .update(youtubeOwnerConnections)
      .set({ completeThroughDay, updatedAt: new Date(now) })
      .where(eq(youtubeOwnerConnections.key, connection.key)),
    ...windowStatements({ channelId: message.channelId }, now, { firstWindows: "all" }),
  ]);
  return { state: "done", ...progress };
}

/**
 * One video's exact days, or none when YouTube refuses that video alone (deleted, or no longer
 * the channel's): one such video used to fail the whole backfill for good. Asking the channel's
 * own last day tells the two apart: when that is refused too, the connection itself has lost
 * access, and that error stands.
 */
async function videoDaysOrNone(
  analytics: YouTubeAnalyticsClient,
  from: string,
  through: string,
  videoId: string,
): Promise<OwnerDay[]> {
  try {
    return await analytics.daily(from, through, videoId);
  } catch (error) {
    const refused =
      error instanceof YouTubeError && (error.kind === "forbidden" || error.kind === "not_found");
    if (!refused) throw error;
    await analytics.daily(through, through);
    return [];
  }
}

const excludedFigures = {
  views: sql`excluded.views`,
  watchMinutes: sql`excluded.watch_minutes`,
  averageViewDuration: sql`excluded.average_view_duration`,
  subscribersGained: sql`excluded.subscribers_gained`,
  subscribersLost: sql`excluded.subscribers_lost`,
};

async function progressOf(db: Db, connectionKey: number) {
  const [row] = await db
    .select({ total: count(), done: count(youtubeOwnerVideos.backfilledAt) })
    .from(youtubeOwnerVideos)
    .where(eq(youtubeOwnerVideos.connectionKey, connectionKey));
  return { processed: row?.done ?? 0, total: row?.total ?? 0 };
}

/** Progress while the job runs, so Recent activity shows a percentage. */
export const recordProgress = (db: Db, jobId: string, processed: number, total: number) =>
  db
    .update(ingestionJobs)
    .set({ progress: { processed, total } })
    .where(eq(ingestionJobs.id, jobId));
