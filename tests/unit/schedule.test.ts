import { describe, expect, it } from "vitest";
import {
  formatCreatedAt,
  isScheduleDue,
  normaliseScheduleDays,
  SCHEDULE_DEFAULTS,
  type ScheduleRule,
  scheduleLabel,
  scheduleTimeOptions,
  slotStart,
  WEEKDAYS,
} from "../../shared/schedule";
import { timeZoneIds } from "../../shared/timezones";

const LA = "America/Los_Angeles";
const winter = new Date("2026-01-15T12:00:00Z");
const summer = new Date("2026-07-15T12:00:00Z");

describe("time-of-day options", () => {
  // The UTC slots 00:00, 06:00, 12:00 and 18:00, listed in the order of the zone's own clock.
  it.each([
    [
      LA,
      winter,
      ["12:00", "18:00", "00:00", "06:00"],
      ["4:00 AM", "10:00 AM", "4:00 PM", "10:00 PM"],
    ],
    [
      LA,
      summer,
      ["12:00", "18:00", "00:00", "06:00"],
      ["5:00 AM", "11:00 AM", "5:00 PM", "11:00 PM"],
    ],
    [
      "UTC",
      winter,
      ["00:00", "06:00", "12:00", "18:00"],
      ["12:00 AM", "6:00 AM", "12:00 PM", "6:00 PM"],
    ],
    [
      "Asia/Tokyo",
      winter,
      ["18:00", "00:00", "06:00", "12:00"],
      ["3:00 AM", "9:00 AM", "3:00 PM", "9:00 PM"],
    ],
    [
      "Australia/Sydney",
      winter,
      ["18:00", "00:00", "06:00", "12:00"],
      ["5:00 AM", "11:00 AM", "5:00 PM", "11:00 PM"],
    ],
    [
      "Europe/London",
      summer,
      ["00:00", "06:00", "12:00", "18:00"],
      ["1:00 AM", "7:00 AM", "1:00 PM", "7:00 PM"],
    ],
  ])("%s (%s): slots %j read %j", (zone, day, values, labels) => {
    const options = scheduleTimeOptions(zone, day);
    expect(options.map((o) => o.value)).toEqual(values);
    expect(options.map((o) => o.label)).toEqual(labels);
  });
});

describe("constants", () => {
  it("lists weekdays Monday first, stored 0 = Sunday", () => {
    expect(WEEKDAYS.map((d) => d.label)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(WEEKDAYS.map((d) => d.value)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
  it("has the spec's defaults", () => {
    expect(SCHEDULE_DEFAULTS).toEqual({
      dateRange: { type: "30days", range: null },
      frequency: "daily",
      dayOfWeek: 1,
      dayOfMonth: 1,
      scheduledTime: "00:00",
    });
  });
  it.each([
    ["daily", 3, 12, { dayOfWeek: null, dayOfMonth: null }],
    ["weekly", 3, 12, { dayOfWeek: 3, dayOfMonth: null }],
    ["weekly", null, 12, { dayOfWeek: 1, dayOfMonth: null }],
    ["monthly", 3, 31, { dayOfWeek: null, dayOfMonth: 31 }],
    ["monthly", 3, null, { dayOfWeek: null, dayOfMonth: 1 }],
  ] as const)("%s with day %s / %s stores %j", (frequency, dow, dom, expected) => {
    expect(normaliseScheduleDays(frequency, dow, dom)).toEqual(expected);
  });
});

const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: "daily",
  dayOfWeek: null,
  dayOfMonth: null,
  scheduledTime: "06:00",
  ...r,
});
const hoursOf = (fromIso: string, hours: number) =>
  Array.from({ length: hours }, (_, i) => new Date(Date.parse(fromIso) + i * 3_600_000));
const dueSlots = (r: ScheduleRule, zone: string, fromIso: string, hours: number) =>
  hoursOf(fromIso, hours)
    .filter((slot) => isScheduleDue(r, slot, zone))
    .map((slot) => slot.toISOString());

describe("isScheduleDue over simulated time", () => {
  it("daily: once a day, in the UTC hour of its time", () => {
    expect(dueSlots(rule({}), "UTC", "2026-03-02T00:00:00Z", 72)).toEqual([
      "2026-03-02T06:00:00.000Z",
      "2026-03-03T06:00:00.000Z",
      "2026-03-04T06:00:00.000Z",
    ]);
  });

  it("weekly: the weekday on the organisation's calendar (Monday 4:00 PM in Los Angeles is Tuesday 00:00 UTC)", () => {
    const monday = rule({ frequency: "weekly", dayOfWeek: 1, scheduledTime: "00:00" });
    expect(dueSlots(monday, LA, "2026-03-01T00:00:00Z", 24 * 14)).toEqual([
      "2026-03-03T00:00:00.000Z",
      "2026-03-10T00:00:00.000Z",
    ]);
    expect(dueSlots(monday, "UTC", "2026-03-01T00:00:00Z", 24 * 14)).toEqual([
      "2026-03-02T00:00:00.000Z",
      "2026-03-09T00:00:00.000Z",
    ]);
  });

  it("weekly on Sunday (stored 0)", () => {
    expect(
      dueSlots(
        rule({ frequency: "weekly", dayOfWeek: 0, scheduledTime: "18:00" }),
        "UTC",
        "2026-03-01T00:00:00Z",
        24 * 7,
      ),
    ).toEqual(["2026-03-01T18:00:00.000Z"]);
  });

  it.each([
    [
      31,
      [
        "2026-01-31",
        "2026-02-28",
        "2026-03-31",
        "2026-04-30",
        "2026-05-31",
        "2026-06-30",
        "2026-07-31",
        "2026-08-31",
        "2026-09-30",
        "2026-10-31",
        "2026-11-30",
        "2026-12-31",
      ],
    ],
    [
      30,
      [
        "2026-01-30",
        "2026-02-28",
        "2026-03-30",
        "2026-04-30",
        "2026-05-30",
        "2026-06-30",
        "2026-07-30",
        "2026-08-30",
        "2026-09-30",
        "2026-10-30",
        "2026-11-30",
        "2026-12-30",
      ],
    ],
    [
      1,
      [
        "2026-01-01",
        "2026-02-01",
        "2026-03-01",
        "2026-04-01",
        "2026-05-01",
        "2026-06-01",
        "2026-07-01",
        "2026-08-01",
        "2026-09-01",
        "2026-10-01",
        "2026-11-01",
        "2026-12-01",
      ],
    ],
  ])(
    "monthly on day %i runs every month, on the last day when the month is shorter",
    (dayOfMonth, days) => {
      const due = dueSlots(
        rule({ frequency: "monthly", dayOfMonth, scheduledTime: "12:00" }),
        "UTC",
        "2026-01-01T00:00:00Z",
        24 * 365,
      );
      expect(due).toEqual(days.map((d) => `${d}T12:00:00.000Z`));
    },
  );

  it("monthly on day 29 in a leap year runs on 29 February", () => {
    expect(
      dueSlots(
        rule({ frequency: "monthly", dayOfMonth: 29, scheduledTime: "12:00" }),
        "UTC",
        "2028-02-01T00:00:00Z",
        24 * 29,
      ),
    ).toEqual(["2028-02-29T12:00:00.000Z"]);
  });

  it("monthly reads the day on the organisation's calendar", () => {
    // 00:00 UTC on 1 April is 31 March 5:00 PM in Los Angeles.
    const due = dueSlots(
      rule({ frequency: "monthly", dayOfMonth: 31, scheduledTime: "00:00" }),
      LA,
      "2026-03-25T00:00:00Z",
      24 * 40,
    );
    expect(due).toEqual(["2026-04-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z"]);
  });

  it.each([
    ["an inactive schedule", rule({ isActive: false }), "2026-03-02T06:00:00Z", false],
    ["another hour", rule({}), "2026-03-02T07:00:00Z", false],
    ["minutes into its hour", rule({}), "2026-03-02T06:00:42Z", true],
    ["a malformed time", rule({ scheduledTime: "6am" }), "2026-03-02T06:00:00Z", false],
    ["weekly without a day", rule({ frequency: "weekly" }), "2026-03-02T06:00:00Z", false],
    ["monthly without a day", rule({ frequency: "monthly" }), "2026-03-01T06:00:00Z", false],
  ])("%s", (_, r, slot, due) => {
    expect(isScheduleDue(r, new Date(slot), "UTC")).toBe(due);
  });

  it("slots start on the hour", () => {
    expect(slotStart(new Date("2026-03-02T06:59:59.999Z")).toISOString()).toBe(
      "2026-03-02T06:00:00.000Z",
    );
  });
});

describe("daylight saving never skips or doubles a run", () => {
  const DENVER = "America/Denver";
  const sixUtc = (r: Partial<ScheduleRule>) => rule({ scheduledTime: "06:00", ...r });

  it("Denver, weekly on Sunday at 06:00 UTC: one run in the week of 2024-03-10", () => {
    const due = dueSlots(
      sixUtc({ frequency: "weekly", dayOfWeek: 0 }),
      DENVER,
      "2024-03-03T00:00:00Z",
      24 * 21,
    );
    expect(due).toEqual([
      "2024-03-04T06:00:00.000Z",
      "2024-03-11T06:00:00.000Z",
      "2024-03-18T06:00:00.000Z",
    ]);
  });

  it("Denver, monthly on day 3 at 06:00 UTC: once in November 2024", () => {
    const due = dueSlots(
      sixUtc({ frequency: "monthly", dayOfMonth: 3 }),
      DENVER,
      "2024-10-25T00:00:00Z",
      24 * 45,
    );
    expect(due).toEqual(["2024-11-04T06:00:00.000Z", "2024-12-04T06:00:00.000Z"]);
  });

  // Every supported zone, every slot, every weekday and day of month, over two years: weekly runs
  // are exactly a week apart, and every calendar month has exactly one monthly run.
  const days = 731;
  const slotsAt = (hour: number) =>
    Array.from({ length: days }, (_, i) => new Date(Date.UTC(2024, 0, 1, hour) + i * 86_400_000));
  it.each(timeZoneIds)("%s", (zone) => {
    for (const time of ["00:00", "06:00", "12:00", "18:00"]) {
      const slots = slotsAt(Number(time.slice(0, 2)));
      for (let weekday = 0; weekday < 7; weekday++) {
        const weekly = rule({ frequency: "weekly", dayOfWeek: weekday, scheduledTime: time });
        const runs = slots.filter((s) => isScheduleDue(weekly, s, zone)).map((s) => s.getTime());
        const gaps = new Set(runs.slice(1).map((t, i) => t - runs[i]!));
        expect([...gaps], `${time} weekday ${weekday}`).toEqual([7 * 86_400_000]);
        expect(runs[0]! - slots[0]!.getTime()).toBeLessThan(7 * 86_400_000);
      }
      for (let dayOfMonth = 1; dayOfMonth <= 31; dayOfMonth++) {
        const monthly = rule({ frequency: "monthly", dayOfMonth, scheduledTime: time });
        const runs = slots.filter((s) => isScheduleDue(monthly, s, zone));
        // One run per month: 24 months, and never two within 27 days of each other.
        expect(runs.length, `${time} day ${dayOfMonth}`).toBeGreaterThanOrEqual(24);
        expect(runs.length, `${time} day ${dayOfMonth}`).toBeLessThanOrEqual(25);
        const gaps = runs.slice(1).map((t, i) => t.getTime() - runs[i]!.getTime());
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(27 * 86_400_000);
      }
    }
  });
});

describe("labels", () => {
  it.each([
    [rule({ scheduledTime: "00:00" }), "Daily at 4:00 PM"],
    [
      rule({ frequency: "weekly", dayOfWeek: 0, scheduledTime: "18:00" }),
      "Weekly on Sunday at 10:00 AM",
    ],
    [
      rule({ frequency: "monthly", dayOfMonth: 31, scheduledTime: "12:00" }),
      "Monthly on day 31 at 4:00 AM",
    ],
  ])("%j -> %s", (r, label) => {
    expect(scheduleLabel(r, LA, winter)).toBe(label);
  });

  it("names the standard time when daylight saving moves the slot past midnight (Denver)", () => {
    const sunday = rule({ frequency: "weekly", dayOfWeek: 0, scheduledTime: "06:00" });
    const denver = "America/Denver";
    expect(scheduleLabel(sunday, denver, winter)).toBe("Weekly on Sunday at 11:00 PM");
    expect(scheduleLabel(sunday, denver, summer)).toBe("Weekly on Sunday at 11:00 PM MST");
    expect(scheduleLabel({ ...sunday, frequency: "daily" }, denver, summer)).toBe(
      "Daily at 12:00 AM",
    );
    expect(scheduleLabel(rule({ frequency: "weekly", dayOfWeek: 0 }), LA, summer)).toBe(
      "Weekly on Sunday at 11:00 PM",
    );
  });

  it.each([
    [LA, "2026-11-22T10:42:07Z", "Nov 22, 2026 2:42 AM PST"],
    [LA, "2026-07-04T19:05:00Z", "Jul 4, 2026 12:05 PM PDT"],
    ["America/New_York", "2026-11-22T10:42:07Z", "Nov 22, 2026 5:42 AM EST"],
    ["UTC", "2026-11-22T10:42:07Z", "Nov 22, 2026 10:42 AM UTC"],
    ["Asia/Tokyo", "2026-11-22T10:42:07Z", "Nov 22, 2026 7:42 PM GMT+9"],
  ])("created at in %s: %s -> %s", (zone, at, text) => {
    expect(formatCreatedAt(new Date(at), zone)).toBe(text);
  });
});
