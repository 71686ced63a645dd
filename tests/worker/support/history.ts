import { asc, eq, type SQL } from "drizzle-orm";
import { dayDate, isoDate } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { CONTENT_BINDINGS, contentHandle } from "./factories";

/*
 * The stored history the way a test reads it: by the video's or episode's id and calendar day.
 * The tables themselves carry the entity's integer key and the time (docs/design.md, "Compact
 * history"); these join back through the entity, as every reader in the app does.
 * An organisation's content lives in one of CONTENT_BINDINGS (docs/content-databases.md) and keys
 * are only unique within a database, so each database is read on its own (joined there) and the
 * rows put together; entity ids are UUIDs, so one entity's rows come from one database.
 */
const { videoMetrics, videos, episodeMetrics, episodes } = schema;

type Content = ReturnType<typeof contentHandle>;

/** What `read` answers in every database that may hold content, in one list. */
async function inEveryDatabase<T>(read: (content: Content) => Promise<T[]>) {
  const lists = await Promise.all(CONTENT_BINDINGS.map((binding) => read(contentHandle(binding))));
  return lists.flat();
}

/** Orders rows by entity id, then by `at`, as one query's ORDER BY would. */
const byEntityThen =
  <T>(id: (row: T) => string, at: (row: T) => number) =>
  (a: T, b: T) =>
    id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : at(a) - at(b);

/** Video snapshots matching `where` (over videos' columns), by video then capture time. */
export async function videoHistory(where: SQL | undefined) {
  const rows = await inEveryDatabase((content) =>
    content
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
      .orderBy(asc(videos.id), asc(videoMetrics.capturedAt)),
  );
  rows.sort(
    byEntityThen(
      (r) => r.videoId,
      (r) => r.capturedAt.getTime(),
    ),
  );
  return rows.map((r) => ({ ...r, date: isoDate(r.capturedAt.getTime()) }));
}

/** Episode daily rows matching `where` (over episodes' columns), by episode then day. */
export async function episodeHistory(where: SQL | undefined) {
  const rows = await inEveryDatabase((content) =>
    content
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
      .orderBy(asc(episodes.id), asc(episodeMetrics.day)),
  );
  rows.sort(
    byEntityThen(
      (r) => r.episodeId,
      (r) => r.day,
    ),
  );
  return rows.map(({ day, ...r }) => ({ ...r, date: dayDate(day) }));
}

/** The history key the insert trigger gave a video (RETURNING shows the row before it ran). */
export async function videoKeyOf(videoId: string): Promise<number> {
  const [row] = await inEveryDatabase((content) =>
    content.select({ key: videos.key }).from(videos).where(eq(videos.id, videoId)),
  );
  if (row?.key == null) throw new Error(`video ${videoId} has no history key`);
  return row.key;
}

/** The history key the insert trigger gave an episode. */
export async function episodeKeyOf(episodeId: string): Promise<number> {
  const [row] = await inEveryDatabase((content) =>
    content.select({ key: episodes.key }).from(episodes).where(eq(episodes.id, episodeId)),
  );
  if (row?.key == null) throw new Error(`episode ${episodeId} has no history key`);
  return row.key;
}
