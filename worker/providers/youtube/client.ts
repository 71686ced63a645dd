import type { z } from "zod";
import type { Fetcher } from "../transport";
import { YouTubeError, youtubeErrorFrom } from "./errors";
import { channelListSchema, parseIsoDuration, playlistItemsSchema, videoListSchema } from "./schemas";

export const YOUTUBE_BASE_URL = "https://www.googleapis.com/youtube/v3";
const PAGE_SIZE = 50;

export type YouTubeChannel = { externalId: string; handle: string | null; title: string; thumbnailUrl: string | null; uploadsPlaylistId: string | null; subscriberCount: number; totalViews: number; videoCount: number };
export type YouTubeVideo = { externalId: string; title: string; publishDate: Date; durationSeconds: number | null; views: number; likes: number; comments: number };

type Options = { maxRetries?: number; sleep?: (ms: number) => Promise<void>; timeoutMs?: number };

/**
 * YouTube Data API v3 over an injected transport. Counts the quota units it spends (1 per
 * request, failed ones included, as YouTube bills them) and retries rate limits, 5xx answers and
 * timeouts with exponential backoff.
 */
export class YouTubeClient {
  quotaUnits = 0;
  private readonly maxRetries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;

  constructor(private readonly apiKey: string, private readonly fetcher: Fetcher, opts: Options = {}) {
    this.maxRetries = opts.maxRetries ?? 3;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  private async get<T extends z.ZodType>(path: string, params: Record<string, string>, schema: T): Promise<z.infer<T>> {
    const url = `${YOUTUBE_BASE_URL}/${path}?${new URLSearchParams({ ...params, key: this.apiKey })}`;
    for (let attempt = 0; ; attempt++) {
      this.quotaUnits += 1;
      let error: YouTubeError;
      try {
        const res = await this.fetcher(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(this.timeoutMs) });
        const body: unknown = await res.json().catch(() => undefined);
        if (res.ok) {
          const parsed = schema.safeParse(body);
          if (parsed.success) return parsed.data;
          error = new YouTubeError("unavailable", "YouTube sent a response that could not be read", res.status);
        } else {
          error = youtubeErrorFrom(res.status, body, res.headers.get("retry-after"));
        }
      } catch (cause) {
        error = new YouTubeError("unavailable", cause instanceof Error && cause.name === "TimeoutError" ? "YouTube did not answer in time" : "Failed to connect to YouTube", 0);
      }
      if (!error.retryable || attempt >= this.maxRetries) throw error;
      const backoff = error.retryAfterSeconds !== undefined ? Math.min(30_000, error.retryAfterSeconds * 1000) : 500 * 2 ** attempt;
      await this.sleep(backoff);
    }
  }

  private toChannel(item: z.infer<typeof channelListSchema>["items"][number]): YouTubeChannel {
    return {
      externalId: item.id,
      handle: item.snippet.customUrl ?? null,
      title: item.snippet.title,
      thumbnailUrl: item.snippet.thumbnails?.default?.url ?? null,
      uploadsPlaylistId: item.contentDetails?.relatedPlaylists.uploads ?? null,
      subscriberCount: item.statistics?.subscriberCount ?? 0,
      totalViews: item.statistics?.viewCount ?? 0,
      videoCount: item.statistics?.videoCount ?? 0,
    };
  }

  /** channels.list by handle; null when YouTube has no such channel. */
  async channelByHandle(handle: string): Promise<YouTubeChannel | null> {
    const list = await this.get("channels", { part: "snippet,statistics,contentDetails", forHandle: handle.startsWith("@") ? handle : `@${handle}` }, channelListSchema);
    return list.items[0] ? this.toChannel(list.items[0]) : null;
  }

  async channelsById(ids: string[]): Promise<YouTubeChannel[]> {
    const list = await this.get("channels", { part: "snippet,statistics,contentDetails", id: ids.slice(0, PAGE_SIZE).join(",") }, channelListSchema);
    return list.items.map((item) => this.toChannel(item));
  }

  /** Every video id of an uploads playlist, newest first, 50 per page. */
  async uploadIds(playlistId: string): Promise<string[]> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.get("playlistItems", { part: "contentDetails", playlistId, maxResults: String(PAGE_SIZE), ...(pageToken ? { pageToken } : {}) }, playlistItemsSchema);
      for (const item of page.items) ids.push(item.contentDetails.videoId);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return ids;
  }

  /** videos.list for up to 50 ids. Unknown ids are left out, as YouTube does. */
  async videos(ids: string[]): Promise<YouTubeVideo[]> {
    if (ids.length > PAGE_SIZE) throw new Error("videos.list takes at most 50 ids");
    const list = await this.get("videos", { part: "snippet,statistics,contentDetails", id: ids.join(",") }, videoListSchema);
    return list.items.map((v) => ({
      externalId: v.id,
      title: v.snippet.title,
      publishDate: new Date(v.snippet.publishedAt),
      durationSeconds: v.contentDetails ? parseIsoDuration(v.contentDetails.duration) : null,
      views: v.statistics?.viewCount ?? 0,
      likes: v.statistics?.likeCount ?? 0,
      comments: v.statistics?.commentCount ?? 0,
    }));
  }
}
