import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { addDays } from "../../../shared/overview-period";
import { DAY_MS, midnightOfDay, zoneOffset } from "../../../shared/zoned-time";
import type { Db } from "../../db/client";
import { episodesOf, videosOf } from "../../db/organization-scope";
import { episodes, videos } from "../../db/schema";

const zonedMidnight = (day: string, timeZone: string) => midnightOfDay(day, timeZone).getTime();

/** The instant in [from, to) at which the zone's offset changes from its value at `from`. */
function transitionIn(timeZone: string, from: number, to: number): number {
  const before = zoneOffset(timeZone, from);
  let [low, high] = [from, to];
  while (high - low > 1_000) {
    const middle = Math.floor((low + high) / 2);
    if (zoneOffset(timeZone, middle) === before) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * Calendar days first..last of the organisation's zone as instants, and the SQL that gives a
 * timestamp column (ms) the calendar day it falls on there: the column plus the zone's offset at
 * that instant, the offset changing at the zone's exact transitions (clocks going back or
 * forward) inside the span. Grouping by the UTC day put a video published at 4:31 PM in Los
 * Angeles on the next day, while the overview's period is on the organisation's calendar.
 */
export function zonedDays(column: SQLiteColumn, first: string, last: string, timeZone: string) {
  const start = zonedMidnight(first, timeZone);
  const end = zonedMidnight(addDays(last, 1), timeZone);
  const segments: Array<{ until: number; offset: number }> = [];
  let offset = zoneOffset(timeZone, start);
  for (let at = start; at < end; at += DAY_MS) {
    const next = Math.min(at + DAY_MS, end);
    if (zoneOffset(timeZone, next) === offset) continue;
    const change = transitionIn(timeZone, at, next);
    segments.push({ until: change, offset });
    offset = zoneOffset(timeZone, change);
  }
  const shift: SQL = segments.length
    ? sql`case ${sql.join(
        segments.map((s) => sql`when ${column} < ${s.until} then ${s.offset}`),
        sql` `,
      )} else ${offset} end`
    : sql`${offset}`;
  return {
    start: new Date(start),
    end: new Date(end),
    day: sql<string>`strftime('%Y-%m-%d', (${column} + ${shift}) / 1000, 'unixepoch')`,
  };
}

/**
 * Videos or episodes published per calendar day of the organisation over [first, last] (0 on
 * days without any).
 */
export async function publishedPerDay(
  db: Db,
  kind: "videos" | "episodes",
  organizationId: string,
  first: string,
  last: string,
  timeZone: string,
): Promise<Map<string, number>> {
  const table = kind === "videos" ? videos : episodes;
  const scope = kind === "videos" ? videosOf : episodesOf;
  const { start, end, day } = zonedDays(table.publishDate, first, last, timeZone);
  const rows = await db
    .select({ day, count: sql<number>`count(*)` })
    .from(table)
    .where(and(scope(organizationId), gte(table.publishDate, start), lt(table.publishDate, end)))
    .groupBy(day);
  const perDay = new Map<string, number>();
  for (let d = first; d <= last; d = addDays(d, 1)) perDay.set(d, 0);
  for (const r of rows) perDay.set(r.day, Number(r.count));
  return perDay;
}
