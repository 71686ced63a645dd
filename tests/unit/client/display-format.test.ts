import { describe, expect, it } from "vitest";
import {
  formatChange,
  formatCompact,
  formatCount,
  formatDateIn,
  formatHours,
  formatShortDayIn,
} from "../../../client/lib/format";

// The shared formatters replaced per-call toLocaleString(); they must print exactly what it did.
describe("display formatters", () => {
  it("print counts with US grouping, as toLocaleString('en-US') did", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-9876)).toBe("-9,876");
    for (const v of [5, 999, 1000, 48213, 10 ** 9])
      expect(formatCount(v)).toBe(v.toLocaleString("en-US"));
  });

  it("print watch time as hours with one decimal, as toLocaleString(undefined, ...) did", () => {
    expect(formatHours(0)).toBe("0");
    expect(formatHours(90)).toBe((1.5).toLocaleString());
    for (const minutes of [1, 59, 61, 6000, 123_456_789])
      expect(formatHours(minutes)).toBe(
        (Math.round(minutes / 6) / 10).toLocaleString(undefined, { maximumFractionDigits: 1 }),
      );
  });

  it("write a change one way everywhere: the amount, then its share, with a true minus", () => {
    expect(formatChange(-1567, -0.7)).toBe("\u22121,567 (\u22120.7%)");
    expect(formatChange(100, 50)).toBe("+100 (+50.0%)");
    expect(formatChange(0, 0)).toBe("\u00b10 (\u00b10.0%)");
    expect(formatChange(12, null)).toBe("+12");
  });

  it("print compact axis ticks", () => {
    expect(formatCompact(950)).toBe("950");
    expect(formatCompact(12000)).toBe("12K");
    expect(formatCompact(1_500_000)).toBe("1.5M");
  });

  it("print dates in the reader's locale on the organisation's calendar", () => {
    const at = "2026-11-23T18:40:12.000Z";
    expect(formatDateIn(at, "UTC")).toBe(
      new Date(at).toLocaleDateString(undefined, { timeZone: "UTC" }),
    );
    // 02:30 UTC on the 24th is still the 23rd in Los Angeles and already the 24th in Tokyo.
    const night = "2026-11-24T02:30:00.000Z";
    expect(formatDateIn(night, "America/Los_Angeles")).toBe(
      new Date(Date.UTC(2026, 10, 23, 12)).toLocaleDateString(undefined, { timeZone: "UTC" }),
    );
    expect(formatDateIn(night, "Asia/Tokyo")).toBe(
      new Date(Date.UTC(2026, 10, 24, 12)).toLocaleDateString(undefined, { timeZone: "UTC" }),
    );
  });

  it("print a day in the organisation's time zone, whichever zone asked first", () => {
    const lateEveningInLA = Date.parse("2026-11-24T04:30:00Z");
    expect(formatShortDayIn(lateEveningInLA, "America/Los_Angeles")).toBe("Nov 23, 2026");
    expect(formatShortDayIn(lateEveningInLA, "Europe/Paris")).toBe("Nov 24, 2026");
    expect(formatShortDayIn(lateEveningInLA, "America/Los_Angeles")).toBe("Nov 23, 2026");
  });
});
