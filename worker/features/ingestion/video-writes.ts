import { type SQL, sql } from "drizzle-orm";
import { isoDate } from "../../../shared/metrics";
import { jsonUpsertStatements } from "../../db/json-upsert";
import { videoMetrics, videos } from "../../db/schema";
import type { YouTubeVideo } from "../../providers/youtube/client";

const HOUR_MS = 3_600_000;
/** Videos younger than this get hourly snapshots (first-window figures). */
export const YOUNG_VIDEO_DAYS = 8;

/** Snapshots are keyed by the hour they belong to, so a re-run in the same hour overwrites. */
export const snapshotHour = (now: number) => new Date(Math.floor(now / HOUR_MS) * HOUR_MS);

/** A random UUID (v4) made by SQLite, for rows inserted by a set-based statement. */
const sqlUuid = sql`lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

/**
 * This hour's snapshot of every video just written (their last_updated is `now`), copied from the
 * video rows by one set-based statement whatever the channel's size.
 */
function snapshotStatement(organizationId: string, channelId: string, now: number): SQL {
  const capturedAt = snapshotHour(now).getTime();
  return sql`insert into ${videoMetrics} (${sql.identifier(videoMetrics.id.name)}, ${sql.identifier(videoMetrics.organizationId.name)}, ${sql.identifier(videoMetrics.videoId.name)}, ${sql.identifier(videoMetrics.capturedAt.name)}, ${sql.identifier(videoMetrics.date.name)}, ${sql.identifier(videoMetrics.views.name)}, ${sql.identifier(videoMetrics.likes.name)}, ${sql.identifier(videoMetrics.comments.name)})
    select ${sqlUuid}, ${organizationId}, ${videos.id}, ${capturedAt}, ${isoDate(now)}, ${videos.views}, ${videos.likes}, ${videos.comments}
    from ${videos} where ${videos.channelId} = ${channelId} and ${videos.lastUpdated} = ${now}
    on conflict (${sql.identifier(videoMetrics.videoId.name)}, ${sql.identifier(videoMetrics.capturedAt.name)}) do update set
      ${sql.identifier(videoMetrics.views.name)} = excluded.${sql.identifier(videoMetrics.views.name)},
      ${sql.identifier(videoMetrics.likes.name)} = excluded.${sql.identifier(videoMetrics.likes.name)},
      ${sql.identifier(videoMetrics.comments.name)} = excluded.${sql.identifier(videoMetrics.comments.name)},
      ${sql.identifier(videoMetrics.date.name)} = excluded.${sql.identifier(videoMetrics.date.name)}`;
}

/**
 * The statements that store fetched videos: upsert by (organisation, external id), 500 rows per
 * statement; then, whatever the count, one statement for this hour's snapshots. Meant to run
 * inside one batch with the channel row and, after them, windowStatements (windows.ts), so the
 * videos, their snapshots and the figures computed from those land together.
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
      likes: v.likes,
      comments: v.comments,
      durationSeconds: v.durationSeconds,
      publishDate: v.publishDate,
      lastUpdated,
    },
  }));
  return [
    ...jsonUpsertStatements({
      table: videos,
      rows: videoRows,
      target: [videos.organizationId, videos.externalId],
      update: [
        videos.channelId,
        videos.title,
        videos.views,
        videos.likes,
        videos.comments,
        videos.durationSeconds,
        videos.publishDate,
        videos.lastUpdated,
      ],
    }),
    snapshotStatement(organizationId, channelId, now),
  ];
}
