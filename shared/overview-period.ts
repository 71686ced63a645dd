/*
 * The overview's period in calendar days, from one of the spec's date ranges (section 9) resolved
 * on the organisation's clock. Daily snapshots are keyed by YYYY-MM-DD, so the overview works in
 * whole days: "Last 7 days" is today and the six days before it. The previous period is the one
 * of the same length just before; "All time" has none.
 */
import { resolveDateRange } from "./date-ranges";
import type { DateRangeType } from "./schemas/date-range";
import { DAY_MS, fromWallClock, wallClock, wallClockIso } from "./zoned-time";

export type OverviewPeriod = {
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string } | null;
  /** Days summed into one sparkline point, so a sparkline has at most about 60 points. */
  bucketDays: number;
};

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => isoDay(dayMs(day) + n * DAY_MS);
export const daysBetween = (from: string, to: string) =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/** The calendar day `at` falls on in `timeZone`, as YYYY-MM-DD. */
export const zonedDay = (at: Date, timeZone: string) => wallClockIso(at, timeZone).slice(0, 10);

export function overviewPeriod(
  range: { type: DateRangeType; from?: string; to?: string },
  now: Date,
  timeZone: string,
  /** The first day the organisation has data for: "All time" starts there, not in 2000. */
  firstDataDay: string | null,
): OverviewPeriod {
  let from: string;
  let to: string;
  if (range.type === "custom" && range.from && range.to) {
    ({ from, to } = { from: range.from, to: range.to });
  } else {
    const { start, end } = resolveDateRange({ type: range.type, range: null }, now, timeZone);
    to = zonedDay(end, timeZone);
    const midnight = fromWallClock(
      { ...wallClock(start, timeZone), hour: 0, minute: 0, second: 0, millisecond: 0 },
      timeZone,
    );
    // A range starting mid-day ("7 days back" from now) counts from the next whole day.
    from =
      start.getTime() === midnight.getTime()
        ? zonedDay(start, timeZone)
        : addDays(zonedDay(start, timeZone), 1);
  }
  if (range.type === "alltime") from = firstDataDay && firstDataDay > from ? firstDataDay : to;
  if (from > to) from = to;
  const days = daysBetween(from, to);
  const previous =
    range.type === "alltime" ? null : { from: addDays(from, -days), to: addDays(from, -1) };
  return { from, to, days, previous, bucketDays: Math.max(1, Math.ceil(days / 60)) };
}

/** Sums daily values into buckets of `bucketDays`, starting at `from`; a bucket with no value at all stays null (a gap). */
export function bucketSeries(
  daily: Map<string, number>,
  from: string,
  days: number,
  bucketDays: number,
  combine: "sum" | "last" = "sum",
): Array<{ date: string; value: number | null }> {
  const points: Array<{ date: string; value: number | null }> = [];
  for (let start = 0; start < days; start += bucketDays) {
    let value: number | null = null;
    for (let i = start; i < Math.min(days, start + bucketDays); i++) {
      const v = daily.get(addDays(from, i));
      if (v === undefined) continue;
      value = combine === "sum" ? (value ?? 0) + v : v;
    }
    points.push({ date: addDays(from, start), value });
  }
  return points;
}

/** Change against the previous value; percent is null when the previous value is 0. */
export function change(value: number | null, previous: number | null) {
  if (value === null || previous === null) return null;
  const absolute = value - previous;
  return { absolute, percent: previous === 0 ? null : (absolute / previous) * 100 };
}
