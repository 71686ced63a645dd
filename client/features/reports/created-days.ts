import { customRangeFromDates } from "../../../shared/date-ranges";
import { wallClock } from "../../../shared/zoned-time";

/*
 * The Reports list's From and To, on the organisation's calendar. Only the Reports page uses
 * them, so they live here rather than in shared/, whose modules every page's first load carries.
 */

/** The calendar day containing `at` in the zone, as a date input's value (`YYYY-MM-DD`). */
export function zonedDateInputValue(at: Date | number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

/**
 * Whether `at` falls on the days `from` to `to` (date inputs' values; an empty or malformed one
 * leaves that side open) of the organisation's calendar, the calendar the rows' dates are shown
 * in. The browser's own zone plays no part: a list read in Tokyo for a Los Angeles organisation
 * filters on the days its Created column shows.
 */
export function onZonedDays(at: number, from: string, to: string, timeZone: string): boolean {
  const first = from ? customRangeFromDates(from, from, timeZone) : null;
  const last = to ? customRangeFromDates(to, to, timeZone) : null;
  return (!first || at >= Date.parse(first.start)) && (!last || at <= Date.parse(last.end));
}
