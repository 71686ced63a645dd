/*
 * Metric windows (ARCHITECTURE section 5). Pure functions over snapshot history, shared by the
 * ingestion jobs (which store the results on the entity rows) and the tests.
 */

export const DAY_MS = 86_400_000;
export const TRAILING_WINDOWS = { "1d": 1, "1w": 7, "1m": 30, "1y": 365 } as const;
export type TrailingWindow = keyof typeof TRAILING_WINDOWS;
export const FIRST_WINDOWS = { "24h": 1, "48h": 2, "7d": 7 } as const;
export type FirstWindow = keyof typeof FIRST_WINDOWS;

/** A cumulative value (total views or downloads) at the end of a UTC day. */
export type DailySnapshot = { date: string; value: number };

/** A UTC calendar day as days since 1970-01-01 (how the history tables store days), and back. */
export const dayNumber = (isoDate: string) =>
  Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
export const dayDate = (day: number) => isoDate(day * DAY_MS);
/** The first instant (epoch ms) of a UTC calendar day: day ranges over capture times. */
export const dayStartMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Trailing N days = the newest snapshot minus the snapshot N days earlier (the nearest one at or
 * before that day). Without history that far back there is no value: null, never 0.
 * `snapshots` must be sorted by date ascending.
 */
export function trailing(snapshots: DailySnapshot[], days: number): number | null {
  const newest = snapshots.at(-1);
  if (!newest) return null;
  const target = dayNumber(newest.date) - days;
  let base: DailySnapshot | undefined;
  for (const s of snapshots) {
    if (dayNumber(s.date) <= target) base = s;
    else break;
  }
  return base ? Math.max(0, newest.value - base.value) : null;
}

/**
 * A video's trailing N days: its current views minus the latest reading taken on or before the
 * day N days before `nowMs` (several readings a day while it is young: the latest counts). A
 * video published after that day had 0 views then, so the window holds all its views; one
 * published on or before it without a reading then has no value. (worker/features/ingestion/
 * windows.ts computes the same in SQL for whole channels.)
 */
export function trailingVideo(
  readings: Array<{ date: string; at: number; value: number }>,
  current: number,
  publishMs: number,
  days: number,
  nowMs: number,
): number | null {
  const target = isoDate(nowMs - days * DAY_MS);
  if (isoDate(publishMs) > target) return current;
  const base = readings
    .filter((r) => r.date <= target)
    .sort((a, b) => a.at - b.at)
    .at(-1);
  return base ? Math.max(0, current - base.value) : null;
}

export function trailingAll(snapshots: DailySnapshot[]): Record<TrailingWindow, number | null> {
  return {
    "1d": trailing(snapshots, 1),
    "1w": trailing(snapshots, 7),
    "1m": trailing(snapshots, 30),
    "1y": trailing(snapshots, 365),
  };
}

/**
 * First-window downloads from daily downloads (Simplecast): the publish day counts as day 1, so
 * "first 24H" is the publish day, "48H" the first two days and "7D" the first seven. Exact to the
 * day. A window that has not closed yet has no value (it is still growing).
 */
export function firstWindowFromDaily(
  daily: Array<{ date: string; downloads: number }>,
  publishMs: number,
  days: number,
  nowMs: number,
): number | null {
  if (nowMs < publishMs + days * DAY_MS) return null;
  const first = Math.floor(publishMs / DAY_MS);
  return daily
    .filter((d) => {
      const n = dayNumber(d.date);
      return n >= first && n < first + days;
    })
    .reduce((sum, d) => sum + d.downloads, 0);
}

/** A cumulative reading of a video's views at an instant (hourly snapshots of young videos). */
export type TimedSnapshot = { at: number; value: number };

/**
 * The widest gap between the two readings around a mark that interpolation may bridge: a quarter
 * of the window, at least two hours (24H: 6 h, 48H: 12 h, 7D: 42 h). Views grow fastest just after
 * publishing, so a straight line over a longer gap would be a guess rather than a measurement.
 */
export const maxInterpolationGapMs = (hours: number) => Math.max(2, hours / 4) * 3_600_000;

/**
 * First-window views from timed snapshots (YouTube only gives current totals). The rule:
 * - the value at publish + window is interpolated linearly between the last reading at or before
 *   the mark and the first one after it (a reading exactly at the mark is taken as is);
 * - the moment of publishing counts as a reading of 0 views;
 * - no value (null) while no reading at or after the mark exists, or when the two readings are
 *   further apart than maxInterpolationGapMs (e.g. a video first seen five days after publishing
 *   has no first-24H figure, though its first-7D may have one).
 */
export function firstWindowFromSnapshots(
  snapshots: TimedSnapshot[],
  publishMs: number,
  hours: number,
): number | null {
  const mark = publishMs + hours * 3_600_000;
  const sorted = [{ at: publishMs, value: 0 }, ...snapshots.filter((s) => s.at > publishMs)].sort(
    (a, b) => a.at - b.at,
  );
  const afterIndex = sorted.findIndex((s) => s.at >= mark);
  if (afterIndex === -1) return null;
  const after = sorted[afterIndex]!;
  if (after.at === mark) return after.value;
  const before = sorted[afterIndex - 1]!;
  if (after.at - before.at > maxInterpolationGapMs(hours)) return null;
  const share = (mark - before.at) / (after.at - before.at);
  return Math.round(before.value + (after.value - before.value) * share);
}
