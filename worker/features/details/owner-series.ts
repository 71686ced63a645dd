import { and, eq, gte, isNotNull, lte, min, type SQL } from "drizzle-orm";
import { dayDate, dayNumber } from "../../../shared/metrics";
import type { Point, WatchTimeSeries } from "../../../shared/schemas/details";
import type { Db } from "../../db/client";
import {
  youtubeChannelDaily,
  youtubeOwnerConnections,
  youtubeOwnerVideos,
  youtubeVideoDaily,
} from "../../db/schema";

type Held = { key: number; through: number | null };
type Day = { day: number; views: number; watchMinutes: number; averageViewDuration: number };

/** One entity's exact days between two day numbers, and its first day held. */
async function exactDays(
  db: Db,
  table: typeof youtubeChannelDaily | typeof youtubeVideoDaily,
  of: SQL,
  from: number,
  to: number,
) {
  const [first] = await db
    .select({ day: min(table.day) })
    .from(table)
    .where(of);
  const rows = await db
    .select({
      day: table.day,
      views: table.views,
      watchMinutes: table.watchMinutes,
      averageViewDuration: table.averageViewDuration,
    })
    .from(table)
    .where(and(of, gte(table.day, from), lte(table.day, to)));
  return { first: first?.day ?? null, rows };
}

/** The channel's connection (its key and last complete day) and its days, or none. */
async function channelRows(db: Db, channelId: string, from: number, to: number) {
  const [held] = await db
    .select({
      key: youtubeOwnerConnections.key,
      through: youtubeOwnerConnections.completeThroughDay,
    })
    .from(youtubeOwnerConnections)
    .where(eq(youtubeOwnerConnections.channelId, channelId));
  if (!held) return null;
  const of = eq(youtubeChannelDaily.connectionKey, held.key);
  return { held, ...(await exactDays(db, youtubeChannelDaily, of, from, to)) };
}

/** The video's days, once its history from its publish day is in, or none. */
async function videoRows(db: Db, videoId: string, from: number, to: number) {
  const [held] = await db
    .select({ key: youtubeOwnerVideos.key, through: youtubeOwnerConnections.completeThroughDay })
    .from(youtubeOwnerVideos)
    .innerJoin(
      youtubeOwnerConnections,
      eq(youtubeOwnerConnections.key, youtubeOwnerVideos.connectionKey),
    )
    .where(
      and(eq(youtubeOwnerVideos.videoId, videoId), isNotNull(youtubeOwnerVideos.backfilledAt)),
    );
  if (!held) return null;
  const of = eq(youtubeVideoDaily.videoKey, held.key);
  return { held, ...(await exactDays(db, youtubeVideoDaily, of, from, to)) };
}

/**
 * What the owner's exact rows say of a channel or video between two days (null when its owner is
 * not connected, or the video's history is not in). Inside the days the rows cover (the first
 * day held through the connection's complete day) a day without a row had no views (the daily
 * report lists only videos that had some): 0 views, 0 minutes and no average. Outside them a day
 * is unknown: undefined / null, a gap, never 0.
 */
export async function ownerDays(
  db: Db,
  kind: "channels" | "videos",
  id: string,
  fromIso: string,
  toIso: string,
) {
  const from = dayNumber(fromIso);
  const to = dayNumber(toIso);
  const found =
    kind === "channels" ? await channelRows(db, id, from, to) : await videoRows(db, id, from, to);
  if (!found) return null;
  const byDay = new Map<number, Day>(found.rows.map((r) => [r.day, r]));
  const { first } = found;
  const through: Held["through"] = found.held.through;
  const covered = (n: number) => first !== null && through !== null && n >= first && n <= through;
  return {
    /** The last day the rows cover (ISO), or null when they cover none. */
    coveredThrough(): string | null {
      return first !== null && through !== null && through >= first ? dayDate(through) : null;
    },
    /** The day's exact views, or undefined where the rows do not cover it. */
    viewsOn(date: string): number | undefined {
      const n = dayNumber(date);
      return byDay.get(n)?.views ?? (covered(n) ? 0 : undefined);
    },
    /** Watch minutes and average view duration for each of `days`, null where unknown. */
    watchTime(days: string[]): WatchTimeSeries {
      const minutes: Point[] = [];
      const averageViewDuration: Point[] = [];
      for (const date of days) {
        const n = dayNumber(date);
        const row = byDay.get(n);
        minutes.push({ date, value: row ? row.watchMinutes : covered(n) ? 0 : null });
        averageViewDuration.push({
          date,
          value: row && row.views > 0 ? row.averageViewDuration : null,
        });
      }
      return { minutes, averageViewDuration };
    },
  };
}
