import { z } from "zod";
import { integrationMessages } from "../../../shared/messages-integrations";
import { DEFAULT_TIMEOUT_MS, getJson, type RetryOptions, withRetries } from "../http";
import type { Fetcher } from "../transport";
import { YouTubeError, youtubeErrorFrom } from "./errors";

export const YOUTUBE_ANALYTICS_BASE_URL = "https://youtubeanalytics.googleapis.com/v2";
/** The most rows the top-videos report (dimensions=video) answers per request. */
export const TOP_VIDEOS_PAGE_SIZE = 200;

/** The owner figures Crosscast keeps per day (youtubeAnalytics.v2.json, reports.query metrics). */
export const OWNER_METRICS = [
  "views",
  "estimatedMinutesWatched",
  "averageViewDuration",
  "subscribersGained",
  "subscribersLost",
] as const;
export type OwnerMetric = (typeof OWNER_METRICS)[number];
export type OwnerDay = { date: string } & Record<OwnerMetric, number>;
export type OwnerVideoTotals = { videoId: string } & Record<OwnerMetric, number>;

const resultTableSchema = z.object({
  kind: z.literal("youtubeAnalytics#resultTable"),
  columnHeaders: z.array(
    z.object({ name: z.string(), columnType: z.string(), dataType: z.string() }),
  ),
  // No data for the period: YouTube leaves `rows` out.
  rows: z.array(z.array(z.union([z.string(), z.number()]))).optional(),
  // QueryResponse.errors: "When set, indicates that the operation failed." Kept whatever its
  // shape (its mere presence is the failure), so such an answer is never read as an empty table.
  errors: z.unknown().optional(),
});

/** The first explanation an `errors` field (Errors: error[] of ErrorProto) gives, if any. */
const errorsDetailSchema = z.object({
  error: z
    .array(z.object({ externalErrorMessage: z.string().optional(), code: z.string().optional() }))
    .min(1),
});
function failedQueryMessage(errors: unknown): string {
  const parsed = errorsDetailSchema.safeParse(errors);
  const first = parsed.success ? parsed.data.error[0] : undefined;
  const detail = first?.externalErrorMessage ?? first?.code;
  return `YouTube Analytics reported that the report failed${detail ? `: ${detail}` : ""}`;
}

/**
 * YouTube Analytics API v2 `reports.query` for a channel's owner, with the owner's OAuth access
 * token (`yt-analytics.readonly`). Same error mapping and retries as the Data API client; the
 * API meters requests separately from the Data API's units, so `requests` counts them.
 */
export class YouTubeAnalyticsClient {
  private sent = 0;
  private readonly baseUrl: string;

  constructor(
    private readonly accessToken: string,
    private readonly fetcher: Fetcher,
    private readonly opts: RetryOptions & { baseUrl?: string } = {},
  ) {
    this.baseUrl = (opts.baseUrl ?? YOUTUBE_ANALYTICS_BASE_URL).replace(/\/$/, "");
  }

  /** Requests sent, retries included. */
  get requests(): number {
    return this.sent;
  }

  private query(params: Record<string, string>) {
    const url = `${this.baseUrl}/reports?${new URLSearchParams({ ids: "channel==MINE", ...params })}`;
    return withRetries(async () => {
      this.sent += 1;
      const answer = await getJson(
        this.fetcher,
        url,
        { Authorization: `Bearer ${this.accessToken}` },
        this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        "YouTube Analytics",
        (kind, message, status) => new YouTubeError(kind, message, status),
      );
      if (!answer.ok)
        throw youtubeErrorFrom(answer.status, answer.body, answer.headers.get("retry-after"));
      const parsed = answer.malformed ? null : resultTableSchema.safeParse(answer.body);
      if (!parsed?.success)
        throw new YouTubeError("malformed", integrationMessages.unreadable("youtube"), 0);
      // A 200 that says it failed: unavailable (retried, then the refresh fails and is retried
      // later), never "no rows", which the owner refresh would read as a day of 0 views.
      if (parsed.data.errors !== undefined && parsed.data.errors !== null)
        throw new YouTubeError(
          "unavailable",
          failedQueryMessage(parsed.data.errors),
          answer.status,
        );
      return parsed.data;
    }, this.opts);
  }

  /** Reads rows by column name, so the answer's column order never matters. */
  private static rows(table: z.infer<typeof resultTableSchema>, first: string) {
    const index = new Map(table.columnHeaders.map((h, i) => [h.name, i]));
    const at = (row: Array<string | number>, name: string) => row[index.get(name) ?? -1];
    return (table.rows ?? []).map((row) => {
      const figures = Object.fromEntries(
        OWNER_METRICS.map((m) => [m, Number(at(row, m) ?? 0)]),
      ) as Record<OwnerMetric, number>;
      return { key: String(at(row, first)), figures };
    });
  }

  /** The channel's (or, with `videoId`, one video's) figures per day, `from` to `to` inclusive. */
  async daily(from: string, to: string, videoId?: string): Promise<OwnerDay[]> {
    const table = await this.query({
      startDate: from,
      endDate: to,
      dimensions: "day",
      metrics: OWNER_METRICS.join(","),
      sort: "day",
      ...(videoId ? { filters: `video==${videoId}` } : {}),
    });
    return YouTubeAnalyticsClient.rows(table, "day").map((r) => ({ date: r.key, ...r.figures }));
  }

  /**
   * Every video's totals over `from`..`to`, most viewed first, in pages of 200 (one request per
   * page): how a daily refresh reads a day for all videos at once.
   */
  async videoTotals(from: string, to: string, startIndex = 1): Promise<OwnerVideoTotals[]> {
    const table = await this.query({
      startDate: from,
      endDate: to,
      dimensions: "video",
      metrics: OWNER_METRICS.join(","),
      sort: "-views",
      maxResults: String(TOP_VIDEOS_PAGE_SIZE),
      startIndex: String(startIndex),
    });
    return YouTubeAnalyticsClient.rows(table, "video").map((r) => ({
      videoId: r.key,
      ...r.figures,
    }));
  }
}
