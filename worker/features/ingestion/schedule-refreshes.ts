import { gte, isNull, lt, or } from "drizzle-orm";
import { DAY_MS, isoDate } from "../../../shared/metrics";
import type { Db } from "../../db/client";
import { channels, shows, videos } from "../../db/schema";
import { hashToHour } from "./spread";
import { enqueueJob } from "./jobs";
import { YOUNG_VIDEO_DAYS } from "./young-videos";

/**
 * What the hourly cron enqueues for ingestion. Each entity's daily refresh is spread to an hour
 * of its own (a hash of its id) so the day's quota and load are even; anything more than two days
 * stale is caught up at once. Dedupe keys (per day for refreshes, per hour for snapshots) make a
 * second cron firing in the same slot enqueue nothing.
 */
export async function scheduleRefreshes(env: Env, db: Db, slotMs: number): Promise<number> {
  const hour = new Date(slotMs).getUTCHours();
  const day = isoDate(slotMs);
  const stale = (column: typeof channels.lastUpdated | typeof shows.lastUpdated) => or(isNull(column), lt(column, new Date(slotMs - DAY_MS)));
  let enqueued = 0;

  const dueChannels = await db.select({ id: channels.id, organizationId: channels.organizationId, lastUpdated: channels.lastUpdated }).from(channels).where(stale(channels.lastUpdated));
  for (const ch of dueChannels) {
    const overdue = !ch.lastUpdated || ch.lastUpdated.getTime() < slotMs - 2 * DAY_MS;
    if (!overdue && hashToHour(ch.id) !== hour) continue;
    if (await enqueueJob(env, db, ch.organizationId, null, { type: "refresh.channel", channelId: ch.id }, `refresh.channel:${ch.id}:${day}`)) enqueued++;
  }

  const dueShows = await db.select({ id: shows.id, organizationId: shows.organizationId, lastUpdated: shows.lastUpdated }).from(shows).where(stale(shows.lastUpdated));
  for (const show of dueShows) {
    const overdue = !show.lastUpdated || show.lastUpdated.getTime() < slotMs - 2 * DAY_MS;
    if (!overdue && hashToHour(show.id) !== hour) continue;
    if (await enqueueJob(env, db, show.organizationId, null, { type: "refresh.show", showId: show.id }, `refresh.show:${show.id}:${day}`)) enqueued++;
  }

  // Channels with videos younger than eight days get an hourly snapshot of just those videos.
  const withYoung = await db
    .selectDistinct({ channelId: videos.channelId, organizationId: videos.organizationId })
    .from(videos)
    .where(gte(videos.publishDate, new Date(slotMs - YOUNG_VIDEO_DAYS * DAY_MS)));
  for (const ch of withYoung) {
    if (await enqueueJob(env, db, ch.organizationId, null, { type: "snapshot.young-videos", channelId: ch.channelId }, `snapshot:${ch.channelId}:${new Date(slotMs).toISOString()}`)) enqueued++;
  }
  return enqueued;
}

