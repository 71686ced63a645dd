import { z } from "zod";
import { integrationMessages } from "../../../shared/messages-integrations";
import { DEFAULT_TIMEOUT_MS, type RetryOptions, withRetries } from "../http";
import type { Fetcher } from "../transport";
import { YouTubeError, youtubeErrorFrom } from "./errors";

export const YOUTUBE_REPORTING_BASE_URL = "https://youtubereporting.googleapis.com/v1";
/** The daily bulk report of every video's views, watch time and subscribers. */
export const DAILY_VIDEO_REPORT = "channel_basic_a2";

const jobSchema = z.object({
  id: z.string(),
  reportTypeId: z.string(),
  name: z.string().optional(),
  createTime: z.string(),
});
const jobListSchema = z.object({ jobs: z.array(jobSchema).optional() });
const reportSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  createTime: z.string(),
  downloadUrl: z.string().url(),
});
const reportListSchema = z.object({
  reports: z.array(reportSchema).optional(),
  nextPageToken: z.string().optional(),
});
export type ReportingJob = z.infer<typeof jobSchema>;
export type ReportingReport = z.infer<typeof reportSchema>;
export type ReportRow = {
  date: string;
  videoId: string;
  views: number;
  watchTimeMinutes: number;
  averageViewDurationSeconds: number;
  subscribersGained: number;
  subscribersLost: number;
};

/**
 * YouTube Reporting API v1 for a channel's owner (OAuth, `yt-analytics.readonly`): one job per
 * report type, then a daily list of new reports and one download each, whatever the number of
 * videos. Requests are counted (`requests`), like the Analytics client's.
 */
export class YouTubeReportingClient {
  private sent = 0;
  private readonly baseUrl: string;

  constructor(
    private readonly accessToken: string,
    private readonly fetcher: Fetcher,
    private readonly opts: RetryOptions & { baseUrl?: string } = {},
  ) {
    this.baseUrl = (opts.baseUrl ?? YOUTUBE_REPORTING_BASE_URL).replace(/\/$/, "");
  }

  get requests(): number {
    return this.sent;
  }

  private async call(url: string, init: RequestInit = {}): Promise<Response> {
    return withRetries(async () => {
      this.sent += 1;
      let res: Response;
      try {
        res = await this.fetcher(url, {
          ...init,
          headers: { Authorization: `Bearer ${this.accessToken}`, ...init.headers },
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch {
        throw new YouTubeError("unavailable", "Failed to connect to YouTube Reporting", 0);
      }
      if (!res.ok) {
        const body = await res.json().catch(() => null);
        throw youtubeErrorFrom(res.status, body, res.headers.get("retry-after"));
      }
      return res;
    }, this.opts);
  }

  private async json<T extends z.ZodType>(url: string, schema: T, init?: RequestInit) {
    const res = await this.call(url, init);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new YouTubeError("malformed", integrationMessages.unreadable("youtube"), res.status);
    return parsed.data as z.infer<T>;
  }

  /** The owner's job for `reportTypeId`, created when there is none (1 or 2 requests). */
  async ensureJob(reportTypeId = DAILY_VIDEO_REPORT): Promise<ReportingJob> {
    const { jobs } = await this.json(`${this.baseUrl}/jobs`, jobListSchema);
    const existing = jobs?.find((j) => j.reportTypeId === reportTypeId);
    if (existing) return existing;
    return this.json(`${this.baseUrl}/jobs`, jobSchema, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reportTypeId, name: `Crosscast ${reportTypeId}` }),
    });
  }

  /** Reports of a job created after `createdAfter` (ISO time), oldest day first (1 request a page). */
  async reportsSince(jobId: string, createdAfter?: string): Promise<ReportingReport[]> {
    const out: ReportingReport[] = [];
    let pageToken: string | undefined;
    do {
      const params = new URLSearchParams({
        ...(createdAfter ? { createdAfter } : {}),
        ...(pageToken ? { pageToken } : {}),
      });
      const page = await this.json(
        `${this.baseUrl}/jobs/${encodeURIComponent(jobId)}/reports?${params}`,
        reportListSchema,
      );
      out.push(...(page.reports ?? []));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return out.sort((a, b) => a.startTime.localeCompare(b.startTime));
  }

  /** One report's rows (1 request), summed per video and day across its breakdown columns. */
  async download(report: ReportingReport): Promise<ReportRow[]> {
    const url = new URL(report.downloadUrl);
    // Downloads go to the configured host (the sandbox in development), never one an answer names.
    const text = await (
      await this.call(`${this.baseUrl}${url.pathname.replace(/^\/v1/, "")}${url.search}`)
    ).text();
    const [head, ...lines] = text.split("\n").filter((l) => l.trim() !== "");
    const columns = (head ?? "").split(",");
    const col = (name: string) => columns.indexOf(name);
    const required = ["date", "video_id", "views", "watch_time_minutes"];
    if (required.some((name) => col(name) === -1))
      throw new YouTubeError("malformed", integrationMessages.unreadable("youtube"), 200);
    const rows = new Map<string, ReportRow>();
    for (const line of lines) {
      const cells = line.split(",");
      const num = (name: string) => Number(cells[col(name)] ?? 0) || 0;
      const raw = cells[col("date")] ?? "";
      const date = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
      const videoId = cells[col("video_id")] ?? "";
      const key = `${date} ${videoId}`;
      const row = rows.get(key) ?? {
        date,
        videoId,
        views: 0,
        watchTimeMinutes: 0,
        averageViewDurationSeconds: 0,
        subscribersGained: 0,
        subscribersLost: 0,
      };
      const views = num("views");
      // The average over the breakdown rows, weighted by their views.
      row.averageViewDurationSeconds =
        row.views + views > 0
          ? Math.round(
              (row.averageViewDurationSeconds * row.views +
                num("average_view_duration_seconds") * views) /
                (row.views + views),
            )
          : 0;
      row.views += views;
      row.watchTimeMinutes += num("watch_time_minutes");
      row.subscribersGained += num("subscribers_gained");
      row.subscribersLost += num("subscribers_lost");
      rows.set(key, row);
    }
    return [...rows.values()];
  }
}
