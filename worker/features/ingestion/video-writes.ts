import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import {
  DAY_MS,
  FIRST_WINDOWS,
  firstWindowFromSnapshots,
  isoDate,
  type TimedSnapshot,
  TRAILING_WINDOWS,
} from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { jsonUpsertStatements } from "../../db/json-upsert";
import { videoMetrics, videos } from "../../db/schema";
import type { YouTubeVideo } from "../../providers/youtube/client";

const HOUR_MS = 3_600_000;
/** Videos younger than this get hourly snapshots (first-window figures). */
export const YOUNG_VIDEO_DAYS = 8;

/** Snapshots are keyed by the hour they belong to, so a re-run in the same hour overwrites. */
export const snapshotHour = (now: number) => new Date(Math.floor(now / HOUR_MS) * HOUR_MS);

/** Earlier view readings of a channel's young videos, by external id (for first windows). */
export async function youngVideoReadings(
  db: Db,
  channelId: string,
  now: number,
): Promise<Map<string, TimedSnapshot[]>> {
  const rows = await db
    .select({
      externalId: videos.externalId,
      at: videoMetrics.capturedAt,
      value: videoMetrics.views,
    })
    .from(videoMetrics)
    .innerJoin(videos, eq(videos.id, videoMetrics.videoId))
    .where(
      and(
        eq(videos.channelId, channelId),
        gte(videos.publishDate, new Date(now - YOUNG_VIDEO_DAYS * DAY_MS)),
      ),
    );
  const readings = new Map<string, TimedSnapshot[]>();
  for (const r of rows)
    readings.set(r.externalId, [
      ...(readings.get(r.externalId) ?? []),
      { at: r.at.getTime(), value: r.value },
    ]);
  return readings;
}

/** First 24H/48H/7D views of a young video from its readings plus the one taken now. */
function firstWindows(video: YouTubeVideo, earlier: TimedSnapshot[], now: number) {
  const at = snapshotHour(now).getTime();
  const readings = [...earlier.filter((r) => r.at !== at), { at, value: video.views }];
  const publish = video.publishDate.getTime();
  const window = (days: number) => firstWindowFromSnapshots(readings, publish, days * 24);
  return {
    first24hViews: window(FIRST_WINDOWS["24h"]),
    first48hViews: window(FIRST_WINDOWS["48h"]),
    first7dViews: window(FIRST_WINDOWS["7d"]),
  };
}

const trailingColumns = {
  "1d": videos.trailing1dViews,
  "1w": videos.trailing1wViews,
  "1m": videos.trailing1mViews,
  "1y": videos.trailing1yViews,
} as const;

/**
 * Every video's trailing windows of a channel in one set-based statement, after today's snapshot
 * is written. Same rule as shared/metrics.ts `trailing`: current views minus the latest snapshot
 * taken on or before the day N days ago; no such snapshot gives NULL.
 */
function trailingStatement(channelId: string, now: number): SQL {
  const sets = Object.entries(TRAILING_WINDOWS).map(([window, days]) => {
    const column = sql.identifier(trailingColumns[window as keyof typeof trailingColumns].name);
    const target = isoDate(now - days * DAY_MS);
    return sql`${column} = max(0, ${videos.views} - (
      select ${videoMetrics.views} from ${videoMetrics}
      where ${videoMetrics.videoId} = ${videos.id} and ${videoMetrics.date} <= ${target}
      order by ${videoMetrics.capturedAt} desc limit 1))`;
  });
  return sql`update ${videos} set ${sql.join(sets, sql`, `)} where ${videos.channelId} = ${channelId}`;
}

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
 * statement; then, whatever the count, one statement for this hour's snapshots and one for the
 * trailing windows. First windows for young videos (older ones keep theirs). Meant to run inside
 * one batch with the channel row, so they land together.
 */
export function videoWriteStatements(
  organizationId: string,
  channelId: string,
  fetched: YouTubeVideo[],
  readings: Map<string, TimedSnapshot[]>,
  now: number,
): SQL[] {
  const youngSince = now - YOUNG_VIDEO_DAYS * DAY_MS;
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
      ...(v.publishDate.getTime() >= youngSince
        ? firstWindows(v, readings.get(v.externalId) ?? [], now)
        : {}),
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
      keep: [videos.first24hViews, videos.first48hViews, videos.first7dViews],
    }),
    snapshotStatement(organizationId, channelId, now),
    trailingStatement(channelId, now),
  ];
}
