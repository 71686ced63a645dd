import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { firstWindowFromSnapshots, isoDate, TRAILING_WINDOWS, DAY_MS } from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { videoMetrics, videos } from "../../db/schema";

const trailingColumns = { "1d": "trailing_1d_views", "1w": "trailing_1w_views", "1m": "trailing_1m_views", "1y": "trailing_1y_views" } as const;

/**
 * Recomputes every video's trailing windows of a channel in four set-based statements (one per
 * window) instead of one per video. Same rule as shared/metrics.ts `trailing`: current views
 * minus the latest snapshot taken on or before the day N days ago; no such snapshot gives NULL.
 */
export async function updateVideoTrailing(db: Db, channelId: string, now: number) {
  const statements = Object.entries(TRAILING_WINDOWS).map(([window, days]) => {
    const column = sql.identifier(trailingColumns[window as keyof typeof trailingColumns]);
    const target = isoDate(now - days * DAY_MS);
    return db.run(sql`update ${videos} set ${column} = max(0, ${videos.views} - (
      select ${videoMetrics.views} from ${videoMetrics}
      where ${videoMetrics.videoId} = ${videos.id} and ${videoMetrics.date} <= ${target}
      order by ${videoMetrics.capturedAt} desc limit 1))
      where ${videos.channelId} = ${channelId}`);
  });
  await Promise.all(statements);
}

/**
 * First 24H/48H/7D views for videos younger than eight days (the hourly snapshots cover them),
 * interpolated between the snapshots around each mark (shared/metrics.ts).
 */
export async function updateFirstWindows(db: Db, channelId: string, now: number) {
  const young = await db
    .select({ id: videos.id, publishDate: videos.publishDate })
    .from(videos)
    .where(and(eq(videos.channelId, channelId), gte(videos.publishDate, new Date(now - 8 * DAY_MS))));
  if (young.length === 0) return;
  const snapshots = await db
    .select({ videoId: videoMetrics.videoId, at: videoMetrics.capturedAt, value: videoMetrics.views })
    .from(videoMetrics)
    .where(inArray(videoMetrics.videoId, young.map((v) => v.id).slice(0, 90)));
  for (const video of young.slice(0, 90)) {
    const mine = snapshots.filter((s) => s.videoId === video.id).map((s) => ({ at: s.at.getTime(), value: s.value }));
    const publish = video.publishDate.getTime();
    await db
      .update(videos)
      .set({ first24hViews: firstWindowFromSnapshots(mine, publish, 24), first48hViews: firstWindowFromSnapshots(mine, publish, 48), first7dViews: firstWindowFromSnapshots(mine, publish, 168) })
      .where(eq(videos.id, video.id));
  }
}
