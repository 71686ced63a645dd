import { DAY_MS, prng } from "../seeded";
import {
  channelByHandle,
  latestSequence,
  type SandboxChannel,
  type SandboxVideo,
  videoAt,
  videoStats,
} from "../youtube/catalog";

/*
 * The owner's view of an emulated channel (YouTube Analytics): exact daily figures from the same
 * deterministic timeline as the public counts of the Data API emulator, so a day's views are the
 * growth of the public count over that UTC day and their sum up to a day equals the public count
 * then. (YouTube reports days in Pacific time; the emulator uses UTC, as the rest of Crosscast.)
 */

export const ANALYTICS_METRICS = [
  "views",
  "estimatedMinutesWatched",
  "averageViewDuration",
  "subscribersGained",
  "subscribersLost",
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
export type DayFigures = Record<AnalyticsMetric, number>;

const dayStart = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`);
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The channel a Google account owns: its address's local part is the handle, so the sandbox
 * account demomedia-daily@gmail.com owns @demomedia-daily. Addresses that name no valid handle
 * own no channel.
 */
export function channelOwnedBy(account: string): SandboxChannel | null {
  const local = account.split("@")[0] ?? "";
  return channelByHandle(local);
}

/** The share of a video that a view watches on average: fixed per video, 30-55%. */
const watchedShare = (video: SandboxVideo) => 0.3 + 0.25 * prng(video.sequence * 31 + 7)();

/** One video's figures for one UTC day (zero before publishing). */
export function videoDay(video: SandboxVideo, day: string): DayFigures {
  const start = dayStart(day);
  const views = videoStats(video, start + DAY_MS).viewCount - videoStats(video, start).viewCount;
  const averageViewDuration = Math.round(video.durationSeconds * watchedShare(video));
  const subscribersGained = Math.round(views / 150);
  return {
    views,
    estimatedMinutesWatched: Math.round((views * averageViewDuration) / 60),
    averageViewDuration: views > 0 ? averageViewDuration : 0,
    subscribersGained,
    subscribersLost: Math.round(subscribersGained * 0.08),
  };
}

/** Figures of several videos added up (the average duration weighted by views). */
export function combine(parts: DayFigures[]): DayFigures {
  const sum = (key: AnalyticsMetric) => parts.reduce((s, p) => s + p[key], 0);
  const views = sum("views");
  const weighted = parts.reduce((s, p) => s + p.averageViewDuration * p.views, 0);
  return {
    views,
    estimatedMinutesWatched: sum("estimatedMinutesWatched"),
    averageViewDuration: views > 0 ? Math.round(weighted / views) : 0,
    subscribersGained: sum("subscribersGained"),
    subscribersLost: sum("subscribersLost"),
  };
}

/** Every upload of the channel public by the end of `day` (listed or no longer: owners see all). */
export function uploadsBy(channel: SandboxChannel, day: string): SandboxVideo[] {
  const latest = latestSequence(channel, dayStart(day) + DAY_MS - 1);
  const out: SandboxVideo[] = [];
  for (let s = 0; s <= latest; s++) out.push(videoAt(channel, s));
  return out;
}

/**
 * How many closed days YouTube has not reported yet. The Analytics API's QueryResponse.rows:
 * "The response for a query with the `day` dimension will not contain rows for the most recent
 * days." The document gives no number; two keeps the emulator honest about the lag without
 * hiding most of a week.
 */
export const UNREPORTED_RECENT_DAYS = 2;

/** The last day YouTube reports at `now`: yesterday closed, less the recent days not in yet. */
export const lastReportedDay = (now: number) => isoDay(now - (1 + UNREPORTED_RECENT_DAYS) * DAY_MS);

/** The days from `from` to `to`, inclusive, that YouTube reports by `now`. */
export function reportedDays(from: string, to: string, now: number): string[] {
  const last = lastReportedDay(now);
  const days: string[] = [];
  for (let d = dayStart(from); d <= dayStart(to) && isoDay(d) <= last; d += DAY_MS)
    days.push(isoDay(d));
  return days;
}
