import { Hono, type Context } from "hono";
import type { AppEnv } from "../../env";
import { DAY_MS } from "../seeded";
import { dailyDownloads, episodeAt, episodeById, podcastById, podcastsForKey } from "./catalog";

const BASE = "https://api.simplecast.com";
export const SIMPLECAST_MAGIC_KEYS = { invalid: "sandbox-invalid-key", rateLimited: "sandbox-rate-limited", serverError: "sandbox-server-error", basicPlan: "sandbox-basic-plan" } as const;

function authorise(c: Context<AppEnv>): { key: string } | Response {
  const key = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
  if (!key || key === SIMPLECAST_MAGIC_KEYS.invalid) return c.json({ error: "unauthorized", message: "Invalid or expired token" }, 401);
  if (key === SIMPLECAST_MAGIC_KEYS.rateLimited) return c.json({ error: "rate_limited", message: "Too many requests" }, 429, { "Retry-After": "1" });
  if (key === SIMPLECAST_MAGIC_KEYS.serverError) return c.json({ error: "server_error", message: "Internal server error" }, 503);
  return { key };
}

/** limit/offset paging with the hypermedia envelope Simplecast uses. */
function page<T>(c: Context<AppEnv>, path: string, total: number, build: (offset: number, end: number) => T[]) {
  const limit = Math.min(1000, Math.max(1, Number(c.req.query("limit") ?? 10) || 10));
  const offset = Math.max(0, Number(c.req.query("offset") ?? 0) || 0);
  const end = Math.min(total, offset + limit);
  const link = (o: number) => ({ href: `${BASE}${path}?limit=${limit}&offset=${o}` });
  return {
    href: `${BASE}${path}?limit=${limit}&offset=${offset}`,
    pages: { total: Math.ceil(total / limit), current: Math.floor(offset / limit) + 1, limit, previous: offset > 0 ? link(Math.max(0, offset - limit)) : null, next: end < total ? link(end) : null },
    count: total,
    collection: build(offset, end),
  };
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const parseDay = (text: string | undefined, fallback: number) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : fallback);

/** Simplecast v2: podcasts, episodes, daily downloads and (plan-gated) listeners. */
export const simplecastSandbox = new Hono<AppEnv>()
  .get("/podcasts", (c) => {
    const auth = authorise(c);
    if (auth instanceof Response) return auth;
    const podcasts = podcastsForKey(auth.key);
    return c.json(page(c, "/podcasts", podcasts.length, (o, e) => podcasts.slice(o, e).map((p) => ({ id: p.id, title: p.title, href: `${BASE}/podcasts/${p.id}`, status: "published", episodes: { count: p.episodeCount } }))));
  })
  .get("/podcasts/:id", (c) => {
    const auth = authorise(c);
    if (auth instanceof Response) return auth;
    const podcast = podcastById(c.req.param("id"));
    if (!podcast) return c.json({ error: "not_found", message: "Podcast not found" }, 404);
    return c.json({ id: podcast.id, title: podcast.title, href: `${BASE}/podcasts/${podcast.id}`, status: "published", episodes: { count: podcast.episodeCount } });
  })
  .get("/podcasts/:id/episodes", (c) => {
    const auth = authorise(c);
    if (auth instanceof Response) return auth;
    const podcast = podcastById(c.req.param("id"));
    if (!podcast) return c.json({ error: "not_found", message: "Podcast not found" }, 404);
    const now = Date.now();
    return c.json(
      page(c, `/podcasts/${podcast.id}/episodes`, podcast.episodeCount, (o, e) =>
        Array.from({ length: e - o }, (_, k) => {
          const ep = episodeAt(podcast, o + k, now);
          return { id: ep.id, title: ep.title, number: ep.number, season: { href: `${BASE}/seasons/${podcast.id}-${ep.season}`, number: ep.season }, published_at: new Date(ep.publishedAt).toISOString(), status: "published", type: "full", duration: ep.durationSeconds, href: `${BASE}/episodes/${ep.id}` };
        }),
      ),
    );
  })
  .get("/analytics/downloads", (c) => {
    const auth = authorise(c);
    if (auth instanceof Response) return auth;
    const now = Date.now();
    const found = episodeById(c.req.query("episode") ?? "", now);
    if (!found) return c.json({ error: "not_found", message: "Not found" }, 404);
    const from = parseDay(c.req.query("start_date"), found.episode.publishedAt);
    const to = parseDay(c.req.query("end_date"), now);
    const rows = dailyDownloads(found.episode, from, Math.min(to, now));
    const total = rows.reduce((sum, r) => sum + r.downloads, 0);
    return c.json({ href: c.req.url, total, interval: "day", by_interval: rows.map((r) => ({ interval: isoDay(r.day), downloads_total: r.downloads, downloads_percent: total ? Math.round((r.downloads / total) * 10000) / 100 : 0 })) });
  })
  .get("/analytics/listeners", (c) => {
    const auth = authorise(c);
    if (auth instanceof Response) return auth;
    // Listener reports are plan-gated: a basic plan answers 404, like the real API.
    if (auth.key === SIMPLECAST_MAGIC_KEYS.basicPlan) return c.json({ error: "not_found", message: "Report not available on your plan" }, 404);
    const now = Date.now();
    const found = episodeById(c.req.query("episode") ?? "", now);
    if (!found) return c.json({ error: "not_found", message: "Not found" }, 404);
    const downloads = dailyDownloads(found.episode, found.episode.publishedAt, now).reduce((sum, r) => sum + r.downloads, 0);
    return c.json({ href: c.req.url, total: Math.round(downloads * 0.72), by_interval: [] });
  });
