import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  firstWindowFromDaily,
  firstWindowFromSnapshots,
  trailing,
  trailingAll,
  trailingVideo,
} from "../../shared/metrics";

const history = (start: string, values: number[]) =>
  values.map((value, i) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10),
    value,
  }));

describe("trailing windows", () => {
  it("subtracts the snapshot N days before the newest", () => {
    const s = history("2026-11-01", [100, 110, 130, 160, 200, 250, 310, 380, 460]);
    expect(trailing(s, 1)).toBe(80);
    expect(trailing(s, 7)).toBe(460 - 110);
  });

  it("uses the nearest snapshot at or before the target day when days are missing", () => {
    const s = [
      { date: "2026-10-01", value: 10 },
      { date: "2026-10-20", value: 50 },
      { date: "2026-11-22", value: 90 },
    ];
    // Target for 1W is 2026-11-15: nearest at or before is 2026-10-20.
    expect(trailing(s, 7)).toBe(40);
    expect(trailing(s, 30)).toBe(40);
    expect(trailing(s, 45)).toBe(80);
  });

  it("gives no value, not 0, without enough history", () => {
    const s = history("2026-11-20", [5, 6, 7]);
    expect(trailingAll(s)).toEqual({ "1d": 1, "1w": null, "1m": null, "1y": null });
    expect(trailing([], 1)).toBeNull();
  });
});

describe("a video's trailing windows", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");
  const reading = (iso: string, value: number) => ({
    date: iso.slice(0, 10),
    at: Date.parse(iso),
    value,
  });
  const readings = [
    reading("2026-11-14T08:00:00Z", 300),
    reading("2026-11-15T03:00:00Z", 400),
    reading("2026-11-15T21:00:00Z", 450),
    reading("2026-11-21T09:00:00Z", 900),
  ];
  it("subtracts the latest reading on or before the day N days ago", () => {
    const published = Date.parse("2026-10-01T00:00:00Z");
    // 1W: the day is 2026-11-15; its latest reading (21:00) counts.
    expect(trailingVideo(readings, 1000, published, 7, now)).toBe(550);
    expect(trailingVideo(readings, 1000, published, 1, now)).toBe(100);
    // 1M: nothing as old as 2026-10-23 while the video was already public: no value.
    expect(trailingVideo(readings, 1000, published, 30, now)).toBeNull();
  });
  it("counts every view of a video published after that day", () => {
    const published = Date.parse("2026-11-16T00:00:00Z");
    expect(trailingVideo(readings, 1000, published, 7, now)).toBe(1000);
    // Published on the day itself: it had views by the end of it that we never read.
    expect(trailingVideo([], 1000, Date.parse("2026-11-15T23:00:00Z"), 7, now)).toBeNull();
  });
  it("never goes negative when a count is corrected down", () => {
    expect(trailingVideo(readings, 800, Date.parse("2026-10-01T00:00:00Z"), 1, now)).toBe(0);
  });
});

describe("first windows from daily downloads", () => {
  const publish = Date.parse("2026-11-01T15:00:00Z");
  const daily = history("2026-11-01", [100, 50, 20, 10, 5, 5, 5, 2]).map((d) => ({
    date: d.date,
    downloads: d.value,
  }));
  const now = Date.parse("2026-11-22T00:00:00Z");
  it("sums the first 1, 2 and 7 days, the publish day being the first", () => {
    expect(firstWindowFromDaily(daily, publish, 1, now)).toBe(100);
    expect(firstWindowFromDaily(daily, publish, 2, now)).toBe(150);
    expect(firstWindowFromDaily(daily, publish, 7, now)).toBe(195);
  });
  it("has no value while the window is still open", () => {
    expect(firstWindowFromDaily(daily, publish, 7, publish + 3 * DAY_MS)).toBeNull();
  });
});

describe("first windows from hourly view snapshots", () => {
  const publish = Date.parse("2026-11-10T12:00:00Z");
  const h = (hours: number) => publish + hours * 3_600_000;
  it("interpolates between the snapshots around the mark", () => {
    const snaps = [
      { at: h(22), value: 900 },
      { at: h(23), value: 950 },
      { at: h(26), value: 1090 },
    ];
    // 24 h lies a third of the way from 23 h (950) to 26 h (1090).
    expect(firstWindowFromSnapshots(snaps, publish, 24)).toBe(997);
  });
  it("takes an exact snapshot at the mark, and treats publish time as 0 views", () => {
    expect(firstWindowFromSnapshots([{ at: h(24), value: 777 }], publish, 24)).toBe(777);
    expect(firstWindowFromSnapshots([{ at: h(2), value: 300 }], publish, 1)).toBe(150);
  });
  it("has no value before a snapshot after the mark exists", () => {
    expect(firstWindowFromSnapshots([{ at: h(10), value: 400 }], publish, 24)).toBeNull();
  });
  it("does not bridge a gap wider than a quarter of the window", () => {
    // First seen two days after publishing: no first-24H figure, rather than a straight-line guess.
    expect(firstWindowFromSnapshots([{ at: h(48), value: 1000 }], publish, 24)).toBeNull();
    expect(
      firstWindowFromSnapshots(
        [
          { at: h(20), value: 800 },
          { at: h(30), value: 1300 },
        ],
        publish,
        24,
      ),
    ).toBeNull();
    // Daily readings are close enough for the 7-day mark (gap 24 h, limit 42 h).
    expect(
      firstWindowFromSnapshots(
        [
          { at: h(150), value: 5000 },
          { at: h(174), value: 5600 },
        ],
        publish,
        168,
      ),
    ).toBe(5450);
  });
});
