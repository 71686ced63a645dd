import { describe, expect, it } from "vitest";
import {
  deferralDelaySeconds,
  mayDefer,
  RATE_LIMIT_PATIENCE_MS,
} from "../../worker/features/reports/rate-limit-deferral";

describe("a scheduled export sent back for Google's request quota", () => {
  it("waits a minute the first time, doubling up to a quarter of an hour, spread by half either way", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => deferralDelaySeconds(n, 0.5))).toEqual([
      60, 120, 240, 480, 900, 900, 900,
    ]);
    expect(deferralDelaySeconds(0, 0)).toBe(30);
    expect(deferralDelaySeconds(0, 0.999_999)).toBe(90);
    expect(deferralDelaySeconds(20, 0.999_999)).toBe(1350);
  });

  it("spreads runs refused together over the whole interval", () => {
    const delays = Array.from({ length: 1000 }, () => deferralDelaySeconds(2));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(120);
    expect(Math.max(...delays)).toBeLessThanOrEqual(360);
    // Each fifth of the interval gets some of them.
    for (let fifth = 0; fifth < 5; fifth++) {
      const from = 120 + fifth * 48;
      expect(delays.some((d) => d >= from && d < from + 48)).toBe(true);
    }
  });

  it("may be sent back for six hours from the run's creation, not after", () => {
    const created = new Date("2026-12-01T09:00:00Z");
    expect(mayDefer(created, new Date(created.getTime() + RATE_LIMIT_PATIENCE_MS - 1))).toBe(true);
    expect(mayDefer(created, new Date(created.getTime() + RATE_LIMIT_PATIENCE_MS))).toBe(false);
    expect(RATE_LIMIT_PATIENCE_MS).toBe(6 * 3_600_000);
  });
});
