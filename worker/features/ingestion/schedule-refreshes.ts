import { gte, isNull, lt, or } from "drizzle-orm";
import { DAY_MS, isoDate } from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { channels, shows, videos } from "../../db/schema";
import { enqueueJob, inFlightTargets } from "./jobs";
import { REFRESHED_RECENTLY_MS, refreshDue } from "./spread";
import { YOUNG_VIDEO_DAYS } from "./video-writes";

/**
 * What the hourly cron enqueues for ingestion: the daily refreshes due in this slot (spread.ts)
 * and an hourly snapshot of every channel with videos younger than eight days. Dedupe keys (per
 * day for refreshes, per hour for snapshots) are unique in ingestion_jobs, so a second cron
 * firing in the same slot enqueues nothing. Runs once per content database `db`; `owns` says
 * which organisations there are its to refresh (docs/content-databases.md: not one being moved).
 */
export async function scheduleRefreshes(
  env: Env,
  db: Db,
  slotMs: number,
  owns: (organizationId: string) => boolean = () => true,
): Promise<number> {
  const day = isoDate(slotMs);
  const hour = new Date(slotMs).toISOString();
  const busy = await inFlightTargets(db, slotMs);
  const candidates = (column: typeof channels.lastUpdated | typeof shows.lastUpdated) =>
    or(isNull(column), lt(column, new Date(slotMs - REFRESHED_RECENTLY_MS)));
  let enqueued = 0;
  const refreshing = new Set<string>();

  for (const ch of await db
    .select({
      id: channels.id,
      organizationId: channels.organizationId,
      lastUpdated: channels.lastUpdated,
    })
    .from(channels)
    .where(candidates(channels.lastUpdated))) {
    if (!owns(ch.organizationId)) continue;
    if (busy.has(ch.id) || !refreshDue(ch.id, ch.lastUpdated, slotMs)) continue;
    refreshing.add(ch.id);
    if (
      await enqueueJob(
        env,
        db,
        ch.organizationId,
        null,
        { type: "refresh.channel", channelId: ch.id },
        `refresh.channel:${ch.id}:${day}`,
      )
    )
      enqueued++;
  }
  for (const show of await db
    .select({ id: shows.id, organizationId: shows.organizationId, lastUpdated: shows.lastUpdated })
    .from(shows)
    .where(candidates(shows.lastUpdated))) {
    if (!owns(show.organizationId)) continue;
    if (busy.has(show.id) || !refreshDue(show.id, show.lastUpdated, slotMs)) continue;
    if (
      await enqueueJob(
        env,
        db,
        show.organizationId,
        null,
        { type: "refresh.show", showId: show.id },
        `refresh.show:${show.id}:${day}`,
      )
    )
      enqueued++;
  }

  // A channel refreshed in this slot snapshots its young videos anyway (and spends no more quota).
  const withYoung = await db
    .selectDistinct({ channelId: videos.channelId, organizationId: videos.organizationId })
    .from(videos)
    .where(gte(videos.publishDate, new Date(slotMs - YOUNG_VIDEO_DAYS * DAY_MS)));
  for (const ch of withYoung) {
    if (!owns(ch.organizationId)) continue;
    if (refreshing.has(ch.channelId) || busy.has(ch.channelId)) continue;
    if (
      await enqueueJob(
        env,
        db,
        ch.organizationId,
        null,
        { type: "snapshot.young-videos", channelId: ch.channelId },
        `snapshot:${ch.channelId}:${hour}`,
      )
    )
      enqueued++;
  }
  return enqueued;
}
