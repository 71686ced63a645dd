import { describe, expect, it } from "vitest";
import { overviewPeriod, zonedDay } from "../../shared/overview-period";
import { dailyTotals, onPeriodCalendar } from "../../worker/features/overview/daily";

/*
 * Snapshots carry the UTC day they were taken on; the overview counts on the organisation's
 * calendar. At 00:38 UTC on 24 November it is still the 23rd in New York, and the channel's only
 * snapshot is keyed the 24th.
 */
const now = new Date("2026-11-24T00:38:00Z");
const newYork = "America/New_York";
const snapshot = { entityId: "channel", date: "2026-11-24", value: 1_200 };

describe("the overview's calendar against the snapshots' UTC days", () => {
  it("counts a snapshot keyed by tomorrow's UTC day in a period that ends on the organisation's today", () => {
    const today = zonedDay(now, newYork);
    expect(today).toBe("2026-11-23");
    const period = overviewPeriod({ type: "alltime" }, now, newYork, "2026-11-24");
    expect(period).toMatchObject({ from: "2026-11-23", to: "2026-11-23" });
    const rows = onPeriodCalendar([snapshot], period.to, today);
    expect(dailyTotals(rows, period.from, period.to).level.get("2026-11-23")).toBe(1_200);
    // Without the fold the period holds no figure at all (what the dashboard showed).
    expect(dailyTotals([snapshot], period.from, period.to).level.size).toBe(0);
  });

  it("never counts two days' growth on the last day: a channel with its own snapshot there keeps it", async () => {
    const rows = onPeriodCalendar(
      [
        { entityId: "old", date: "2026-11-22", value: 1_000 },
        { entityId: "old", date: "2026-11-23", value: 1_100 },
        { entityId: "old", date: "2026-11-24", value: 1_200 },
        { entityId: "new", date: "2026-11-24", value: 50 },
      ],
      "2026-11-23",
      "2026-11-23",
    );
    const totals = dailyTotals(rows, "2026-11-22", "2026-11-23");
    // One day's growth (100), not two (200); the new channel's level is there from its first day.
    expect(totals.growth.get("2026-11-23")).toBe(100);
    expect(totals.level.get("2026-11-23")).toBe(1_100 + 50);
  });

  it("leaves a period that ended before today alone", () => {
    expect(onPeriodCalendar([snapshot], "2026-11-20", "2026-11-23")).toEqual([snapshot]);
  });
});
