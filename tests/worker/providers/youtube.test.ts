import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { backoffMs, ProviderError, parseRetryAfter } from "../../../worker/providers/http";
import { type Fetcher, providerFetch } from "../../../worker/providers/transport";
import { fullRefreshQuota, YouTubeClient } from "../../../worker/providers/youtube/client";
import { YouTubeError, youtubeErrorFrom } from "../../../worker/providers/youtube/errors";
import { parseIsoDuration } from "../../../worker/providers/youtube/schemas";
import { failureOf } from "../support/errors";

const noWait = async () => undefined;
const client = (
  key = "AIza-sandbox-good-key",
  opts: ConstructorParameters<typeof YouTubeClient>[2] = {},
) => new YouTubeClient(key, providerFetch(env), { sleep: noWait, ...opts });

const failure = (promise: Promise<unknown>) => failureOf(promise, YouTubeError);

/** The real transport, recording the URLs it was asked for (observing, not replacing, the API). */
function recording(): { fetcher: Fetcher; urls: URL[] } {
  const urls: URL[] = [];
  const inner = providerFetch(env);
  return {
    urls,
    fetcher: (input, init) => {
      urls.push(new URL(input instanceof Request ? input.url : String(input)));
      return inner(input, init);
    },
  };
}

describe("YouTube client against the emulator", () => {
  it("resolves a channel by handle with its uploads playlist and string counts parsed", async () => {
    const { fetcher, urls } = recording();
    const yt = new YouTubeClient("AIza-sandbox-good-key", fetcher);
    const channel = await yt.channelByHandle("@crosscast-studio");
    expect(channel).toMatchObject({ title: "Crosscast Studio", handle: "@crosscast-studio" });
    expect(channel!.uploadsPlaylistId).toBe(`UU${channel!.externalId.slice(2)}`);
    expect(channel!.videoCount).toBeGreaterThanOrEqual(40);
    expect(typeof channel!.subscriberCount).toBe("number");
    expect(yt.quotaUnits).toBe(1);
    expect(urls[0]!.searchParams.get("part")).toBe("snippet,statistics,contentDetails");
    expect(urls[0]!.searchParams.get("forHandle")).toBe("@crosscast-studio");
    const [same] = await yt.channelsById([channel!.externalId]);
    expect(same!.title).toBe(channel!.title);
    expect(urls[1]!.searchParams.get("id")).toBe(channel!.externalId);
  });

  it("answers null for a channel that does not exist (200 without items)", async () => {
    expect(await client().channelByHandle("@missing-channel")).toBeNull();
  });

  it("pages past 50 uploads and fetches statistics in batches of 50, spending the minimum quota", async () => {
    const { fetcher, urls } = recording();
    const yt = new YouTubeClient("AIza-sandbox-good-key", fetcher);
    const channel = (await yt.channelByHandle("@bench-120"))!;
    const ids = await yt.uploadIds(channel.uploadsPlaylistId!);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    const pages = urls.filter((u) => u.pathname.endsWith("/playlistItems"));
    expect(pages.map((u) => u.searchParams.get("maxResults"))).toEqual(["50", "50", "50"]);
    expect(pages[0]!.searchParams.has("pageToken")).toBe(false);
    expect(pages[1]!.searchParams.get("pageToken")).toEqual(expect.any(String));
    const videos = [];
    for (let i = 0; i < ids.length; i += 50)
      videos.push(...(await yt.videos(ids.slice(i, i + 50))));
    expect(videos).toHaveLength(120);
    expect(videos[0]!.publishDate.getTime()).toBeGreaterThan(videos[119]!.publishDate.getTime());
    expect(videos.every((v) => v.publishDate.getTime() <= Date.now())).toBe(true);
    // Every video has its length, but a broadcast still live, which has none yet (P0D).
    const lengthless = videos.filter((v) => v.durationSeconds === null);
    expect(lengthless.length).toBeGreaterThan(0);
    expect(lengthless.length).toBeLessThan(videos.length / 20);
    expect(videos.every((v) => v.durationSeconds === null || v.durationSeconds > 0)).toBe(true);
    // 1 channels.list + 3 playlistItems pages + 3 videos.list batches = 1 + 2 x ceil(120/50).
    expect(yt.quotaUnits).toBe(fullRefreshQuota(120));
    await expect(yt.videos(ids.slice(0, 51))).rejects.toThrow(RangeError);
  });

  it("gives the same videos, dates and titles on every call (a fixed timeline)", async () => {
    const yt = client();
    const channel = (await yt.channelByHandle("@demomedia-daily"))!;
    const first = await yt.videos((await yt.uploadIds(channel.uploadsPlaylistId!)).slice(0, 50));
    const again = await client().videos(first.map((v) => v.externalId));
    expect(again.map((v) => [v.externalId, v.title, v.publishDate.toISOString()])).toEqual(
      first.map((v) => [v.externalId, v.title, v.publishDate.toISOString()]),
    );
    // Same-title re-uploads exist.
    const titles = first.map((v) => v.title);
    expect(new Set(titles).size).toBeLessThan(titles.length);
  });

  it("works against a configured base URL (the API's other host)", async () => {
    const { fetcher, urls } = recording();
    const yt = new YouTubeClient("AIza-sandbox-good-key", fetcher, {
      baseUrl: "https://youtube.googleapis.com/youtube/v3/",
    });
    expect(await yt.channelByHandle("@crosscast-studio")).toMatchObject({
      title: "Crosscast Studio",
    });
    expect(urls[0]!.href.startsWith("https://youtube.googleapis.com/youtube/v3/channels?")).toBe(
      true,
    );
  });

  it("maps both invalid-key formats to the spec's message, without retrying", async () => {
    for (const key of ["sandbox-invalid-key", "sandbox-invalid-legacy-key"]) {
      const yt = client(key);
      const error = await failure(yt.channelByHandle("@anything"));
      expect(error).toMatchObject({
        kind: "invalid_key",
        status: 400,
        message: "Invalid API key or unable to connect to YouTube",
      });
      expect(yt.quotaUnits).toBe(1);
    }
  });

  it("maps quota exhaustion without retrying (the failed call is still billed)", async () => {
    const yt = client("sandbox-quota-exceeded");
    const error = await failure(yt.channelByHandle("@anything"));
    expect(error).toMatchObject({ kind: "quota_exceeded", status: 403 });
    expect(yt.quotaUnits).toBe(1);
  });

  it("retries 429 (honouring Retry-After) and 5xx with backoff, then gives up", async () => {
    const waits: number[] = [];
    const limited = client("sandbox-rate-limited", {
      maxRetries: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    const error = await failure(limited.channelByHandle("@anything"));
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, retryAfterSeconds: 1 });
    expect(waits).toEqual([1000, 1000]);
    expect(limited.quotaUnits).toBe(3);
    const down = client("sandbox-server-error", {
      maxRetries: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(await failure(down.channelByHandle("@anything"))).toMatchObject({
      kind: "unavailable",
      status: 503,
      message: "Failed to connect to YouTube",
    });
    expect(waits.slice(2)).toEqual([500, 1000]);
  });

  it("treats malformed JSON as a retryable failure", async () => {
    const yt = client("sandbox-malformed-json", { maxRetries: 1 });
    expect(await failure(yt.channelByHandle("@anything"))).toMatchObject({
      kind: "malformed",
      message: "YouTube sent a response that could not be read",
    });
    expect(yt.quotaUnits).toBe(2);
  });

  it("times out a provider that does not answer, and retries it", async () => {
    const yt = client("sandbox-timeout", { maxRetries: 1, timeoutMs: 50 });
    expect(await failure(yt.channelByHandle("@anything"))).toMatchObject({
      kind: "timeout",
      status: 0,
      message: "YouTube did not answer in time",
    });
    expect(yt.quotaUnits).toBe(2);
  });

  it("maps 404 answers to not found with YouTube's reason", async () => {
    const res = await providerFetch(env)(
      "https://www.googleapis.com/youtube/v3/playlistItems?part=id&playlistId=UUdoes-not-exist!&key=k",
    );
    expect(youtubeErrorFrom(res.status, await res.json(), null)).toMatchObject({
      kind: "not_found",
      status: 404,
      reason: "playlistNotFound",
    });
  });

  it("leaves out videos YouTube does not know", async () => {
    const yt = client();
    const channel = (await yt.channelByHandle("@crosscast-studio"))!;
    const [id] = await yt.uploadIds(channel.uploadsPlaylistId!);
    expect((await yt.videos([id!, "no-such-video"])).map((v) => v.externalId)).toEqual([id]);
  });
});

describe("retry timing rules", () => {
  it("reads Retry-After as seconds or an HTTP date, and nothing when it is absent", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
  it("backs off exponentially without Retry-After", () => {
    const error = new ProviderError("unavailable", "down", 503);
    expect([0, 1, 2, 3].map((n) => backoffMs(n, error))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(0, new ProviderError("rate_limited", "slow down", 429, 3))).toBe(3000);
  });
});

describe("ISO-8601 durations", () => {
  it.each([
    ["PT12M34S", 754],
    ["PT1H2M3S", 3723],
    ["P1DT2H", 93600],
    ["P0D", 0],
    ["nonsense", null],
  ])("%s", (text, seconds) => expect(parseIsoDuration(text)).toBe(seconds));
});
