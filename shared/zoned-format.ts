/*
 * Dates and times as the organisation's clock shows them, whatever the machine's own zone.
 *
 * date-fns-tz's formatInTimeZone cannot do this: it copies the zone's wall fields into a Date in
 * the machine's local time, and when those fields fall in the machine's own spring-forward hour
 * the Date moves an hour on. A browser in New York on 2026-03-08 then shows 12:00 UTC in Honolulu
 * as "3:00 AM" instead of "2:00 AM". Here the wall fields come from zoned-time (epoch arithmetic
 * with the zone's offset) and only the zone's short name is read from Intl, for the instant itself.
 */
import { wallClock } from "./zoned-time";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'h:mm a': 2:00 AM, 12:05 PM. */
export function zonedTimeLabel(at: Date | number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const hour = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${hour}:${String(w.minute).padStart(2, "0")} ${w.hour < 12 ? "AM" : "PM"}`;
}

/** 'MMM d, yyyy': Mar 8, 2026. */
export function zonedDateLabel(at: Date | number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant, as en-US writes it: PST, PDT, UTC, GMT+9. */
export function zoneShortName(at: Date | number, timeZone: string): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    zoneNames.set(timeZone, format);
  }
  return format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** 'MMM d, yyyy h:mm a zzz': Nov 22, 2026 2:42 AM PST. */
export const zonedDateTimeLabel = (at: Date | number, timeZone: string) =>
  `${zonedDateLabel(at, timeZone)} ${zonedTimeLabel(at, timeZone)} ${zoneShortName(at, timeZone)}`;
