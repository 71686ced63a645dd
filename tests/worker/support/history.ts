import { asc, eq, type SQL } from "drizzle-orm";
import { dayDate, isoDate } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { db } from "./factories";

/*
 * The stored history the way a test reads it: by the video's or episode's id and calendar day.
 * The tables themselves carry the entity's integer key and the time (docs/design.md, "Compact
 * history"); these join back through the entity, as every reader in the app does.
 */
const { videoMetrics, videos, episodeMetrics, episodes } = schema;

/** Video snapshots matching `where` (over videos' columns), by video then capture time. */
export async function videoHistory(where: SQL | undefined) {
  const rows = await db()
    .select({
      videoId: videos.id,
      capturedAt: videoMetrics.capturedAt,
      views: videoMetrics.views,
      likes: videoMetrics.likes,
      comments: videoMetrics.comments,
    })
    .from(videoMetrics)
    .innerJoin(videos, eq(videos.key, videoMetrics.videoKey))
    .where(where)
    .orderBy(asc(videos.id), asc(videoMetrics.capturedAt));
  return rows.map((r) => ({ ...r, date: isoDate(r.capturedAt.getTime()) }));
}

/** Episode daily rows matching `where` (over episodes' columns), by episode then day. */
export async function episodeHistory(where: SQL | undefined) {
  const rows = await db()
    .select({
      episodeId: episodes.id,
      day: episodeMetrics.day,
      downloads: episodeMetrics.downloads,
      cumulativeDownloads: episodeMetrics.cumulativeDownloads,
      uniqueListeners: episodeMetrics.uniqueListeners,
    })
    .from(episodeMetrics)
    .innerJoin(episodes, eq(episodes.key, episodeMetrics.episodeKey))
    .where(where)
    .orderBy(asc(episodes.id), asc(episodeMetrics.day));
  return rows.map(({ day, ...r }) => ({ ...r, date: dayDate(day) }));
}

/** The history key the insert trigger gave a video (RETURNING shows the row before it ran). */
export async function videoKeyOf(videoId: string): Promise<number> {
  const [row] = await db().select({ key: videos.key }).from(videos).where(eq(videos.id, videoId));
  if (row?.key == null) throw new Error(`video ${videoId} has no history key`);
  return row.key;
}

/** The history key the insert trigger gave an episode. */
export async function episodeKeyOf(episodeId: string): Promise<number> {
  const [row] = await db()
    .select({ key: episodes.key })
    .from(episodes)
    .where(eq(episodes.id, episodeId));
  if (row?.key == null) throw new Error(`episode ${episodeId} has no history key`);
  return row.key;
}
