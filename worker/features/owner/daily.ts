import { eq, sql } from "drizzle-orm";
import { DAY_MS, dayNumber, isoDate } from "../../../shared/metrics";
import { batchStatements } from "../../db/batch";
import type { Db } from "../../db/client";
import {
  videos,
  youtubeChannelDaily,
  youtubeOwnerConnections,
  youtubeOwnerVideos,
  youtubeVideoDaily,
} from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { providerFetch } from "../../providers/transport";
import {
  type OwnerDay,
  TOP_VIDEOS_PAGE_SIZE,
  YouTubeAnalyticsClient,
} from "../../providers/youtube/analytics";
import { windowStatements } from "../ingestion/windows";
import { dayRowStatements } from "./backfill";
import { ownerAccessToken } from "./connection";
import { completeThrough } from "./reported-through";

/** Days one refresh catches up at most (a longer gap is the next refreshes' work). */
const MAX_DAYS_PER_REFRESH = 7;

/*
 * The daily owner refresh, on the existing refresh cadence (after the channel's public refresh):
 * the days closed since the connection's last complete day, read from YouTube Analytics: the
 * channel's days (1 request; the newest it holds is how far YouTube has reported,
 * reported-through.ts) and, per reported day, every video's figures from the top-videos report
 * (200 videos a request: 25 requests a day for 5,000 videos). Videos absent from a day's report
 * had no views that day. Then the one window computation. Reporting API bulk reports would make
 * this 2 requests a day; they are not used yet (docs/design.md says why).
 */
export async function addOwnerDays(
  env: Env,
  db: Db,
  channelId: string,
  log: Logger,
  now = Date.now(),
): Promise<{ days: number; requests: number }> {
  const connection = await db.query.youtubeOwnerConnections.findFirst({
    where: eq(youtubeOwnerConnections.channelId, channelId),
  });
  // Not connected, or the backfill has not finished (it writes through its own last day).
  if (connection?.completeThroughDay == null) return { days: 0, requests: 0 };
  const yesterday = dayNumber(isoDate(now - DAY_MS));
  if (connection.completeThroughDay >= yesterday) return { days: 0, requests: 0 };
  const fetcher = providerFetch(env);
  const analytics = new YouTubeAnalyticsClient(
    await ownerAccessToken(db, env, fetcher, connection),
    fetcher,
  );
  const firstDay = connection.completeThroughDay + 1;
  const lastDay = Math.min(yesterday, firstDay + MAX_DAYS_PER_REFRESH - 1);
  const iso = (day: number) => isoDate(day * DAY_MS);

  // New uploads get their keys; their history is these daily reports (they are that young).
  await db.run(sql`insert into ${youtubeOwnerVideos} (connection_key, video_id, backfilled_at)
    select ${connection.key}, ${videos.id}, ${now} from ${videos}
    where ${videos.channelId} = ${channelId} and ${videos.publishDate} >= ${firstDay * DAY_MS}
    on conflict (video_id) do nothing`);
  const keys = new Map(
    (
      await db
        .select({ key: youtubeOwnerVideos.key, externalId: videos.externalId })
        .from(youtubeOwnerVideos)
        .innerJoin(videos, eq(videos.id, youtubeOwnerVideos.videoId))
        .where(eq(youtubeOwnerVideos.connectionKey, connection.key))
    ).map((v) => [v.externalId, v.key]),
  );

  const reported = await analytics.daily(iso(firstDay), iso(lastDay));
  // Only the days YouTube has reported are complete: the rest are asked again next time.
  const through = completeThrough(
    reported.map((d) => dayNumber(d.date)),
    connection.completeThroughDay,
    lastDay,
    yesterday,
  );
  if (through === connection.completeThroughDay) return { days: 0, requests: analytics.requests };
  const channelDays = reported.map((figures) => ({ key: connection.key, figures }));
  const videoDays: Array<{ key: number; figures: OwnerDay }> = [];
  for (let day = firstDay; day <= through; day++) {
    for (let start = 1; ; start += TOP_VIDEOS_PAGE_SIZE) {
      const page = await analytics.videoTotals(iso(day), iso(day), start);
      for (const row of page) {
        const key = keys.get(row.videoId);
        if (key === undefined) continue; // not tracked (yet): its next backfill covers it
        videoDays.push({ key, figures: { ...row, date: iso(day) } });
      }
      if (page.length < TOP_VIDEOS_PAGE_SIZE) break;
    }
  }
  await batchStatements(db.$client, [
    ...dayRowStatements(db, youtubeChannelDaily, channelDays),
    ...dayRowStatements(db, youtubeVideoDaily, videoDays),
    db
      .update(youtubeOwnerConnections)
      .set({ completeThroughDay: through, updatedAt: new Date(now) })
      .where(eq(youtubeOwnerConnections.key, connection.key)),
    ...windowStatements({ channelId }, now, { firstWindows: "young" }),
  ]);
  log.info("owner refresh: days added", { channelId, days: through - firstDay + 1 });
  return { days: through - firstDay + 1, requests: analytics.requests };
}
