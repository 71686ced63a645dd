import type { z } from "zod";
import { integrationMessages } from "../../../shared/messages-integrations";
import { DEFAULT_TIMEOUT_MS, getJson, type RetryOptions, withRetries } from "../http";
import type { Fetcher } from "../transport";
import { YouTubeError, youtubeErrorFrom } from "./errors";
import {
  channelListSchema,
  parseIsoDuration,
  playlistItemsSchema,
  videoListSchema,
} from "./schemas";

export const YOUTUBE_BASE_URL = "https://www.googleapis.com/youtube/v3";
/** playlistItems.list pages and videos.list id lists hold at most 50. */
export const YOUTUBE_PAGE_SIZE = 50;

export type YouTubeChannel = {
  externalId: string;
  handle: string | null;
  title: string;
  thumbnailUrl: string | null;
  uploadsPlaylistId: string | null;
  /** Null when the owner hides it (statistics.hiddenSubscriberCount); YouTube then says 0. */
  subscriberCount: number | null;
  totalViews: number;
  videoCount: number;
};
/** A live or upcoming broadcast (VideoSnippet.liveBroadcastContent), whose duration is P0D. */
const broadcasting = (state: string | undefined) => state === "live" || state === "upcoming";

export type YouTubeVideo = {
  externalId: string;
  title: string;
  publishDate: Date;
  durationSeconds: number | null;
  views: number;
  /** Null when YouTube leaves it out: the owner hides likes (VideoStatistics.likeCount). */
  likes: number | null;
  /** Null when YouTube leaves it out: comments are turned off (VideoStatistics.commentCount). */
  comments: number | null;
};

/** Quota spent, shared with whoever runs the client (a job records it even when the job fails). */
export type QuotaMeter = { quotaUnits: number };
type Options = RetryOptions & { baseUrl?: string; meter?: QuotaMeter };

/** The minimum a full refresh of a channel with `videos` uploads costs (ARCHITECTURE section 6). */
export const fullRefreshQuota = (videos: number) => 1 + 2 * Math.ceil(videos / YOUTUBE_PAGE_SIZE);

/**
 * YouTube Data API v3 over an injected transport. Counts the quota units it spends (1 per
 * request, failed ones included, as YouTube bills them) and retries rate limits, 5xx answers,
 * timeouts and unreadable answers with exponential backoff.
 */
export class YouTubeClient {
  private spent = 0;
  private readonly baseUrl: string;

  constructor(
    private readonly apiKey: string,
    private readonly fetcher: Fetcher,
    private readonly opts: Options = {},
  ) {
    this.baseUrl = (opts.baseUrl ?? YOUTUBE_BASE_URL).replace(/\/$/, "");
  }

  /** Units this client has spent. */
  get quotaUnits(): number {
    return this.spent;
  }

  private get<T extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: T,
  ): Promise<z.infer<T>> {
    const url = `${this.baseUrl}/${path}?${new URLSearchParams({ ...params, key: this.apiKey })}`;
    return withRetries(async () => {
      this.spent += 1;
      if (this.opts.meter) this.opts.meter.quotaUnits += 1;
      const answer = await getJson(
        this.fetcher,
        url,
        {},
        this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        "YouTube",
        (kind, message, status) => new YouTubeError(kind, message, status),
      );
      if (!answer.ok)
        throw youtubeErrorFrom(answer.status, answer.body, answer.headers.get("retry-after"));
      const parsed = answer.malformed ? null : schema.safeParse(answer.body);
      if (!parsed?.success)
        throw new YouTubeError(
          "malformed",
          integrationMessages.unreadable("youtube"),
          answer.status,
        );
      return parsed.data;
    }, this.opts);
  }

  private toChannel(item: z.infer<typeof channelListSchema>["items"][number]): YouTubeChannel {
    return {
      externalId: item.id,
      handle: item.snippet.customUrl ?? null,
      title: item.snippet.title,
      thumbnailUrl: item.snippet.thumbnails?.default?.url ?? null,
      uploadsPlaylistId: item.contentDetails?.relatedPlaylists.uploads ?? null,
      subscriberCount: item.statistics?.hiddenSubscriberCount
        ? null
        : (item.statistics?.subscriberCount ?? 0),
      totalViews: item.statistics?.viewCount ?? 0,
      videoCount: item.statistics?.videoCount ?? 0,
    };
  }

  /** channels.list by handle (1 unit); null when YouTube has no such channel (200 without items). */
  async channelByHandle(handle: string): Promise<YouTubeChannel | null> {
    const list = await this.get(
      "channels",
      {
        part: "snippet,statistics,contentDetails",
        forHandle: handle.startsWith("@") ? handle : `@${handle}`,
      },
      channelListSchema,
    );
    return list.items[0] ? this.toChannel(list.items[0]) : null;
  }

  /**
   * channels.list by id (1 unit for up to 50 ids). maxResults is sent: channels.list's default is
   * 5 and, unlike videos.list's, its document does not exempt an id list from it.
   */
  async channelsById(ids: string[]): Promise<YouTubeChannel[]> {
    if (ids.length > YOUTUBE_PAGE_SIZE) throw new RangeError("channels.list takes at most 50 ids");
    const list = await this.get(
      "channels",
      {
        part: "snippet,statistics,contentDetails",
        id: ids.join(","),
        maxResults: String(YOUTUBE_PAGE_SIZE),
      },
      channelListSchema,
    );
    return list.items.map((item) => this.toChannel(item));
  }

  /**
   * Every video id of an uploads playlist, newest first: 1 unit per page of 50. A channel with
   * no public uploads (new, or all removed) has no such playlist and YouTube answers 404
   * playlistNotFound: that is an empty channel, not a failure. `onPage`, if given, sees each
   * page's ids as soon as the page arrives (the next page is asked for once it has returned), so
   * a caller can start on them while the walk goes on.
   */
  async uploadIds(
    playlistId: string,
    onPage?: (ids: string[]) => Promise<void>,
  ): Promise<string[]> {
    try {
      return await this.uploadPages(playlistId, onPage);
    } catch (error) {
      if (error instanceof YouTubeError && error.reason === "playlistNotFound") return [];
      throw error;
    }
  }

  private async uploadPages(
    playlistId: string,
    onPage?: (ids: string[]) => Promise<void>,
  ): Promise<string[]> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.get(
        "playlistItems",
        {
          part: "contentDetails",
          playlistId,
          maxResults: String(YOUTUBE_PAGE_SIZE),
          ...(pageToken ? { pageToken } : {}),
        },
        playlistItemsSchema,
      );
      const pageIds = page.items.map((item) => item.contentDetails.videoId);
      ids.push(...pageIds);
      if (onPage) await onPage(pageIds);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return ids;
  }

  /** videos.list for up to 50 ids (1 unit). Unknown (deleted, private) ids are left out, as YouTube does. */
  async videos(ids: string[]): Promise<YouTubeVideo[]> {
    if (ids.length > YOUTUBE_PAGE_SIZE) throw new RangeError("videos.list takes at most 50 ids");
    if (ids.length === 0) return [];
    const list = await this.get(
      "videos",
      { part: "snippet,statistics,contentDetails", id: ids.join(",") },
      videoListSchema,
    );
    return list.items.map((v) => ({
      externalId: v.id,
      title: v.snippet.title,
      publishDate: new Date(v.snippet.publishedAt),
      // A broadcast that is live or still to come has no length yet: YouTube says P0D.
      durationSeconds:
        v.contentDetails && !broadcasting(v.snippet.liveBroadcastContent)
          ? parseIsoDuration(v.contentDetails.duration)
          : null,
      views: v.statistics?.viewCount ?? 0,
      likes: v.statistics?.likeCount ?? null,
      comments: v.statistics?.commentCount ?? null,
    }));
  }
}
