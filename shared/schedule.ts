/*
 * Recurring report schedules (spec section 9): "time-of-day options are the UTC times 00:00,
 * 06:00, 12:00, 18:00, displayed in the organization's time zone as h:mm a (default
 * America/Los_Angeles). Day of month 1-31. Weekdays are listed Monday first but stored 0=Sunday.
 * Defaults: date range 30days, frequency daily, day monday, day of month 1. Creation time shown
 * as MMM d, yyyy h:mm a zzz."
 */
import type { DateRange } from "./schemas/date-range";
import type { frequencies } from "./schemas/enums";
import { zonedDateTimeLabel, zonedTimeLabel, zoneShortName } from "./zoned-format";
import { DAY_MS, daysInMonth, zoneOffset } from "./zoned-time";

export const SCHEDULE_TIMES_UTC = ["00:00", "06:00", "12:00", "18:00"] as const;
export type ScheduleTime = (typeof SCHEDULE_TIMES_UTC)[number];
export type Frequency = (typeof frequencies)[number];

/** Listed Monday first (spec), stored as JavaScript's getDay numbers: 0 = Sunday ... 6 = Saturday. */
export const WEEKDAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 0, label: "Sunday" },
] as const;

export const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * The dialog's defaults. The spec gives no default time; the first option (00:00 UTC) is ours.
 */
export const SCHEDULE_DEFAULTS = {
  dateRange: { type: "30days", range: null } satisfies DateRange,
  frequency: "daily" as Frequency,
  dayOfWeek: 1, // Monday
  dayOfMonth: 1,
  scheduledTime: "00:00" as ScheduleTime,
};

/** The instant of a UTC "HH:MM" on the UTC date of `onDay`. */
function slotInstant(utcTime: string, onDay: Date): number {
  const [hours, minutes] = utcTime.split(":").map(Number);
  return Date.UTC(
    onDay.getUTCFullYear(),
    onDay.getUTCMonth(),
    onDay.getUTCDate(),
    hours ?? 0,
    minutes ?? 0,
  );
}

/**
 * A UTC "HH:MM" shown on the organisation's clock as 'h:mm a'. The answer depends on the date
 * (00:00 UTC is 4:00 PM in Los Angeles in winter and 5:00 PM in summer), so the caller says which
 * day it means; the dialog passes today.
 */
export const scheduleTimeLabel = (utcTime: string, timeZone: string, onDay: Date): string =>
  zonedTimeLabel(slotInstant(utcTime, onDay), timeZone);

/** Minutes since midnight on the zone's clock. */
const minuteOfDay = (at: number, timeZone: string) => {
  const local = at + zoneOffset(timeZone, at);
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
};

/**
 * The four slots as the Time of Day menu lists them: in the order of the organisation's clock
 * (4:00 AM, 10:00 AM, 4:00 PM, 10:00 PM in Los Angeles), not of UTC's, which put 4:00 PM first
 * and 4:00 AM third. The value stays the UTC slot.
 */
export const scheduleTimeOptions = (timeZone: string, onDay: Date) =>
  SCHEDULE_TIMES_UTC.map((value) => {
    const at = slotInstant(value, onDay);
    return { value, label: zonedTimeLabel(at, timeZone), minuteOfDay: minuteOfDay(at, timeZone) };
  })
    .sort((a, b) => a.minuteOfDay - b.minuteOfDay)
    .map(({ value, label }) => ({ value, label }));

export type ScheduleRule = {
  frequency: Frequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  scheduledTime: string;
  isActive?: boolean;
};

/**
 * Stored day fields follow the spec: day_of_week is null unless weekly, day_of_month null unless
 * monthly. Missing values take the defaults (Monday, day 1).
 */
export function normaliseScheduleDays(
  frequency: Frequency,
  dayOfWeek: number | null | undefined,
  dayOfMonth: number | null | undefined,
) {
  return {
    dayOfWeek: frequency === "weekly" ? (dayOfWeek ?? SCHEDULE_DEFAULTS.dayOfWeek) : null,
    dayOfMonth: frequency === "monthly" ? (dayOfMonth ?? SCHEDULE_DEFAULTS.dayOfMonth) : null,
  };
}

/**
 * The zone's standard-time offset in the year of `at`: the smaller of its January and July
 * offsets (daylight saving always moves clocks forward, in either hemisphere).
 */
export function standardOffset(timeZone: string, at: Date): number {
  const year = at.getUTCFullYear();
  return Math.min(
    zoneOffset(timeZone, Date.UTC(year, 0, 1)),
    zoneOffset(timeZone, Date.UTC(year, 6, 1)),
  );
}

/**
 * The calendar day a slot counts for: the organisation's calendar read at its standard-time
 * offset. With the offset of the moment instead, a slot near local midnight changes day with
 * daylight saving (06:00 UTC is 23:00 on Sunday in Denver in winter and 00:00 on Monday in
 * summer), and a weekly or monthly schedule on it would skip a run in March and run twice in
 * November. A fixed offset gives every UTC day exactly one calendar day, so every period gets
 * exactly one run, always the same number of hours apart.
 */
function scheduleDay(slot: Date, timeZone: string) {
  const shifted = new Date(
    Math.floor((slot.getTime() + standardOffset(timeZone, slot)) / DAY_MS) * DAY_MS,
  );
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
}

/**
 * Whether a schedule runs in the hourly cron slot containing `slot`.
 *
 * - The time is UTC (the stored "HH:MM"): due in the UTC hour that contains it.
 * - The day (weekday or day of month) is read on the organisation's calendar, because the dialog
 *   shows the time on that calendar: "weekly, Monday, 4:00 PM" in Los Angeles means Monday
 *   afternoon there, which is 00:00 UTC on Tuesday. Reading the day in UTC would run it a day
 *   early. The calendar is read in standard time all year (see scheduleDay), so daylight saving
 *   never skips or doubles a run.
 * - Monthly on a day the month lacks (29-31) runs on the month's last day, so "day 31" runs every
 *   month, on 30 April and 28/29 February.
 * - Inactive schedules are never due.
 */
export function isScheduleDue(schedule: ScheduleRule, slot: Date, timeZone: string): boolean {
  if (schedule.isActive === false) return false;
  const match = /^(\d{2}):(\d{2})$/.exec(schedule.scheduledTime);
  if (!match || Number(match[1]) !== slot.getUTCHours()) return false;
  const local = scheduleDay(slot, timeZone);
  switch (schedule.frequency) {
    case "daily":
      return true;
    case "weekly":
      return schedule.dayOfWeek === local.weekday;
    case "monthly": {
      if (schedule.dayOfMonth === null || schedule.dayOfMonth < 1) return false;
      return local.day === Math.min(schedule.dayOfMonth, daysInMonth(local.year, local.month));
    }
  }
}

/** The start of the hourly slot an instant falls in (the key of a schedule run). */
export const slotStart = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

const weekdayName = (day: number | null) =>
  WEEKDAYS.find((w) => w.value === day)?.label ?? "Monday";

/**
 * The Schedule column: 'Daily at 5:00 PM', 'Weekly on Monday at 5:00 PM', 'Monthly on day 31 at
 * 5:00 PM', with the time on the organisation's clock on `onDay`. Weekly and monthly days count on
 * the standard-time calendar (see isScheduleDue); when daylight saving moves the slot past local
 * midnight (06:00 UTC in Denver: 11:00 PM MST, 12:00 AM MDT the next day), the label gives the
 * standard time with its zone, so the day it names is the day the report runs.
 */
export function scheduleLabel(schedule: ScheduleRule, timeZone: string, onDay: Date): string {
  let time = scheduleTimeLabel(schedule.scheduledTime, timeZone, onDay);
  if (schedule.frequency !== "daily") {
    const [hours, minutes] = schedule.scheduledTime.split(":").map(Number);
    const slot = Date.UTC(
      onDay.getUTCFullYear(),
      onDay.getUTCMonth(),
      onDay.getUTCDate(),
      hours ?? 0,
      minutes ?? 0,
    );
    const standard = standardOffset(timeZone, onDay);
    const dayOf = (offset: number) => Math.floor((slot + offset) / DAY_MS);
    if (dayOf(zoneOffset(timeZone, slot)) !== dayOf(standard)) {
      // A moment in winter has the standard offset: its clock and zone name are standard time.
      const winter = Date.UTC(onDay.getUTCFullYear(), 0, 1, hours ?? 0, minutes ?? 0);
      const reference = zoneOffset(timeZone, winter) === standard ? winter : winter + 182 * DAY_MS;
      time = `${zonedTimeLabel(reference, timeZone)} ${zoneShortName(reference, timeZone)}`;
    }
  }
  switch (schedule.frequency) {
    case "daily":
      return `Daily at ${time}`;
    case "weekly":
      return `Weekly on ${weekdayName(schedule.dayOfWeek)} at ${time}`;
    case "monthly":
      return `Monthly on day ${schedule.dayOfMonth ?? 1} at ${time}`;
  }
}

/** Creation times in lists: 'MMM d, yyyy h:mm a zzz' on the organisation's clock (Nov 22, 2026 2:42 AM PST). */
export const formatCreatedAt = (at: Date | number, timeZone: string) =>
  zonedDateTimeLabel(at, timeZone);
