import { and, gte, or, type SQL, sql } from "drizzle-orm";
import {
  DAY_MS,
  FIRST_WINDOWS,
  isoDate,
  maxInterpolationGapMs,
  TRAILING_WINDOWS,
  type TrailingWindow,
} from "../../../shared/metrics";
import { channelMetrics, channels, videoMetrics, videos } from "../../db/schema";
import { ownerChannelStatement, ownerVideoStatements } from "./owner-windows";
import { YOUNG_VIDEO_DAYS } from "./video-writes";
import {
  channelsInScope,
  channelTrailing,
  firstColumns,
  videosInScope,
  videoTrailing,
  type WindowScope,
} from "./window-columns";

/*
 * THE window computation of YouTube channels and videos. Every path that writes their history
 * (a refresh, the hourly young-video snapshot, the demo history backfill, and later owner
 * backfills) appends these statements to the batch that wrote the snapshots, so the stored
 * trailing and first-window figures can never disagree with the history they come from.
 * Set-based SQL, so a 20,000-video organisation costs a few statements, not a loop.
 *
 * The rules are those of shared/metrics.ts (`trailing`, `firstWindowFromSnapshots`, which the
 * tests use as the oracle):
 * - trailing N days = current total minus the latest snapshot taken on or before the day N days
 *   ago; no such snapshot gives NULL (shown empty, never 0). A video published after that day
 *   had 0 views then, so its trailing window is all its views.
 * - first 24H/48H/7D = views at publish + 24/48/168 hours, interpolated between the readings
 *   around that mark (publishing counts as a reading of 0); NULL when no reading at or after the
 *   mark exists or the two readings are further apart than maxInterpolationGapMs.
 */

type Options = {
  /**
   * Which videos' first windows are recomputed: "young" (published within YOUNG_VIDEO_DAYS, the
   * only ones a refresh adds readings for) or "all" (after a backfill added older readings: every
   * video still missing one, plus the young).
   */
  firstWindows: "young" | "all";
};

const id = (column: { name: string }) => sql.identifier(column.name);

const windowTargets = (now: number) =>
  (Object.entries(TRAILING_WINDOWS) as Array<[TrailingWindow, number]>).map(
    ([window, days]) => [window, isoDate(now - days * DAY_MS)] as const,
  );

function channelTrailingStatement(where: SQL, now: number): SQL {
  const sets = windowTargets(now).map(
    ([window, target]) => sql`${id(channelTrailing[window])} = max(0, ${channels.totalViews} - (
      select ${channelMetrics.totalViews} from ${channelMetrics}
      where ${channelMetrics.channelId} = ${channels.id} and ${channelMetrics.date} <= ${target}
      order by ${channelMetrics.date} desc limit 1))`,
  );
  // Public (no watch time) until the owner statements, appended after these, say otherwise.
  return sql`update ${channels} set ${sql.join(sets, sql`, `)}, ${id(channels.windowSource)} = 'public',
    ${id(channels.watchMinutes)} = null, ${id(channels.averageViewDuration)} = null where ${where}`;
}

/**
 * The trailing windows of the videos in scope, written only where they change. A large
 * channel's first ingestion leaves about half its videos (published before the longest window)
 * with no reading before any window's start, so their windows stay NULL; a refresh leaves every
 * video whose views did not move as it was. Rewriting such a row still rewrote it and the entries
 * of its seven window indexes, and bumped the organisation's write versions (so kept totals were
 * recounted): 80-96 ms of CPU for 5,000 unchanged videos against 18-31 ms to compute and compare
 * (docs/performance.md, "Window updates that change nothing").
 */
function videoTrailingStatement(scope: WindowScope, now: number): SQL {
  const computed = windowTargets(now).map(([window, target]) => {
    // The first instant after the target day: a video published then or later had 0 views.
    const afterTarget = Date.parse(`${target}T00:00:00Z`) + DAY_MS;
    return [
      videoTrailing[window],
      sql`case
      when ${videos.publishDate} >= ${afterTarget} then ${videos.views}
      else max(0, ${videos.views} - (
        select ${videoMetrics.views} from ${videoMetrics}
        where ${videoMetrics.videoKey} = ${videos.key} and ${videoMetrics.capturedAt} < ${afterTarget}
        order by ${videoMetrics.capturedAt} desc limit 1)) end`,
    ] as const;
  });
  // Public (no watch time) until the owner statements, appended after these, say otherwise.
  const columns: Array<readonly [{ name: string }, SQL]> = [
    ...computed,
    [videos.windowSource, sql`'public'`],
    [videos.watchMinutes, sql`null`],
    [videos.averageViewDuration, sql`null`],
  ];
  const as = (i: number) => sql.raw(`w.v${i}`);
  const values = columns.map(([, value], i) => sql`${value} as ${sql.raw(`v${i}`)}`);
  const sets = columns.map(([column], i) => sql`${id(column)} = ${as(i)}`);
  const changed = columns.map(([column], i) => sql`${videos}.${id(column)} is not ${as(i)}`);
  return sql`update ${videos} set ${sql.join(sets, sql`, `)}
    from (select ${videos}.rowid as rid, ${sql.join(values, sql`, `)} from ${videos}
      where ${videosInScope(scope)}) as w
    where ${videos}.rowid = w.rid and (${sql.join(changed, sql` or `)})`;
}

/** A number computed here, never input: written into the SQL so it needs no bound parameter. */
const literal = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * The four readings around each first-window mark of every video in scope, each read once from
 * video_metrics' primary key (video_key, captured_at): the first at or after the mark (a_, av_) and the
 * last after publishing and before it (b_, bv_; none means the publish moment, 0 views).
 */
function readingsAroundMarks(where: SQL | undefined): SQL {
  const cols = (Object.entries(FIRST_WINDOWS) as Array<[string, number]>).flatMap(([w, days]) => {
    const mark = sql`(${videos.publishDate} + ${literal(days * DAY_MS)})`;
    const reading = (column: SQL, at: SQL, order: SQL) =>
      sql`(select ${column} from ${videoMetrics} where ${videoMetrics.videoKey} = ${videos.key}
        and ${at} order by ${videoMetrics.capturedAt} ${order} limit 1)`;
    const after = sql`${videoMetrics.capturedAt} >= ${mark}`;
    const before = sql`${videoMetrics.capturedAt} > ${videos.publishDate} and ${videoMetrics.capturedAt} < ${mark}`;
    const at = sql`${videoMetrics.capturedAt}`;
    const views = sql`${videoMetrics.views}`;
    return [
      sql`${reading(at, after, sql`asc`)} as ${sql.raw(`a_${w}`)}`,
      sql`${reading(views, after, sql`asc`)} as ${sql.raw(`av_${w}`)}`,
      sql`coalesce(${reading(at, before, sql`desc`)}, ${videos.publishDate}) as ${sql.raw(`b_${w}`)}`,
      sql`coalesce(${reading(views, before, sql`desc`)}, 0) as ${sql.raw(`bv_${w}`)}`,
    ];
  });
  return sql`select ${videos.id} as vid, ${videos.publishDate} as p, ${sql.join(cols, sql`, `)}
    from ${videos} where ${where}`;
}

/** One first window from its readings (the rule above), as an SQL expression over `r`. */
function firstWindowExpression(window: string, days: number): SQL {
  const [a, av, b, bv] = ["a", "av", "b", "bv"].map((k) => sql.raw(`r.${k}_${window}`));
  const mark = sql`(r.p + ${literal(days * DAY_MS)})`;
  return sql`case
    when ${a} is null then null
    when ${a} = ${mark} then ${av}
    when ${a} - ${b} > ${literal(maxInterpolationGapMs(days * 24))} then null
    else cast(round(${bv} + (${av} - ${bv}) * ((${mark} - ${b}) * 1.0 / (${a} - ${b}))) as integer)
  end`;
}

/**
 * First windows of the videos in scope. A figure once found is kept (coalesce) when a later
 * computation finds none, so thinning old readings can never erase it.
 */
function videoFirstWindowsStatement(scope: WindowScope, now: number, options: Options): SQL {
  const youngSince = new Date(now - YOUNG_VIDEO_DAYS * DAY_MS);
  const which =
    options.firstWindows === "young"
      ? gte(videos.publishDate, youngSince)
      : or(
          sql`${videos.first24hViews} is null`,
          sql`${videos.first48hViews} is null`,
          sql`${videos.first7dViews} is null`,
          gte(videos.publishDate, youngSince),
        );
  const windows = Object.entries(FIRST_WINDOWS) as Array<[keyof typeof FIRST_WINDOWS, number]>;
  const computed = windows.map(
    ([w, days]) => sql`${firstWindowExpression(w, days)} as ${sql.raw(`f_${w}`)}`,
  );
  const sets = windows.map(([w]) => {
    const column = id(firstColumns[w]);
    return sql`${column} = coalesce(${sql.raw(`w.f_${w}`)}, ${column})`;
  });
  return sql`update ${videos} set ${sql.join(sets, sql`, `)}
    from (select r.vid, ${sql.join(computed, sql`, `)}
      from (${readingsAroundMarks(and(videosInScope(scope), which))}) as r) as w
    where ${videos.id} = w.vid`;
}

/**
 * The statements that recompute every window in scope from the snapshots, to run after (and in
 * the same batch as) the statements that wrote those snapshots. Channel statements touch only
 * channels and video statements only videos, so the two halves may go in different batches (a
 * large channel's write: youtube-ingest.ts).
 */
export function windowStatements(scope: WindowScope, now: number, options: Options): SQL[] {
  return [...channelWindowStatements(scope, now), ...videoWindowStatements(scope, now, options)];
}

/** The channel-level windows of the scope's channels (none for a scope of videos). */
export function channelWindowStatements(scope: WindowScope, now: number): SQL[] {
  const where = channelsInScope(scope);
  if (!where) return [];
  // Owner-connected channels: the exact daily rows overwrite the public figures.
  return [channelTrailingStatement(where, now), ownerChannelStatement(where, now)];
}

/** The video-level windows of the scope's videos. */
export function videoWindowStatements(scope: WindowScope, now: number, options: Options): SQL[] {
  return [
    videoTrailingStatement(scope, now),
    videoFirstWindowsStatement(scope, now, options),
    ...ownerVideoStatements(scope, now),
  ];
}

export type { WindowScope } from "./window-columns";
