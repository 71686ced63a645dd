import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeAnalyticsClient } from "../../../worker/providers/youtube/analytics";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import type { YouTubeError } from "../../../worker/providers/youtube/errors";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import {
  channelByHandle,
  uploadSequences,
  videoAt,
  videoById,
} from "../../../worker/sandbox/youtube/catalog";
import { UNREPORTED_RECENT_DAYS } from "../../../worker/sandbox/youtube-analytics/data";

/*
 * The YouTube Analytics emulator through our client, as the owner of @demomedia-clips sees it:
 * exact daily figures that agree with the public counts the Data API emulator gives, the
 * top-videos report paged by 200, and the refusals of a request that is not the owner's.
 */

const noWait = { sleep: async () => undefined, maxRetries: 0 };
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const owner = () =>
  new YouTubeAnalyticsClient(
    accessTokenFor("demomedia-clips@gmail.com"),
    providerFetch(env),
    noWait,
  );
const failure = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error as YouTubeError;
  }
  throw new Error("expected a failure");
};

describe("YouTube Analytics emulator and client", () => {
  it("a video's daily views from its publish day add up to its public count", async () => {
    const yt = new YouTubeClient("AIza-sandbox-good-key", providerFetch(env), noWait);
    const channel = (await yt.channelByHandle("@demomedia-clips"))!;
    const [id] = (await yt.uploadIds(channel.uploadsPlaylistId!)).slice(5, 6);
    const [video] = await yt.videos([id!]);
    const publishDay = isoDay(video!.publishDate.getTime());
    const today = isoDay(Date.now());
    const days = await owner().daily(publishDay, today, id);
    // Days close at midnight UTC, and the most recent closed days are not reported yet ("The
    // response for a query with the `day` dimension will not contain rows for the most recent
    // days", QueryResponse.rows): the answer runs from the publish day to three days ago.
    const lastReported = isoDay(Date.now() - (1 + UNREPORTED_RECENT_DAYS) * DAY);
    expect(UNREPORTED_RECENT_DAYS).toBe(2);
    expect(days[0]!.date).toBe(publishDay);
    expect(days.at(-1)!.date).toBe(lastReported);
    expect(days).toHaveLength(
      Math.round((Date.parse(lastReported) - Date.parse(publishDay)) / DAY) + 1,
    );
    const sum = days.reduce((s, d) => s + d.views, 0);
    // The public count keeps growing today, so it is at least the closed days' sum.
    expect(sum).toBeLessThanOrEqual(video!.views);
    expect(sum).toBeGreaterThan(0);
    for (const d of days) {
      expect(d.estimatedMinutesWatched).toBe(Math.round((d.views * d.averageViewDuration) / 60));
      expect(d.averageViewDuration).toBeLessThanOrEqual(video!.durationSeconds!);
      expect(d.subscribersLost).toBeLessThanOrEqual(d.subscribersGained);
    }
  });

  it("the channel's days sum its videos' days; the top-videos report pages by 200", async () => {
    const client = owner();
    const from = isoDay(Date.now() - 10 * DAY);
    const to = isoDay(Date.now() - 3 * DAY);
    const channelDays = await client.daily(from, to);
    expect(channelDays.map((d) => d.date)[0]).toBe(from);
    expect(channelDays).toHaveLength(8);
    // Days not reported yet are left out of the day report and the top-videos report alike.
    expect(await client.daily(isoDay(Date.now() - 2 * DAY), isoDay(Date.now() - DAY))).toEqual([]);
    expect(
      await client.videoTotals(isoDay(Date.now() - 2 * DAY), isoDay(Date.now() - DAY)),
    ).toEqual([]);
    // The clips channel has had hundreds of uploads: full pages of 200, then the rest.
    const pages = [await client.videoTotals(from, to)];
    while (pages.at(-1)!.length === 200)
      pages.push(await client.videoTotals(from, to, 1 + 200 * pages.length));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toHaveLength(200);
    const all = pages.flat();
    expect(new Set(all.map((v) => v.videoId)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.views).toBeLessThanOrEqual(all[i - 1]!.views);
    expect(all.reduce((s, v) => s + v.views, 0)).toBe(channelDays.reduce((s, d) => s + d.views, 0));
    expect(client.requests).toBe(3 + pages.length);
  });

  it("answers the owner's uploads that have left the public uploads playlist", async () => {
    const channel = channelByHandle("demomedia-clips")!;
    const { oldest } = uploadSequences(channel, Date.now());
    expect(oldest).toBeGreaterThan(0);
    const gone = videoAt(channel, 0);
    // The Data API no longer lists it; its owner's history still holds it.
    expect(videoById(gone.id, Date.now())).toBeNull();
    const first = isoDay(gone.publishedAt);
    const days = await owner().daily(first, isoDay(gone.publishedAt + 6 * DAY), gone.id);
    expect(days.map((d) => d.date)[0]).toBe(first);
    expect(days.reduce((sum, d) => sum + d.views, 0)).toBeGreaterThan(0);
  });

  it("a 200 carrying `errors` is a failure to retry, not an empty table", async () => {
    // QueryResponse.errors: "When set, indicates that the operation failed." The emulator's
    // failed-report account answers column headers, no rows, and `errors`.
    const client = new YouTubeAnalyticsClient(
      accessTokenFor("failed-report@gmail.com"),
      providerFetch(env),
      { sleep: async () => undefined, maxRetries: 2 },
    );
    const from = isoDay(Date.now() - 10 * DAY);
    const to = isoDay(Date.now() - 3 * DAY);
    for (const work of [() => client.daily(from, to), () => client.videoTotals(from, to)]) {
      const error = await failure(work);
      expect(error).toMatchObject({
        kind: "unavailable",
        status: 200,
        retryable: true,
        message:
          "YouTube Analytics reported that the report failed: The query could not be completed. Try again later.",
      });
    }
    // Retried as an unavailable service is: three requests for each report.
    expect(client.requests).toBe(6);
  });

  it("refuses another person's channel (403), no token (401) and a bad query (400)", async () => {
    const fetcher = providerFetch(env);
    const clips = await owner().videoTotals(isoDay(Date.now() - 3 * DAY), isoDay(Date.now() - DAY));
    const stranger = new YouTubeAnalyticsClient(
      accessTokenFor("someone-else@gmail.com"),
      fetcher,
      noWait,
    );
    expect(
      await failure(() => stranger.daily("2026-01-01", "2026-01-07", clips[0]!.videoId)),
    ).toMatchObject({ kind: "forbidden", status: 403 });
    expect(
      await failure(() =>
        new YouTubeAnalyticsClient("", fetcher, noWait).daily("2026-01-01", "2026-01-07"),
      ),
    ).toMatchObject({ kind: "forbidden", status: 401 });
    expect(await failure(() => owner().daily("2026-01-07", "2026-01-01"))).toMatchObject({
      kind: "bad_request",
      status: 400,
    });
  });
});
