import { type SQL, sql } from "drizzle-orm";
import { jsonUpsertStatements } from "../../db/json-upsert";
import { organizationKey } from "../../db/organization-scope";
import { videoMetrics, videos } from "../../db/schema";
import type { YouTubeVideo } from "../../providers/youtube/client";
import { videosInScope } from "./window-columns";

const HOUR_MS = 3_600_000;
/** Videos younger than this get hourly snapshots (first-window figures). */
export const YOUNG_VIDEO_DAYS = 8;

/** Snapshots are keyed by the hour they belong to, so a re-run in the same hour overwrites. */
export const snapshotHour = (now: number) => new Date(Math.floor(now / HOUR_MS) * HOUR_MS);

/**
 * Video rows per upsert statement: twice the default, so a large channel's write, batched with
 * the snapshot and window statements of each batch of videos, stays within one statement per
 * 500 videos plus a constant (about 170 KB of bound JSON, far under D1's 2 MB per value).
 */
const VIDEO_ROWS_PER_STATEMENT = 1_000;

/**
 * This hour's snapshot of the videos just written (by external id, and their last_updated is
 * `now`), copied from the video rows by one set-based statement whatever their number. The videos'
 * keys exist by then: the insert trigger gives every new video its key in the upsert's own
 * statement.
 */
function snapshotStatement(organizationId: string, externalIds: string[], now: number): SQL {
  const capturedAt = snapshotHour(now).getTime();
  const column = (c: { name: string }) => sql.identifier(c.name);
  return sql`insert into ${videoMetrics} (${column(videoMetrics.videoKey)}, ${column(videoMetrics.capturedAt)}, ${column(videoMetrics.views)}, ${column(videoMetrics.likes)}, ${column(videoMetrics.comments)})
    select ${videos.key}, ${capturedAt}, ${videos.views}, ${videos.likes}, ${videos.comments}
    from ${videos} where ${videosInScope({ videos: { organizationId, externalIds } })}
      and ${videos.lastUpdated} = ${now}
    on conflict (${column(videoMetrics.videoKey)}, ${column(videoMetrics.capturedAt)}) do update set
      ${column(videoMetrics.views)} = excluded.${column(videoMetrics.views)},
      ${column(videoMetrics.likes)} = excluded.${column(videoMetrics.likes)},
      ${column(videoMetrics.comments)} = excluded.${column(videoMetrics.comments)}`;
}

/**
 * The statements that store fetched videos: upsert by (organisation, external id), 1,000 rows per
 * statement; then, whatever the count, one statement for this hour's snapshots. Meant to run
 * inside one batch with, after them, the windows of the same videos (windows.ts), so the videos,
 * their snapshots and the figures computed from those land together. The channel row must exist.
 */
export function videoWriteStatements(
  organizationId: string,
  channelId: string,
  fetched: YouTubeVideo[],
  now: number,
): SQL[] {
  const lastUpdated = new Date(now);
  const videoRows = fetched.map((v) => ({
    values: {
      organizationId,
      channelId,
      externalId: v.externalId,
      title: v.title,
      views: v.views,
      likes: v.likes ?? 0,
      comments: v.comments ?? 0,
      likesHidden: v.likes === null,
      commentsOff: v.comments === null,
      durationSeconds: v.durationSeconds,
      publishDate: v.publishDate,
      lastUpdated,
    },
  }));
  return [
    ...jsonUpsertStatements({
      table: videos,
      rows: videoRows,
      rowsPerStatement: VIDEO_ROWS_PER_STATEMENT,
      // Bound once per statement, so no trigger rewrites the row's index entries to set it.
      constant: { orgKey: organizationKey(organizationId) },
      target: [videos.organizationId, videos.externalId],
      update: [
        videos.channelId,
        videos.title,
        videos.views,
        videos.likes,
        videos.comments,
        videos.likesHidden,
        videos.commentsOff,
        videos.durationSeconds,
        videos.publishDate,
        videos.lastUpdated,
      ],
    }),
    snapshotStatement(
      organizationId,
      fetched.map((v) => v.externalId),
      now,
    ),
  ];
}
