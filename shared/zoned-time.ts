/*
 * Wall-clock arithmetic in an IANA time zone, independent of the machine's own zone: the Worker
 * runs in UTC, browsers and test machines do not, and date-fns' local-time helpers would silently
 * use the machine's zone. Everything here goes through epoch milliseconds and the zone's UTC
 * offset at an instant (read from Intl), never Date's local fields. (date-fns-tz's
 * getTimezoneOffset is not used: it reads its Date argument as a wall time, not as an instant,
 * so it answers the wrong offset in the hours around a DST change.)
 */

export const DAY_MS = 86_400_000;

/** Calendar fields as a clock on the wall in some zone shows them (month 1-12). */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffset(timeZone: string, at: number): number {
  if (timeZone === "UTC") return 0;
  // Offsets change a few times a year at most, so the offset at each UTC midnight is remembered:
  // when the day's two ends agree, nothing changed in between (no zone changes twice in a day)
  // and one remembered value answers for the whole day. Matching thousands of items then reads
  // Intl a few hundred times rather than once per item.
  const day = Math.floor(at / DAY_MS);
  const start = midnightOffset(timeZone, day);
  if (start === midnightOffset(timeZone, day + 1)) return start;
  return exactOffset(timeZone, at);
}

const midnightOffsets = new Map<string, Map<number, number>>();
function midnightOffset(timeZone: string, day: number): number {
  let days = midnightOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    midnightOffsets.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    if (days.size > 20_000) days.clear(); // bound a long-lived isolate's memory (~55 years a zone)
    offset = exactOffset(timeZone, day * DAY_MS);
    days.set(day, offset);
  }
  return offset;
}

function exactOffset(timeZone: string, at: number): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const hour = field("hour") % 24; // some engines write midnight as 24 even with h23
  const wallAsUtc = Date.UTC(
    field("year"),
    field("month") - 1,
    field("day"),
    hour,
    field("minute"),
    field("second"),
  );
  return wallAsUtc - (at - mod(at, 1000));
}

const mod = (a: number, b: number) => ((a % b) + b) % b;

// Building an Intl.DateTimeFormat is far slower than using one, and matching reads thousands of
// offsets per preview. Constructing one for an unknown zone throws a RangeError: an unknown zone is
// a data error, and guessing UTC would silently shift every range.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallClock(at: Date | number, timeZone: string): WallClock {
  const ms = typeof at === "number" ? at : at.getTime();
  const shifted = new Date(ms + zoneOffset(timeZone, ms));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
}

/** The wall-clock time in `timeZone` as `YYYY-MM-DDTHH:mm:ss`, with no offset (for file names). */
export function wallClockIso(at: Date | number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** Wall fields read as if they were UTC (Date.UTC normalises overflow such as day 0 or month 13). */
const asUtc = (w: WallClock) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

const sameWall = (a: WallClock, b: WallClock) => asUtc(a) === asUtc(b);

/**
 * The instant at which the zone's clocks show `wall`. Like Temporal's "compatible"
 * disambiguation: a time that occurs twice (clocks going back) resolves to the earlier instant;
 * a time skipped by clocks going forward resolves to the same distance after the gap (02:30 on a
 * spring-forward day becomes 03:30). Midnight is never skipped in the supported zones.
 */
export function fromWallClock(wall: WallClock, timeZone: string): Date {
  const local = asUtc(wall);
  const normalised = wallClock(local, "UTC"); // fields after Date.UTC's overflow handling
  const before = local - zoneOffset(timeZone, local - DAY_MS);
  const after = local - zoneOffset(timeZone, local + DAY_MS);
  const fits = [Math.min(before, after), Math.max(before, after)].filter((t) =>
    sameWall(wallClock(t, timeZone), normalised),
  );
  if (fits[0] !== undefined) return new Date(fits[0]);
  // In a gap: apply the offset in force before it, which lands after the gap.
  return new Date(before);
}

export const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Midnight starting calendar day `day` ("2026-12-01"), or `later` days after it, in the zone. */
export function midnightOfDay(day: string, timeZone: string, later = 0): Date {
  const [year = 1970, month = 1, date = 1] = day.split("-").map(Number);
  const wall = { year, month, day: date + later, hour: 0, minute: 0, second: 0, millisecond: 0 };
  return fromWallClock(wall, timeZone);
}

/** Midnight starting the calendar day that contains `at` in the zone. */
export function startOfZonedDay(at: Date | number, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  return fromWallClock({ ...w, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}

/**
 * A whole-number day index (days since 1970-01-01) of the calendar day containing `at` in the
 * zone: two instants are on the same calendar day exactly when their indexes are equal, and the
 * difference of two indexes counts calendar days, whatever the hours.
 */
export function zonedDayIndex(at: number, timeZone: string): number {
  return Math.floor((at + zoneOffset(timeZone, at)) / DAY_MS);
}

/** Same wall time `days` calendar days earlier (or later if negative). */
export const subZonedDays = (at: Date, days: number, timeZone: string) => {
  const w = wallClock(at, timeZone);
  return fromWallClock({ ...w, day: w.day - days }, timeZone);
};

/** Same wall time `months` calendar months earlier; the day is clamped to the target month's length (31 Aug - 6 months = 28/29 Feb). */
export function subZonedMonths(at: Date, months: number, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  const index = w.year * 12 + (w.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return fromWallClock(
    { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) },
    timeZone,
  );
}
