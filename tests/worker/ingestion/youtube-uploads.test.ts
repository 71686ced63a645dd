import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chunk } from "../../../worker/db/batch";
import {
  fetchUploads,
  VIDEOS_LIST_IN_FLIGHT,
} from "../../../worker/features/ingestion/youtube-uploads";
import { type Fetcher, providerFetch } from "../../../worker/providers/transport";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import { YouTubeError } from "../../../worker/providers/youtube/errors";

/*
 * The playlist walk and the videos.list calls of an ingestion overlap (youtube-uploads.ts). What
 * a caller must still get is exactly what walking first and asking afterwards gave: every id in
 * playlist order, each once, its record in the same order, the same quota, and on any failure
 * an error rather than part of the channel.
 */

const noWait = async () => undefined;
const isList = (url: URL) => url.pathname.endsWith("/videos");

/** The real emulator behind a tap that can hold videos.list answers and count those in flight. */
function tapped(hold: () => Promise<void> = async () => undefined) {
  const inner = providerFetch(env);
  const seen: string[] = [];
  const state = { inFlight: 0, maxInFlight: 0 };
  const fetcher: Fetcher = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push(url.pathname.split("/").pop()!);
    if (!isList(url)) return inner(input, init);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      await hold();
      return await inner(input, init);
    } finally {
      state.inFlight -= 1;
    }
  };
  return { fetcher, seen, state };
}

const clientOf = (fetcher: Fetcher) =>
  new YouTubeClient("AIza-sandbox-good-key", fetcher, { sleep: noWait, maxRetries: 0 });

describe("fetching a channel's uploads with overlapping videos.list calls", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers the ids and videos in playlist order, as the walk-then-ask order did, for the same quota", async () => {
    // The emulator's counts grow with the clock, as YouTube's do; both fetches must see one instant.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const sequential = clientOf(providerFetch(env));
    const channel = (await sequential.channelByHandle("@bench-420"))!;
    const ids = await sequential.uploadIds(channel.uploadsPlaylistId!);
    const expected = [];
    for (const batch of chunk(ids, 50)) expected.push(...(await sequential.videos(batch)));

    const tap = tapped();
    const yt = clientOf(tap.fetcher);
    const uploads = await fetchUploads(yt, channel.uploadsPlaylistId!);
    expect(uploads.ids).toEqual(ids);
    expect(uploads.videos).toEqual(expected);
    expect(uploads.videos).toHaveLength(420);
    // 9 pages and 9 videos.list calls: the same requests, the same units.
    expect(yt.quotaUnits).toBe(18);
    expect(tap.seen.filter((p) => p === "videos")).toHaveLength(9);
  });

  it("asks for videos while the walk goes on, with at most the bound in flight", async () => {
    const channel = (await clientOf(providerFetch(env)).channelByHandle("@bench-600"))!;
    // Each videos.list answer waits a little, so calls pile up if nothing bounds them.
    const tap = tapped(() => new Promise((r) => setTimeout(r, 20)));
    const uploads = await fetchUploads(clientOf(tap.fetcher), channel.uploadsPlaylistId!);
    expect(uploads.videos).toHaveLength(600);
    const firstList = tap.seen.indexOf("videos");
    const lastPage = tap.seen.lastIndexOf("playlistItems");
    expect(firstList).toBeGreaterThan(-1);
    expect(firstList).toBeLessThan(lastPage);
    expect(tap.state.maxInFlight).toBeGreaterThan(1);
    expect(tap.state.maxInFlight).toBeLessThanOrEqual(VIDEOS_LIST_IN_FLIGHT);
  });

  it("asks for an id listed twice (a page that shifted under the walk) once, and keeps the first place", async () => {
    const page = (ids: string[], next?: string) => ({
      items: ids.map((videoId) => ({ contentDetails: { videoId } })),
      ...(next ? { nextPageToken: next } : {}),
    });
    const first = Array.from({ length: 50 }, (_, i) => `a${i}`);
    // An upload published meanwhile pushes a49 onto the second page too.
    const second = ["a49", "b0", "b1"];
    const asked: string[][] = [];
    const fetcher: Fetcher = async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith("/playlistItems"))
        return Response.json(url.searchParams.get("pageToken") ? page(second) : page(first, "p2"));
      const ids = url.searchParams.get("id")!.split(",");
      asked.push(ids);
      return Response.json({
        items: ids.map((id) => ({
          id,
          snippet: { title: `T ${id}`, publishedAt: "2026-01-01T00:00:00Z", channelId: "UCx" },
          statistics: { viewCount: "1", likeCount: "0", commentCount: "0" },
        })),
      });
    };
    const uploads = await fetchUploads(clientOf(fetcher), "UUx");
    const expected = [...first, "b0", "b1"];
    expect(uploads.ids).toEqual(expected);
    expect(uploads.videos.map((v) => v.externalId)).toEqual(expected);
    expect(asked.flat()).toEqual(expected);
  });

  it("fails as a whole when one videos.list call fails mid-walk, with no call left running", async () => {
    const channel = (await clientOf(providerFetch(env)).channelByHandle("@bench-600"))!;
    const inner = providerFetch(env);
    let lists = 0;
    const state = { inFlight: 0 };
    const fetcher: Fetcher = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!isList(url)) return inner(input, init);
      lists += 1;
      const call = lists;
      state.inFlight += 1;
      try {
        await new Promise((r) => setTimeout(r, 10));
        if (call === 3) return new Response("{}", { status: 500 });
        return await inner(input, init);
      } finally {
        state.inFlight -= 1;
      }
    };
    const failed = await fetchUploads(clientOf(fetcher), channel.uploadsPlaylistId!).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(YouTubeError);
    expect(state.inFlight).toBe(0);
    // The walk stopped early instead of listing all 12 pages first.
    expect(lists).toBeLessThan(12);
  });

  it("answers nothing for a channel whose uploads playlist does not exist", async () => {
    const yt = clientOf(providerFetch(env));
    expect(await fetchUploads(yt, "UUno-such-channel")).toEqual({ ids: [], videos: [] });
  });
});
