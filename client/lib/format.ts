// Shared display formatters. `Number.prototype.toLocaleString` and `Date.prototype.toLocale*String`
// build a new Intl formatter on every call: a 200-row Videos page made about 2,000 of them and
// spent over 100 ms of its first render there (Chromium profile, issue 15). One formatter each,
// built once, gives the same text.

import { formatChangePercent } from "../../shared/format";
import { minutesAsHours } from "../../shared/table-columns";

const countFormat = new Intl.NumberFormat("en-US");
const compactFormat = new Intl.NumberFormat("en-US", { notation: "compact" });
// Watch time in hours with one decimal, in the reader's locale.
const hoursFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** 12,345 */
export const formatCount = (value: number): string => countFormat.format(value);

/** "1 row", "200 rows", "12,345 rows": a count and its noun, singular for one. */
export const countOf = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** "the previous day", "the previous 30 days": the period a change is measured against. */
export const previousPeriod = (days: number): string =>
  days === 1 ? "the previous day" : `the previous ${formatCount(days)} days`;

/**
 * A change as the app writes it everywhere: the amount, then its share, signed alike with a true
 * minus ("−1,567 (−0.7%)"); the share is left out when there was nothing to compare with.
 */
export const formatChange = (absolute: number, percent: number | null): string => {
  const sign = absolute > 0 ? "+" : absolute < 0 ? "\u2212" : "\u00b1";
  const share = percent === null ? "" : ` (${sign}${formatChangePercent(percent)})`;
  return `${sign}${formatCount(Math.abs(absolute))}${share}`;
};

/** Watch time: minutes shown as hours with one decimal, e.g. 1,234.5. */
export const formatHours = (minutes: number): string => hoursFormat.format(minutesAsHours(minutes));

/** 12K, 1.2M: chart axis ticks. */
export const formatCompact = (value: number): string => compactFormat.format(value);

/**
 * A formatter per IANA time zone, built on first use: Intl formatters are costly to build (see
 * the top of this file) and a zone's is asked for once per cell.
 */
function perZone(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}
// The reader's own locale, as toLocaleDateString() uses with no arguments.
const localDateIn = perZone(undefined, { year: "numeric", month: "numeric", day: "numeric" });
const shortDayIn = perZone("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * A date in the reader's own locale, as toLocaleDateString() writes it (11/23/2026 or
 * 23/11/2026), on the calendar of the given IANA time zone (the organisation's).
 */
export const formatDateIn = (at: Date | number | string, timeZone: string): string =>
  localDateIn(timeZone).format(typeof at === "string" ? new Date(at) : at);

/** "Nov 23, 2026" in the given IANA time zone. */
export const formatShortDayIn = (at: number, timeZone: string): string =>
  shortDayIn(timeZone).format(at);
