/*
 * Report date ranges (spec sections 3 and 9): "Relative date ranges: 7/30/90 days back, 6 months,
 * 1 year, year to date from 1 January, all time from 1 January 2000, today from midnight; an
 * unknown type falls back to 30 days. Custom dates are sent as ISO timestamps."
 *
 * Resolution is pure: the caller passes `now` (a schedule run resolves its range at run time) and
 * the organisation's IANA time zone, because "midnight" and "1 January" are wall-clock notions.
 * Relative ranges end at `now`.
 */
import {
  type DateRangeType,
  dateRangeSchema,
  dateRangeTypes,
  legacyDateRangeSchema,
} from "./schemas/date-range";
import { zonedDateLabel } from "./zoned-format";
import {
  fromWallClock,
  startOfZonedDay,
  subZonedDays,
  subZonedMonths,
  wallClock,
} from "./zoned-time";

export type ResolvedDateRange = { start: Date; end: Date };

/** The type used when a stored type is unknown or unusable (spec section 9). */
export const FALLBACK_DATE_RANGE_TYPE = "30days" satisfies DateRangeType;

type RelativeType = Exclude<DateRangeType, "custom">;

const isRelativeType = (type: unknown): type is RelativeType =>
  typeof type === "string" &&
  type !== "custom" &&
  (dateRangeTypes as readonly string[]).includes(type);

/**
 * Start of a relative range. "N days back" keeps the wall-clock time N calendar days earlier in
 * the zone (so a 7-day range across a DST change is 7 calendar days, not 168 hours); months and
 * years clamp the day to the target month (31 August - 6 months = 28/29 February, 29 February -
 * 1 year = 28 February). Year to date and all time start at midnight in the zone.
 */
export function relativeStart(type: RelativeType, now: Date, timeZone: string): Date {
  switch (type) {
    case "today":
      return startOfZonedDay(now, timeZone);
    case "7days":
      return subZonedDays(now, 7, timeZone);
    case "30days":
      return subZonedDays(now, 30, timeZone);
    case "90days":
      return subZonedDays(now, 90, timeZone);
    case "6months":
      return subZonedMonths(now, 6, timeZone);
    case "1year":
      return subZonedMonths(now, 12, timeZone);
    case "ytd":
      return fromWallClock(
        {
          year: wallClock(now, timeZone).year,
          month: 1,
          day: 1,
          hour: 0,
          minute: 0,
          second: 0,
          millisecond: 0,
        },
        timeZone,
      );
    case "alltime":
      return fromWallClock(
        { year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 },
        timeZone,
      );
  }
}

const explicit = (start: string, end: string): ResolvedDateRange | null => {
  const range = { start: new Date(start), end: new Date(end) };
  return range.start.getTime() <= range.end.getTime() ? range : null;
};

/**
 * Resolve whatever a date_range column or request holds:
 * - the current shape {type, range}: relative types from `now`; custom uses its ISO bounds;
 * - the older shape {start, end} (optionally with a type): its explicit bounds, unless it names a
 *   relative type, which is re-resolved from `now` (a recurring schedule must move with time);
 * - anything else (unknown type, custom without valid bounds, start after end, not an object):
 *   the spec's fallback, the last 30 days.
 */
export function resolveDateRange(input: unknown, now: Date, timeZone: string): ResolvedDateRange {
  const current = dateRangeSchema.safeParse(input);
  if (current.success) {
    const { type, range } = current.data;
    if (type !== "custom") return { start: relativeStart(type, now, timeZone), end: now };
    if (range) {
      const resolved = explicit(range.start, range.end);
      if (resolved) return resolved;
    }
  } else {
    const legacy = legacyDateRangeSchema.safeParse(input);
    if (legacy.success) {
      const { type, start, end } = legacy.data;
      if (isRelativeType(type)) return { start: relativeStart(type, now, timeZone), end: now };
      const resolved = explicit(start, end);
      if (resolved) return resolved;
    } else if (isObject(input) && isRelativeType(input.type)) {
      // A known relative type next to malformed extras is still that relative type.
      return { start: relativeStart(input.type, now, timeZone), end: now };
    }
  }
  return { start: relativeStart(FALLBACK_DATE_RANGE_TYPE, now, timeZone), end: now };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * A custom range from the dialog's two date inputs (yyyy-MM-dd): from the start of the first day
 * to the last millisecond of the second, in the organisation's zone, as the ISO timestamps the
 * spec sends. Returns null for malformed dates or a start after the end.
 */
export function customRangeFromDates(
  startDate: string,
  endDate: string,
  timeZone: string,
): { start: string; end: string } | null {
  const parse = (text: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!m) return null;
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    return check.getUTCMonth() === month - 1 && check.getUTCDate() === day
      ? { year, month, day }
      : null;
  };
  const s = parse(startDate);
  const e = parse(endDate);
  if (!s || !e) return null;
  const start = fromWallClock({ ...s, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
  const nextDay = fromWallClock(
    { ...e, day: e.day + 1, hour: 0, minute: 0, second: 0, millisecond: 0 },
    timeZone,
  );
  const end = new Date(nextDay.getTime() - 1);
  return start.getTime() <= end.getTime()
    ? { start: start.toISOString(), end: end.toISOString() }
    : null;
}

const RELATIVE_LABELS: Record<RelativeType, string> = {
  today: "Today",
  "7days": "Last 7 days",
  "30days": "Last 30 days",
  "90days": "Last 90 days",
  "6months": "Last 6 months",
  "1year": "Last year",
  ytd: "Year to date",
  alltime: "All time",
};

/**
 * The Date Range column text. The spec's list covers today, 7, 30, 90 days and custom ('Custom'
 * plus the dates); the other types get labels of the same style rather than a raw key, and an
 * unusable value is labelled as what it resolves to (the last 30 days). Custom dates are shown in
 * the organisation's zone.
 */
export function dateRangeLabel(input: unknown, timeZone: string): string {
  const day = (iso: string) => zonedDateLabel(new Date(iso), timeZone);
  const current = dateRangeSchema.safeParse(input);
  if (current.success) {
    const { type, range } = current.data;
    if (type !== "custom") return RELATIVE_LABELS[type];
    if (range && explicit(range.start, range.end))
      return `Custom (${day(range.start)} - ${day(range.end)})`;
  }
  const legacy = legacyDateRangeSchema.safeParse(input);
  if (legacy.success) {
    const { type, start, end } = legacy.data;
    if (isRelativeType(type)) return RELATIVE_LABELS[type];
    if (explicit(start, end)) return `Custom (${day(start)} - ${day(end)})`;
  }
  if (isObject(input) && isRelativeType(input.type)) return RELATIVE_LABELS[input.type];
  return RELATIVE_LABELS[FALLBACK_DATE_RANGE_TYPE];
}

/** Options for the date-range select, in the spec's order of types. */
export const dateRangeOptions = dateRangeTypes.map((value) => ({
  value,
  label: value === "custom" ? "Custom" : RELATIVE_LABELS[value],
}));
