import type { z } from "zod";
import {
  connectFailedMessage,
  integrationMessages,
  invalidKeyMessage,
} from "../../../shared/messages-integrations";
import {
  DEFAULT_TIMEOUT_MS,
  getJson,
  type JsonAnswer,
  ProviderError,
  parseRetryAfter,
  type RetryOptions,
  withRetries,
} from "../http";
import type { Fetcher } from "../transport";
import {
  downloadsSchema,
  episodeSchema,
  listenersSchema,
  pageSchema,
  podcastSchema,
} from "./schemas";

export const SIMPLECAST_BASE_URL = "https://api.simplecast.com";
const PAGE_LIMIT = 100;

export class SimplecastError extends ProviderError {}

export type SimplecastPodcast = { id: string; title: string; episodeCount: number | null };
export type SimplecastEpisode = {
  externalId: string;
  title: string;
  publishDate: Date;
  durationSeconds: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
};
export type DailyDownloads = Array<{ date: string; downloads: number }>;

/** Simplecast's error bodies are undocumented, so only the status is read (reference 2.5). */
function simplecastErrorFrom(answer: JsonAnswer): SimplecastError {
  const { status } = answer;
  if (status === 401 || status === 403)
    return new SimplecastError("invalid_key", invalidKeyMessage("simplecast"), status);
  // 404 is also how a report the plan lacks answers.
  if (status === 404)
    return new SimplecastError(
      "not_found",
      "Not found on Simplecast (or not available on this plan)",
      status,
    );
  if (status === 429)
    return new SimplecastError(
      "rate_limited",
      "Simplecast is rate limiting requests",
      status,
      parseRetryAfter(answer.headers.get("retry-after")),
    );
  if (status >= 500)
    return new SimplecastError("unavailable", connectFailedMessage("simplecast"), status);
  return new SimplecastError("bad_request", `Simplecast answered ${status}`, status);
}

/**
 * The Simplecast v2 API: bearer key, limit/offset paging followed through `pages.next`, daily
 * downloads per episode or podcast, and listener reports where the plan has them. Retries 429
 * (honouring Retry-After), 5xx, timeouts and unreadable answers with backoff.
 */
export class SimplecastClient {
  private readonly baseUrl: string;
  /** Set once a listener report answered 404: the plan lacks them, so later calls are skipped. */
  private listenersGated = false;

  constructor(
    private readonly apiKey: string,
    private readonly fetcher: Fetcher,
    private readonly opts: RetryOptions & { baseUrl?: string } = {},
  ) {
    this.baseUrl = (opts.baseUrl ?? SIMPLECAST_BASE_URL).replace(/\/$/, "");
  }

  /**
   * Paths are resolved against the base URL. Hypermedia links from answers are re-based onto it
   * too (path and query only), so the bearer key is never sent to a host an answer names.
   */
  private url(pathOrHref: string): string {
    if (!/^https?:\/\//i.test(pathOrHref)) return `${this.baseUrl}${pathOrHref}`;
    const href = new URL(pathOrHref);
    return `${this.baseUrl}${href.pathname}${href.search}`;
  }

  private get<T extends z.ZodType>(pathOrHref: string, schema: T): Promise<z.infer<T>> {
    const url = this.url(pathOrHref);
    return withRetries(async () => {
      const answer = await getJson(
        this.fetcher,
        url,
        { Authorization: `Bearer ${this.apiKey}` },
        this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        "Simplecast",
        (kind, message, status) => new SimplecastError(kind, message, status),
      );
      if (!answer.ok) throw simplecastErrorFrom(answer);
      const parsed = answer.malformed ? null : schema.safeParse(answer.body);
      if (!parsed?.success)
        throw new SimplecastError(
          "malformed",
          integrationMessages.unreadable("simplecast"),
          answer.status,
        );
      return parsed.data;
    }, this.opts);
  }

  /** Every item of a list, following `pages.next` until it is null. */
  private async all<T extends z.ZodType>(path: string, item: T): Promise<Array<z.infer<T>>> {
    const items: Array<z.infer<T>> = [];
    const schema = pageSchema(item);
    let next: string | null =
      `${path}${path.includes("?") ? "&" : "?"}limit=${PAGE_LIMIT}&offset=0`;
    while (next) {
      const page: z.infer<typeof schema> = await this.get(next, schema);
      items.push(...page.collection);
      next = page.pages?.next?.href ?? null;
    }
    return items;
  }

  async podcasts(): Promise<SimplecastPodcast[]> {
    return (await this.all("/podcasts", podcastSchema)).map((p) => ({
      id: p.id,
      title: p.title,
      episodeCount: p.episodes?.count ?? null,
    }));
  }

  async podcast(podcastId: string): Promise<SimplecastPodcast> {
    const p = await this.get(`/podcasts/${encodeURIComponent(podcastId)}`, podcastSchema);
    return { id: p.id, title: p.title, episodeCount: p.episodes?.count ?? null };
  }

  /** Published episodes, newest first (drafts have no publish date and are left out). */
  async episodes(podcastId: string): Promise<SimplecastEpisode[]> {
    const rows = await this.all(
      `/podcasts/${encodeURIComponent(podcastId)}/episodes?sort=published_at_desc`,
      episodeSchema,
    );
    return rows.flatMap((e) =>
      e.published_at
        ? [
            {
              externalId: e.id,
              title: e.title,
              publishDate: new Date(e.published_at),
              durationSeconds: e.duration ?? null,
              seasonNumber: e.season?.number ?? null,
              episodeNumber: e.number ?? null,
            },
          ]
        : [],
    );
  }

  private async daily(
    scope: "episode" | "podcast",
    id: string,
    startDate: string,
    endDate: string,
  ): Promise<DailyDownloads> {
    const params = new URLSearchParams({
      [scope]: id,
      interval: "day",
      start_date: startDate,
      end_date: endDate,
    });
    const body = await this.get(`/analytics/downloads?${params}`, downloadsSchema);
    return body.by_interval.map((row) => ({
      date: row.interval.slice(0, 10),
      downloads: row.downloads_total,
    }));
  }

  /** Downloads per UTC day of one episode between two dates (YYYY-MM-DD, inclusive). */
  episodeDailyDownloads(
    episodeId: string,
    startDate: string,
    endDate: string,
  ): Promise<DailyDownloads> {
    return this.daily("episode", episodeId, startDate, endDate);
  }

  /** Downloads per UTC day of a whole podcast between two dates (YYYY-MM-DD, inclusive). */
  podcastDailyDownloads(
    podcastId: string,
    startDate: string,
    endDate: string,
  ): Promise<DailyDownloads> {
    return this.daily("podcast", podcastId, startDate, endDate);
  }

  /** Unique listeners of an episode, or null when the plan does not include listener reports. */
  async episodeListeners(episodeId: string): Promise<number | null> {
    if (this.listenersGated) return null;
    try {
      const body = await this.get(
        `/analytics/listeners?episode=${encodeURIComponent(episodeId)}`,
        listenersSchema,
      );
      return body.total ?? body.listeners_total ?? null;
    } catch (error) {
      if (!(error instanceof SimplecastError && error.kind === "not_found")) throw error;
      this.listenersGated = true;
      return null;
    }
  }
}
