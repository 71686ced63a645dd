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
import { jsonField, jsonUpsertStatements } from "../../db/json-upsert";
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
 * Every video's trailing windows of a channel in four set-based statements (one per window),
 * after today's snapshot is written. Same rule as shared/metrics.ts `trailing`: current views
 * minus the latest snapshot taken on or before the day N days ago; no such snapshot gives NULL.
 */
function trailingStatements(channelId: string, now: number): SQL[] {
  return Object.entries(TRAILING_WINDOWS).map(([window, days]) => {
    const column = sql.identifier(trailingColumns[window as keyof typeof trailingColumns].name);
    const target = isoDate(now - days * DAY_MS);
    return sql`update ${videos} set ${column} = max(0, ${videos.views} - (
      select ${videoMetrics.views} from ${videoMetrics}
      where ${videoMetrics.videoId} = ${videos.id} and ${videoMetrics.date} <= ${target}
      order by ${videoMetrics.capturedAt} desc limit 1))
      where ${videos.channelId} = ${channelId}`;
  });
}

/**
 * The statements that store fetched videos: upsert by (organisation, external id), a snapshot
 * per video for this hour, first windows for young videos (older ones keep theirs), and the
 * trailing windows. Meant to run inside one batch with the channel row, so they land together.
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
  const capturedAt = snapshotHour(now);
  const metricRows = fetched.map((v) => ({
    values: {
      organizationId,
      capturedAt,
      date: isoDate(now),
      views: v.views,
      likes: v.likes,
      comments: v.comments,
    },
    extra: { external_id: v.externalId },
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
    ...jsonUpsertStatements({
      table: videoMetrics,
      rows: metricRows,
      // The video's row id, whether it was just inserted or existed already.
      computed: {
        videoId: sql`(select ${videos.id} from ${videos} where ${videos.organizationId} = ${organizationId} and ${videos.externalId} = ${jsonField("external_id")})`,
      },
      target: [videoMetrics.videoId, videoMetrics.capturedAt],
      update: [videoMetrics.views, videoMetrics.likes, videoMetrics.comments, videoMetrics.date],
    }),
    ...trailingStatements(channelId, now),
  ];
}
