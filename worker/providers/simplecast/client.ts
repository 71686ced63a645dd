import { z } from "zod";
import type { Fetcher } from "../transport";

export const SIMPLECAST_BASE_URL = "https://api.simplecast.com";
const PAGE_LIMIT = 100;

export type SimplecastErrorKind = "invalid_key" | "not_found" | "rate_limited" | "unavailable";

export class SimplecastError extends Error {
  constructor(readonly kind: SimplecastErrorKind, message: string, readonly status: number, readonly retryAfterSeconds?: number) {
    super(message);
  }
  get retryable() {
    return this.kind === "rate_limited" || this.kind === "unavailable";
  }
}

const pageSchema = <T extends z.ZodType>(item: T) => z.object({ collection: z.array(item), pages: z.object({ next: z.object({ href: z.string() }).nullable().optional() }).optional() });
const podcastSchema = z.object({ id: z.string(), title: z.string(), episodes: z.object({ count: z.number() }).optional() });
const episodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  number: z.number().nullable().optional(),
  season: z.object({ number: z.number().nullable().optional() }).nullable().optional(),
  published_at: z.string().nullable(),
  duration: z.number().nullable().optional(),
});
const downloadsSchema = z.object({ total: z.number(), by_interval: z.array(z.object({ interval: z.string(), downloads_total: z.number() })) });
const listenersSchema = z.object({ total: z.number().optional(), listeners_total: z.number().optional() });

export type SimplecastPodcast = { id: string; title: string; episodeCount: number | null };
export type SimplecastEpisode = { externalId: string; title: string; publishDate: Date; durationSeconds: number | null; seasonNumber: number | null; episodeNumber: number | null };

/**
 * The Simplecast v2 API (bearer key, limit/offset paging, hypermedia `pages.next`). Retries 429
 * (Retry-After) and 5xx with backoff; error bodies are not parsed strictly, as they are not
 * documented.
 */
export class SimplecastClient {
  constructor(private readonly apiKey: string, private readonly fetcher: Fetcher, private readonly opts: { maxRetries?: number; sleep?: (ms: number) => Promise<void> } = {}) {}

  private async get<T extends z.ZodType>(pathOrUrl: string, schema: T): Promise<z.infer<T>> {
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${SIMPLECAST_BASE_URL}${pathOrUrl}`;
    const maxRetries = this.opts.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let error: SimplecastError;
      try {
        const res = await this.fetcher(url, { headers: { Authorization: `Bearer ${this.apiKey}`, Accept: "application/json" }, signal: AbortSignal.timeout(15_000) });
        if (res.ok) {
          const parsed = schema.safeParse(await res.json().catch(() => undefined));
          if (parsed.success) return parsed.data;
          error = new SimplecastError("unavailable", "Simplecast sent a response that could not be read", res.status);
        } else if (res.status === 401 || res.status === 403) {
          throw new SimplecastError("invalid_key", "Invalid API key or unable to connect to Simplecast", res.status);
        } else if (res.status === 404) {
          throw new SimplecastError("not_found", "Not found on Simplecast (or not available on this plan)", 404);
        } else if (res.status === 429) {
          const seconds = Number(res.headers.get("retry-after"));
          error = new SimplecastError("rate_limited", "Simplecast is rate limiting requests", 429, Number.isFinite(seconds) ? seconds : undefined);
        } else {
          error = new SimplecastError("unavailable", "Failed to connect to Simplecast", res.status);
        }
      } catch (cause) {
        if (cause instanceof SimplecastError) throw cause;
        error = new SimplecastError("unavailable", "Failed to connect to Simplecast", 0);
      }
      if (!error.retryable || attempt >= maxRetries) throw error;
      const sleep = this.opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
      await sleep(error.retryAfterSeconds !== undefined ? Math.min(30_000, error.retryAfterSeconds * 1000) : 500 * 2 ** attempt);
    }
  }

  /** Follows `pages.next` until the last page. */
  private async all<T extends z.ZodType>(path: string, item: T): Promise<Array<z.infer<T>>> {
    const items: Array<z.infer<T>> = [];
    let next: string | null = `${path}${path.includes("?") ? "&" : "?"}limit=${PAGE_LIMIT}&offset=0`;
    while (next) {
      const page: z.infer<ReturnType<typeof pageSchema<T>>> = await this.get(next, pageSchema(item));
      items.push(...page.collection);
      next = page.pages?.next?.href ?? null;
    }
    return items;
  }

  async podcasts(): Promise<SimplecastPodcast[]> {
    return (await this.all("/podcasts", podcastSchema)).map((p) => ({ id: p.id, title: p.title, episodeCount: p.episodes?.count ?? null }));
  }

  async podcast(podcastId: string): Promise<SimplecastPodcast> {
    const p = await this.get(`/podcasts/${encodeURIComponent(podcastId)}`, podcastSchema);
    return { id: p.id, title: p.title, episodeCount: p.episodes?.count ?? null };
  }

  async episodes(podcastId: string): Promise<SimplecastEpisode[]> {
    const rows = await this.all(`/podcasts/${encodeURIComponent(podcastId)}/episodes?sort=published_at_desc`, episodeSchema);
    return rows
      .filter((e) => e.published_at)
      .map((e) => ({ externalId: e.id, title: e.title, publishDate: new Date(e.published_at!), durationSeconds: e.duration ?? null, seasonNumber: e.season?.number ?? null, episodeNumber: e.number ?? null }));
  }

  /** Downloads per UTC day for one episode between two dates (YYYY-MM-DD, inclusive). */
  async episodeDailyDownloads(episodeId: string, startDate: string, endDate: string) {
    const params = new URLSearchParams({ episode: episodeId, interval: "day", start_date: startDate, end_date: endDate });
    const body = await this.get(`/analytics/downloads?${params}`, downloadsSchema);
    return body.by_interval.map((row) => ({ date: row.interval.slice(0, 10), downloads: row.downloads_total }));
  }

  /** Unique listeners of an episode, or null when the plan does not include listener reports. */
  async episodeListeners(episodeId: string): Promise<number | null> {
    try {
      const body = await this.get(`/analytics/listeners?episode=${encodeURIComponent(episodeId)}`, listenersSchema);
      return body.total ?? body.listeners_total ?? null;
    } catch (error) {
      if (error instanceof SimplecastError && error.kind === "not_found") return null;
      throw error;
    }
  }
}
