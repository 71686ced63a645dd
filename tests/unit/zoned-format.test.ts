import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateRangeLabel } from "../../shared/date-ranges";
import { formatCreatedAt, scheduleLabel } from "../../shared/schedule";
import { zonedDateLabel, zonedTimeLabel } from "../../shared/zoned-format";

/*
 * The machine's own zone must not leak into the organisation's clock. The process runs in New
 * York here, where 2:00-2:59 AM does not exist on 2026-03-08: a formatter that builds a local Date
 * from the organisation's wall time moves those times an hour on.
 */
const machineZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/New_York";
});
afterAll(() => {
  process.env.TZ = machineZone;
});

const daily = { frequency: "daily", dayOfWeek: null, dayOfMonth: null } as const;

describe("formatting on the organisation's clock, with the machine in New York", () => {
  it("runs in a machine zone that really skips 2:30 AM on 2026-03-08", () => {
    expect(new Date(2026, 2, 8, 2, 30).getHours()).toBe(3);
  });

  it("labels 12:00 UTC in Honolulu as 2:00 AM on New York's spring-forward day", () => {
    const day = new Date("2026-03-08T12:00:00Z");
    expect(scheduleLabel({ ...daily, scheduledTime: "12:00" }, "Pacific/Honolulu", day)).toBe(
      "Daily at 2:00 AM",
    );
  });

  it.each([
    ["Pacific/Honolulu", "2026-03-08T12:30:00Z", "Mar 8, 2026 2:30 AM HST"],
    ["America/Phoenix", "2026-03-08T09:15:00Z", "Mar 8, 2026 2:15 AM MST"],
    ["Europe/London", "2026-03-08T02:45:00Z", "Mar 8, 2026 2:45 AM GMT"],
    ["America/New_York", "2026-03-08T07:30:00Z", "Mar 8, 2026 3:30 AM EDT"],
    ["America/Los_Angeles", "2026-11-01T08:30:00Z", "Nov 1, 2026 1:30 AM PDT"],
    ["America/Los_Angeles", "2026-11-01T09:30:00Z", "Nov 1, 2026 1:30 AM PST"],
  ])("created time in %s at %s reads %s", (zone, at, text) => {
    expect(formatCreatedAt(new Date(at), zone)).toBe(text);
  });

  it("writes midnight and noon as 12", () => {
    expect(zonedTimeLabel(Date.parse("2026-01-01T00:00:00Z"), "UTC")).toBe("12:00 AM");
    expect(zonedTimeLabel(Date.parse("2026-01-01T12:05:00Z"), "UTC")).toBe("12:05 PM");
  });

  it("labels custom date ranges by the organisation's day", () => {
    expect(zonedDateLabel(Date.parse("2026-03-08T07:30:00Z"), "America/Los_Angeles")).toBe(
      "Mar 7, 2026",
    );
    const range = {
      type: "custom",
      range: { start: "2026-03-08T07:30:00.000Z", end: "2026-03-09T06:59:59.999Z" },
    };
    expect(dateRangeLabel(range, "Pacific/Honolulu")).toBe("Custom (Mar 7, 2026 - Mar 8, 2026)");
  });
});
