import { describe, expect, it } from "vitest";
import { onZonedDays, zonedDateInputValue } from "../../client/features/reports/created-days";
import {
  customRangeFromDates,
  dateRangeLabel,
  dateRangeOptions,
  resolveDateRange,
} from "../../shared/date-ranges";
import { supportedTimeZones } from "../../shared/timezones";
import {
  fromWallClock,
  startOfZonedDay,
  subZonedMonths,
  wallClock,
  zonedDayIndex,
} from "../../shared/zoned-time";

const LA = "America/Los_Angeles";
// Tuesday 10 March 2026, 08:30 in Los Angeles (PDT, two days after the spring change).
const now = new Date("2026-03-10T15:30:00.000Z");
const iso = (range: { start: Date; end: Date }) => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
});

describe("resolveDateRange: every type, Los Angeles", () => {
  it.each([
    ["today", "2026-03-10T07:00:00.000Z"], // midnight PDT
    ["7days", "2026-03-03T16:30:00.000Z"], // 08:30 PST, before the DST change: 7 calendar days, 167 hours
    ["30days", "2026-02-08T16:30:00.000Z"],
    ["90days", "2025-12-10T16:30:00.000Z"],
    ["6months", "2025-09-10T15:30:00.000Z"], // 08:30 PDT
    ["1year", "2025-03-10T15:30:00.000Z"],
    ["ytd", "2026-01-01T08:00:00.000Z"], // midnight PST on 1 January
    ["alltime", "2000-01-01T08:00:00.000Z"],
  ] as const)("%s starts at %s and ends now", (type, start) => {
    expect(iso(resolveDateRange({ type, range: null }, now, LA))).toEqual({
      start,
      end: now.toISOString(),
    });
  });

  it("custom uses the ISO timestamps given", () => {
    const range = { start: "2026-01-01T08:00:00.000Z", end: "2026-02-01T07:59:59.999Z" };
    expect(iso(resolveDateRange({ type: "custom", range }, now, LA))).toEqual(range);
    expect(
      iso(
        resolveDateRange(
          {
            type: "custom",
            range: { start: "2026-01-01T00:00:00+02:00", end: "2026-01-02T00:00:00+02:00" },
          },
          now,
          LA,
        ),
      ),
    ).toEqual({
      start: "2025-12-31T22:00:00.000Z",
      end: "2026-01-01T22:00:00.000Z",
    });
  });

  it("reads the older {start, end} shape, re-resolving a relative type it names", () => {
    const old = { start: "2025-06-01T00:00:00.000Z", end: "2025-06-30T00:00:00.000Z" };
    expect(iso(resolveDateRange(old, now, LA))).toEqual(old);
    expect(iso(resolveDateRange({ ...old, type: "custom" }, now, LA))).toEqual(old);
    expect(iso(resolveDateRange({ ...old, type: "7days" }, now, LA)).start).toBe(
      "2026-03-03T16:30:00.000Z",
    );
  });

  const thirtyDays = { start: "2026-02-08T16:30:00.000Z", end: now.toISOString() };
  it.each([
    ["an unknown type", { type: "fortnight", range: null }],
    ["custom without a range", { type: "custom", range: null }],
    [
      "custom with start after end",
      { type: "custom", range: { start: "2026-02-01T00:00:00Z", end: "2026-01-01T00:00:00Z" } },
    ],
    [
      "an older shape with start after end",
      { start: "2026-02-01T00:00:00Z", end: "2026-01-01T00:00:00Z" },
    ],
    ["null", null],
    ["a string", "7days"],
  ])("falls back to the last 30 days for %s", (_, input) => {
    expect(iso(resolveDateRange(input, now, LA))).toEqual(thirtyDays);
  });

  it("keeps a known relative type even beside malformed extras", () => {
    expect(iso(resolveDateRange({ type: "90days", range: "junk" }, now, LA)).start).toBe(
      "2025-12-10T16:30:00.000Z",
    );
  });
});

describe("resolveDateRange: zones and calendar edges", () => {
  it.each([
    ["UTC", "2026-03-10T00:00:00.000Z"],
    ["Asia/Tokyo", "2026-03-10T15:00:00.000Z"], // already 00:30 on 11 March in Tokyo
    ["Australia/Sydney", "2026-03-10T13:00:00.000Z"], // AEDT, +11
    ["Pacific/Honolulu", "2026-03-10T10:00:00.000Z"],
    ["America/Phoenix", "2026-03-10T07:00:00.000Z"], // no DST: 08:30 MST
  ])("today in %s starts at local midnight %s", (zone, start) => {
    expect(resolveDateRange({ type: "today", range: null }, now, zone).start.toISOString()).toBe(
      start,
    );
  });

  it("ytd follows the zone's year at New Year", () => {
    const newYearEve = new Date("2026-01-01T05:00:00Z"); // 21:00 on 31 Dec in LA, 14:00 on 1 Jan in Tokyo
    expect(resolveDateRange({ type: "ytd", range: null }, newYearEve, LA).start.toISOString()).toBe(
      "2025-01-01T08:00:00.000Z",
    );
    expect(
      resolveDateRange({ type: "ytd", range: null }, newYearEve, "Asia/Tokyo").start.toISOString(),
    ).toBe("2025-12-31T15:00:00.000Z");
  });

  it.each([
    ["2026-08-31T12:00:00Z", 6, "2026-02-28T12:00:00.000Z"],
    ["2028-08-31T12:00:00Z", 6, "2028-02-29T12:00:00.000Z"],
    ["2028-02-29T12:00:00Z", 12, "2027-02-28T12:00:00.000Z"],
    ["2026-01-15T12:00:00Z", 6, "2025-07-15T12:00:00.000Z"],
  ])("months clamp to the target month: %s - %i months = %s (UTC)", (at, months, start) => {
    expect(subZonedMonths(new Date(at), months, "UTC").toISOString()).toBe(start);
  });

  it("resolves every supported zone without error", () => {
    for (const zone of supportedTimeZones) {
      const { start, end } = resolveDateRange({ type: "today", range: null }, now, zone.id);
      expect(end.getTime() - start.getTime()).toBeLessThan(86_400_000);
      expect(wallClock(start, zone.id)).toMatchObject({ hour: 0, minute: 0 });
    }
  });

  it("rejects an unknown zone rather than guessing", () => {
    expect(() => resolveDateRange({ type: "today", range: null }, now, "Mars/Olympus")).toThrow(
      RangeError,
    );
  });
});

describe("wall-clock helpers around DST changes (New York)", () => {
  const NY = "America/New_York";
  const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({
    year,
    month,
    day,
    hour,
    minute,
    second: 0,
    millisecond: 0,
  });
  it.each([
    ["a normal winter time", wall(2026, 1, 15, 9), "2026-01-15T14:00:00.000Z"],
    [
      "a skipped time moves forward past the gap",
      wall(2026, 3, 8, 2, 30),
      "2026-03-08T07:30:00.000Z",
    ],
    [
      "a repeated time takes the earlier instant",
      wall(2026, 11, 1, 1, 30),
      "2026-11-01T05:30:00.000Z",
    ],
    ["day overflow normalises", wall(2026, 2, 29, 0), "2026-03-01T05:00:00.000Z"],
  ])("%s", (_, w, expected) => {
    expect(fromWallClock(w, NY).toISOString()).toBe(expected);
  });

  it("midnight on the fall-back day is 24 + 1 hours before the next midnight", () => {
    const start = startOfZonedDay(new Date("2026-11-01T12:00:00Z"), NY).getTime();
    const next = startOfZonedDay(new Date("2026-11-02T12:00:00Z"), NY).getTime();
    expect((next - start) / 3_600_000).toBe(25);
  });

  it("day indexes count calendar days in the zone", () => {
    const lateSunday = Date.parse("2026-03-09T03:30:00Z"); // 23:30 Sunday 8 March in New York, Monday in UTC
    const earlyMonday = Date.parse("2026-03-09T04:30:00Z"); // 00:30 Monday in New York
    expect(zonedDayIndex(earlyMonday, NY) - zonedDayIndex(lateSunday, NY)).toBe(1);
    expect(zonedDayIndex(earlyMonday, "UTC") - zonedDayIndex(lateSunday, "UTC")).toBe(0);
  });
});

describe("custom ranges from date inputs", () => {
  it("spans whole days in the zone", () => {
    expect(customRangeFromDates("2026-03-01", "2026-03-31", LA)).toEqual({
      start: "2026-03-01T08:00:00.000Z",
      end: "2026-04-01T06:59:59.999Z",
    });
    expect(customRangeFromDates("2026-03-05", "2026-03-05", "UTC")).toEqual({
      start: "2026-03-05T00:00:00.000Z",
      end: "2026-03-05T23:59:59.999Z",
    });
  });
  it.each([
    ["2026-03-05", "2026-03-04"],
    ["2026-02-30", "2026-03-04"],
    ["2026-3-5", "2026-03-06"],
    ["", ""],
  ])("refuses %j to %j", (start, end) => {
    expect(customRangeFromDates(start, end, LA)).toBeNull();
  });
});

describe("dateRangeLabel", () => {
  it.each([
    [{ type: "today", range: null }, "Today"],
    [{ type: "7days", range: null }, "Last 7 days"],
    [{ type: "30days", range: null }, "Last 30 days"],
    [{ type: "90days", range: null }, "Last 90 days"],
    [{ type: "6months", range: null }, "Last 6 months"],
    [{ type: "1year", range: null }, "Last year"],
    [{ type: "ytd", range: null }, "Year to date"],
    [{ type: "alltime", range: null }, "All time"],
    [
      {
        type: "custom",
        range: { start: "2026-03-01T08:00:00.000Z", end: "2026-04-01T06:59:59.999Z" },
      },
      "Custom (Mar 1, 2026 - Mar 31, 2026)",
    ],
    [
      { start: "2026-03-01T08:00:00.000Z", end: "2026-04-01T06:59:59.999Z" },
      "Custom (Mar 1, 2026 - Mar 31, 2026)",
    ],
    [
      { type: "7days", start: "2026-03-01T08:00:00.000Z", end: "2026-04-01T06:59:59.999Z" },
      "Last 7 days",
    ],
    [{ type: "fortnight", range: null }, "Last 30 days"],
    [null, "Last 30 days"],
  ])("%j -> %s", (input, label) => {
    expect(dateRangeLabel(input, LA)).toBe(label);
  });

  it("shows custom dates in the organisation's zone", () => {
    const range = {
      type: "custom",
      range: { start: "2026-03-01T08:00:00.000Z", end: "2026-04-01T06:59:59.999Z" },
    };
    expect(dateRangeLabel(range, "Asia/Tokyo")).toBe("Custom (Mar 1, 2026 - Apr 1, 2026)");
  });

  it("offers every type in order", () => {
    expect(dateRangeOptions.map((o) => o.label)).toEqual([
      "Today",
      "Last 7 days",
      "Last 30 days",
      "Last 90 days",
      "Last 6 months",
      "Last year",
      "Year to date",
      "All time",
      "Custom",
    ]);
  });
});

describe("the Reports list's From and To, on the organisation's calendar", () => {
  // 23:30 UTC on 1 December is already 2 December in Tokyo and still 1 December in Los Angeles.
  const at = Date.parse("2026-12-01T23:30:00.000Z");

  it("names today as the organisation's calendar does, whatever the browser's zone", () => {
    expect(zonedDateInputValue(at, "Asia/Tokyo")).toBe("2026-12-02");
    expect(zonedDateInputValue(at, LA)).toBe("2026-12-01");
    expect(zonedDateInputValue(at, "UTC")).toBe("2026-12-01");
  });

  it("keeps a row made this morning in Tokyo when To is Tokyo's today", () => {
    expect(onZonedDays(at, "", "2026-12-02", "Asia/Tokyo")).toBe(true);
    expect(onZonedDays(at, "2026-12-02", "2026-12-02", "Asia/Tokyo")).toBe(true);
    // The UTC date the list used to default to ends 15 hours earlier in Tokyo.
    expect(onZonedDays(at, "", "2026-12-01", "Asia/Tokyo")).toBe(false);
  });

  it("bounds each side by whole days, either side left open when empty or malformed", () => {
    const tokyoMidnight = Date.parse("2026-12-01T15:00:00.000Z");
    expect(onZonedDays(tokyoMidnight, "2026-12-02", "", "Asia/Tokyo")).toBe(true);
    expect(onZonedDays(tokyoMidnight - 1, "2026-12-02", "", "Asia/Tokyo")).toBe(false);
    expect(onZonedDays(tokyoMidnight - 1, "", "2026-12-01", "Asia/Tokyo")).toBe(true);
    expect(onZonedDays(tokyoMidnight, "", "2026-12-01", "Asia/Tokyo")).toBe(false);
    expect(onZonedDays(at, "", "", LA)).toBe(true);
    expect(onZonedDays(at, "2026-02-30", "not a day", LA)).toBe(true);
    expect(onZonedDays(at, "2026-12-03", "2026-12-01", LA)).toBe(false);
  });
});
