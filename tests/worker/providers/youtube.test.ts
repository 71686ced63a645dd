import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import { YouTubeError } from "../../../worker/providers/youtube/errors";
import { parseIsoDuration } from "../../../worker/providers/youtube/schemas";
import { providerFetch } from "../../../worker/providers/transport";

const noWait = async () => undefined;
const client = (key = "AIza-sandbox-good-key") => new YouTubeClient(key, providerFetch(env), { sleep: noWait });

async function failure(promise: Promise<unknown>): Promise<YouTubeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof YouTubeError) return error;
    throw error;
  }
  throw new Error("expected a YouTubeError");
}

describe("YouTube client against the emulator", () => {
  it("resolves a channel by handle with its uploads playlist and string counts parsed", async () => {
    const yt = client();
    const channel = await yt.channelByHandle("@crosscast-studio");
    expect(channel).toMatchObject({ title: "Crosscast Studio", handle: "@crosscast-studio" });
    expect(channel!.uploadsPlaylistId).toBe(`UU${channel!.externalId.slice(2)}`);
    expect(channel!.videoCount).toBeGreaterThanOrEqual(40);
    expect(typeof channel!.subscriberCount).toBe("number");
    expect(yt.quotaUnits).toBe(1);
    const [same] = await yt.channelsById([channel!.externalId]);
    expect(same!.title).toBe(channel!.title);
  });

  it("answers null for a channel that does not exist (200 without items)", async () => {
    expect(await client().channelByHandle("@missing-channel")).toBeNull();
  });

  it("pages past 50 uploads and fetches statistics in batches of 50, spending the minimum quota", async () => {
    const yt = client();
    const channel = (await yt.channelByHandle("@bench-120"))!;
    const ids = await yt.uploadIds(channel.uploadsPlaylistId!);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    const videos = [];
    for (let i = 0; i < ids.length; i += 50) videos.push(...(await yt.videos(ids.slice(i, i + 50))));
    expect(videos).toHaveLength(120);
    expect(videos[0]!.publishDate.getTime()).toBeGreaterThan(videos[119]!.publishDate.getTime());
    // 1 channels.list + 3 playlistItems pages + 3 videos.list batches = 1 + 2 x ceil(120/50).
    expect(yt.quotaUnits).toBe(1 + 2 * Math.ceil(120 / 50));
  });

  it("maps both invalid-key formats to the spec's message", async () => {
    for (const key of ["sandbox-invalid-key", "sandbox-invalid-legacy-key"]) {
      const error = await failure(client(key).channelByHandle("@anything"));
      expect(error.kind).toBe("invalid_key");
      expect(error.message).toBe("Invalid API key or unable to connect to YouTube");
    }
  });

  it("maps quota exhaustion without retrying", async () => {
    const yt = client("sandbox-quota-exceeded");
    const error = await failure(yt.channelByHandle("@anything"));
    expect(error.kind).toBe("quota_exceeded");
    expect(yt.quotaUnits).toBe(1);
  });

  it("retries 429 (honouring Retry-After) and 5xx, then gives up", async () => {
    const waits: number[] = [];
    const limited = new YouTubeClient("sandbox-rate-limited", providerFetch(env), { maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    const error = await failure(limited.channelByHandle("@anything"));
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBe(1);
    expect(waits).toEqual([1000, 1000]);
    expect(limited.quotaUnits).toBe(3);
    const down = new YouTubeClient("sandbox-server-error", providerFetch(env), { maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    expect((await failure(down.channelByHandle("@anything"))).kind).toBe("unavailable");
    expect(waits.slice(2)).toEqual([500, 1000]);
  });

  it("treats malformed JSON as a retryable failure", async () => {
    const yt = new YouTubeClient("sandbox-malformed-json", providerFetch(env), { maxRetries: 1, sleep: noWait });
    expect((await failure(yt.channelByHandle("@anything"))).kind).toBe("unavailable");
    expect(yt.quotaUnits).toBe(2);
  });

  it("maps an unknown playlist to not found", async () => {
    expect((await failure(client().uploadIds("UUdoes-not-exist!"))).kind).toBe("not_found");
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
