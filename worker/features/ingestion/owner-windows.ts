import { type SQL, sql } from "drizzle-orm";
import {
  DAY_MS,
  FIRST_WINDOWS,
  TRAILING_WINDOWS,
  type TrailingWindow,
} from "../../../shared/metrics";
import {
  channels,
  videoMetrics,
  videos,
  youtubeChannelDaily,
  youtubeOwnerConnections,
  youtubeOwnerVideos,
  youtubeVideoDaily,
} from "../../db/schema";
import { UNREPORTED_FINAL_AFTER_DAYS } from "../owner/reported-through";
import {
  channelTrailing,
  firstColumns,
  videosInScope,
  videoTrailing,
  type WindowScope,
} from "./window-columns";

/*
 * The owner half of the one window computation (windows.ts appends these after the public
 * statements, so for an owner-connected channel they overwrite the public figures in the same
 * batch). The rules, from the exact daily rows of YouTube Analytics (docs/design.md):
 * - trailing N days = the sum of views over the N days ending with the last day the connection
 *   is complete through (`complete_through_day`; YouTube's days close with a lag, so "yesterday"
 *   may not be in yet). A video younger than the window counts all its days.
 * - first 24H/48H/7D = views of the publish day and the following days before the mark, plus the
 *   share of the mark's day that falls before it: by the shape of our hourly public readings
 *   around that day when they are there (markDayShare), else pro rata of the hours (published at
 *   18:00 UTC: 18/24 of day two).
 * - a video switches to the owner's rows as a whole once they cover its first 7 days (the 7D
 *   mark's day is in): until then every window of it is the public one from our hourly readings,
 *   so each row has one source (`window_source`), which the tables' tooltips and exports show.
 * - watch time = minutes over every exact day; average view duration = the days' averages
 *   weighted by their views (both null for public rows: the public statements clear them).
 * A connection whose rows stopped more than STALE_AFTER_DAYS ago (a revoked grant) no longer
 * counts: its channel's windows are the public ones again.
 */

// As long as a day YouTube has not reported may stay open (reported-through.ts): a connection
// waiting for YouTube's late days keeps its owner windows rather than flipping to the public ones
// and back as the lag moves by a day; a quiet channel, moved on at that age, stays fresh too.
export const STALE_AFTER_DAYS = UNREPORTED_FINAL_AFTER_DAYS;
const DAY = sql.raw(String(DAY_MS));
const HOUR = sql.raw(String(DAY_MS / 24));
const id = (column: { name: string }) => sql.identifier(column.name);
const literal = (n: number) => sql.raw(String(Math.trunc(n)));
const dayNumber = (ms: number) => Math.floor(ms / DAY_MS);

/** The connections whose rows count: complete through a day no older than STALE_AFTER_DAYS. */
const fresh = (now: number) =>
  sql`${youtubeOwnerConnections.completeThroughDay} >= ${literal(dayNumber(now) - 1 - STALE_AFTER_DAYS)}`;

/**
 * Watch time over every exact day held (`days`: the entity's daily rows, aliased d): minutes
 * summed, and the average view duration weighted by each day's views (YouTube's own averages).
 */
const watchTimeSets = (table: typeof channels | typeof videos, days: SQL) => sql`
  ${id(table.watchMinutes)} = (select sum(d.watch_minutes) ${days}),
  ${id(table.averageViewDuration)} = (select cast(round(sum(d.average_view_duration * d.views) * 1.0
    / nullif(sum(d.views), 0)) as integer) ${days})`;

const windows = () => Object.entries(TRAILING_WINDOWS) as Array<[TrailingWindow, number]>;

/** The owner statement for the channels `where` selects: a no-op for channels nobody connected. */
export function ownerChannelStatement(where: SQL, now: number): SQL {
  const last = sql`${youtubeOwnerConnections.completeThroughDay}`;
  const sets = windows().map(
    ([w, days]) => sql`${id(channelTrailing[w])} = (select coalesce(sum(d.views), 0)
      from ${youtubeChannelDaily} d where d.connection_key = ${youtubeOwnerConnections.key}
      and d.day > ${last} - ${literal(days)} and d.day <= ${last})`,
  );
  const all = sql`from ${youtubeChannelDaily} d where d.connection_key = ${youtubeOwnerConnections.key}`;
  return sql`update ${channels} set ${sql.join(sets, sql`, `)}, ${id(channels.windowSource)} = 'owner',
    ${watchTimeSets(channels, all)}
    from ${youtubeOwnerConnections}
    where ${youtubeOwnerConnections.channelId} = ${channels.id} and ${fresh(now)} and ${where}`;
}

const publishDay = sql`(${videos.publishDate} / ${DAY})`;

/** Videos whose own rows are in and cover their first 7 days, of a connection that counts. */
const ownerVideos = (scope: WindowScope, now: number) => sql`from ${youtubeOwnerVideos}
  join ${youtubeOwnerConnections} on ${youtubeOwnerConnections.key} = ${youtubeOwnerVideos.connectionKey}
  where ${youtubeOwnerVideos.videoId} = ${videos.id} and ${youtubeOwnerVideos.backfilledAt} is not null
  and ${publishDay} + ${literal(FIRST_WINDOWS["7d"])} <= ${youtubeOwnerConnections.completeThroughDay}
  and ${fresh(now)} and ${videosInScope(scope)}`;

function videoTrailingStatement(scope: WindowScope, now: number): SQL {
  const last = sql`${youtubeOwnerConnections.completeThroughDay}`;
  const sets = windows().map(
    ([w, days]) => sql`${id(videoTrailing[w])} = (select coalesce(sum(d.views), 0)
      from ${youtubeVideoDaily} d where d.video_key = ${youtubeOwnerVideos.key}
      and d.day > ${last} - ${literal(days)} and d.day <= ${last})`,
  );
  const all = sql`from ${youtubeVideoDaily} d where d.video_key = ${youtubeOwnerVideos.key}`;
  return sql`update ${videos} set ${sql.join(sets, sql`, `)}, ${id(videos.windowSource)} = 'owner',
    ${watchTimeSets(videos, all)} ${ownerVideos(scope, now)}`;
}

/**
 * Our public reading of the video at instant `at` (ms): the last one in the hour before it, else
 * the first in the hour after (the ORDER BY reads no outer column: SQLite's UPDATE ... FROM
 * cannot see the row there).
 */
const readingNear = (at: SQL) => {
  const within = sql`from ${videoMetrics} m where m.video_key = ${videos.key}`;
  return sql`coalesce(
    (select m.views ${within} and m.captured_at between ${at} - ${HOUR} and ${at}
      order by m.captured_at desc limit 1),
    (select m.views ${within} and m.captured_at > ${at} and m.captured_at <= ${at} + ${HOUR}
      order by m.captured_at limit 1))`;
};

/**
 * The share of the mark's day (UTC, [start, end)) that falls before the mark. By the shape of our
 * hourly readings when there is one within an hour of the day's start, of the mark and of the
 * day's end (readingNear), and they grow: (at mark - at start) / (at end - at start). Otherwise pro rata of the
 * hours (published at 18:00 UTC: 18/24).
 */
function markDayShare(markDay: SQL, days: number): SQL {
  const start = sql`(${markDay} * ${DAY})`;
  // Scalar subqueries, repeated: SQLite cannot correlate a FROM-clause subquery with the row.
  const s = readingNear(start);
  const m = readingNear(sql`(${videos.publishDate} + ${literal(days * DAY_MS)})`);
  const e = readingNear(sql`(${start} + ${DAY})`);
  const shape = sql`(case when ${e} > ${s} and ${m} between ${s} and ${e}
    then (${m} - ${s}) * 1.0 / (${e} - ${s}) end)`;
  return sql`coalesce(${shape}, (${videos.publishDate} % ${DAY}) * 1.0 / ${DAY})`;
}

function videoFirstStatement(scope: WindowScope, now: number): SQL {
  // Every mark's day is in (ownerVideos), so each window is exact. The share is computed at the
  // statement's level: SQLite's UPDATE ... FROM cannot see the row two subqueries down.
  const ofVideo = sql`from ${youtubeVideoDaily} d where d.video_key = ${youtubeOwnerVideos.key}`;
  const sets = (Object.entries(FIRST_WINDOWS) as Array<[keyof typeof FIRST_WINDOWS, number]>).map(
    ([w, days]) => {
      const markDay = sql`(${publishDay} + ${literal(days)})`;
      return sql`${id(firstColumns[w])} = (select coalesce(sum(d.views), 0) ${ofVideo}
          and d.day >= ${publishDay} and d.day < ${markDay})
        + cast(round(${markDayShare(markDay, days)}
          * coalesce((select d.views ${ofVideo} and d.day = ${markDay}), 0)) as integer)`;
    },
  );
  return sql`update ${videos} set ${sql.join(sets, sql`, `)} ${ownerVideos(scope, now)}`;
}

/** The owner statements for the scope's videos: no-ops for channels nobody connected. */
export function ownerVideoStatements(scope: WindowScope, now: number): SQL[] {
  return [videoTrailingStatement(scope, now), videoFirstStatement(scope, now)];
}
