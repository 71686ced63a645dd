import { type Context, Hono } from "hono";
import type { AppEnv } from "../../env";
import { keyForOperation } from "../faults";
import { DAY_MS, SLOW_ANSWER_MS, stall } from "../seeded";
import {
  dailyDownloads,
  episodeAt,
  episodeById,
  episodeSequences,
  podcastById,
  podcastsForKey,
  type SandboxEpisode,
} from "./catalog";

const BASE = "https://api.simplecast.com";
export const SIMPLECAST_MAGIC_KEYS = {
  invalid: "sandbox-invalid-key",
  rateLimited: "sandbox-rate-limited",
  serverError: "sandbox-server-error",
  malformed: "sandbox-malformed-json",
  slow: "sandbox-timeout",
  basicPlan: "sandbox-basic-plan",
} as const;

type Authorised = { key: string };
const bearer = (c: Context<AppEnv>) =>
  (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
/** podcasts, episodes or analytics: what a fault key (worker/sandbox/faults.ts) can target. */
const operationOf = (path: string) =>
  path.includes("/analytics/") ? "analytics" : path.includes("/episodes") ? "episodes" : "podcasts";
const effectiveKey = (c: Context<AppEnv>) => keyForOperation(bearer(c), operationOf(c.req.path));

/** The real statuses for the magic keys (the body shape is undocumented, so a plausible one). */
function authorise(c: Context<AppEnv>): Authorised | Response {
  const key = effectiveKey(c);
  if (!key || key === SIMPLECAST_MAGIC_KEYS.invalid)
    return c.json({ error: "unauthorized", message: "Invalid or expired token" }, 401);
  if (key === SIMPLECAST_MAGIC_KEYS.rateLimited)
    return c.json({ error: "rate_limited", message: "Too many requests" }, 429, {
      "Retry-After": "1",
    });
  if (key === SIMPLECAST_MAGIC_KEYS.serverError)
    return c.json({ error: "server_error", message: "Internal server error" }, 503);
  if (key === SIMPLECAST_MAGIC_KEYS.malformed)
    return c.body('{"collection": [', 200, { "Content-Type": "application/json" });
  return { key };
}

/** limit/offset paging with the hypermedia envelope Simplecast uses. */
function page<T>(
  c: Context<AppEnv>,
  path: string,
  total: number,
  build: (offset: number, end: number) => T[],
) {
  const limit = Math.min(1000, Math.max(1, Number(c.req.query("limit") ?? 10) || 10));
  const offset = Math.max(0, Number(c.req.query("offset") ?? 0) || 0);
  const end = Math.min(total, offset + limit);
  const link = (o: number) => ({ href: `${BASE}${path}?limit=${limit}&offset=${o}` });
  return {
    href: `${BASE}${path}?limit=${limit}&offset=${offset}`,
    pages: {
      total: Math.ceil(total / limit),
      current: Math.floor(offset / limit) + 1,
      limit,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      next: end < total ? link(end) : null,
    },
    count: total,
    collection: build(offset, end),
  };
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const parseDay = (text: string | undefined) =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : undefined;

/** The episodes a downloads or listeners report covers: one episode, or every one of a podcast. */
function reportScope(c: Context<AppEnv>, now: number): SandboxEpisode[] | null {
  const episode = c.req.query("episode");
  if (episode)
    return [episodeById(episode, now)?.episode].filter((e): e is SandboxEpisode => e !== undefined);
  const podcast = podcastById(c.req.query("podcast") ?? "");
  return podcast ? episodeSequences(podcast, now).map((s) => episodeAt(podcast, s)) : null;
}

/** Simplecast v2: podcasts, episodes, daily downloads and (plan-gated) listeners. */
export const simplecastSandbox = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (effectiveKey(c) === SIMPLECAST_MAGIC_KEYS.slow)
      await stall(SLOW_ANSWER_MS, c.req.raw.signal);
    const auth = authorise(c);
    if (auth instanceof Response) return auth;
    await next();
  })
  .get("/podcasts", (c) => {
    const podcasts = podcastsForKey(bearer(c));
    return c.json(
      page(c, "/podcasts", podcasts.length, (o, e) =>
        podcasts.slice(o, e).map((p) => ({
          id: p.id,
          title: p.title,
          href: `${BASE}/podcasts/${p.id}`,
          status: "published",
          episodes: { count: p.episodeCount },
        })),
      ),
    );
  })
  .get("/podcasts/:id", (c) => {
    const podcast = podcastById(c.req.param("id"));
    if (!podcast) return c.json({ error: "not_found", message: "Podcast not found" }, 404);
    return c.json({
      id: podcast.id,
      title: podcast.title,
      href: `${BASE}/podcasts/${podcast.id}`,
      status: "published",
      episodes: { count: podcast.episodeCount },
    });
  })
  .get("/podcasts/:id/episodes", (c) => {
    const podcast = podcastById(c.req.param("id"));
    if (!podcast) return c.json({ error: "not_found", message: "Podcast not found" }, 404);
    const sequences = episodeSequences(podcast, Date.now());
    return c.json(
      page(c, `/podcasts/${podcast.id}/episodes`, sequences.length, (o, e) =>
        sequences.slice(o, e).map((s) => {
          const ep = episodeAt(podcast, s);
          return {
            id: ep.id,
            title: ep.title,
            number: ep.number,
            season: { href: `${BASE}/seasons/${podcast.id}-${ep.season}`, number: ep.season },
            published_at: new Date(ep.publishedAt).toISOString(),
            status: "published",
            type: "full",
            duration: ep.durationSeconds,
            href: `${BASE}/episodes/${ep.id}`,
          };
        }),
      ),
    );
  })
  .get("/analytics/downloads", (c) => {
    const now = Date.now();
    const scope = reportScope(c, now);
    if (!scope || scope.length === 0)
      return c.json({ error: "not_found", message: "Not found" }, 404);
    const from =
      parseDay(c.req.query("start_date")) ?? Math.min(...scope.map((e) => e.publishedAt));
    const endDay = parseDay(c.req.query("end_date"));
    const until = Math.min(now, endDay === undefined ? now : endDay + DAY_MS);
    const perDay = new Map<number, number>();
    for (const episode of scope)
      for (const r of dailyDownloads(episode, from, until))
        perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.downloads);
    const rows = [...perDay.entries()].sort(([a], [b]) => a - b);
    const total = rows.reduce((sum, [, downloads]) => sum + downloads, 0);
    return c.json({
      href: c.req.url,
      total,
      interval: "day",
      by_interval: rows.map(([day, downloads]) => ({
        interval: isoDay(day),
        downloads_total: downloads,
        downloads_percent: total ? Math.round((downloads / total) * 10000) / 100 : 0,
      })),
    });
  })
  .get("/analytics/listeners", (c) => {
    // Listener reports are plan-gated: a basic plan answers 404, like the real API.
    if (bearer(c) === SIMPLECAST_MAGIC_KEYS.basicPlan)
      return c.json({ error: "not_found", message: "Report not available on your plan" }, 404);
    const now = Date.now();
    const scope = reportScope(c, now);
    if (!scope || scope.length === 0)
      return c.json({ error: "not_found", message: "Not found" }, 404);
    const downloads = scope.reduce(
      (sum, e) => sum + dailyDownloads(e, e.publishedAt, now).reduce((s, r) => s + r.downloads, 0),
      0,
    );
    return c.json({ href: c.req.url, total: Math.round(downloads * 0.72), by_interval: [] });
  });
