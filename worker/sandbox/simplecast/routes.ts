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
  type SandboxPodcast,
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
/** The token of `Authorization: Bearer <token>`; "" for no header, another scheme or no token. */
const bearer = (c: Context<AppEnv>) =>
  /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
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
/**
 * A calendar day as the UTC midnight it starts at; NaN unless the text is a real YYYY-MM-DD (the
 * round trip refuses what Date.parse would roll over or guess at: 2026-02-30, 2026-1-5).
 */
function parseDay(text: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || isoDay(ms / DAY_MS) !== text ? Number.NaN : ms;
}

/**
 * A report's `start_date`/`end_date` (each optional: the start defaults to publishing, the end to
 * now). A date that is not YYYY-MM-DD, or a start after the end, is refused with 400 rather than
 * silently read as "no date" (a whole history): the status is what any API does with a bad
 * parameter; the body shape is undocumented [U], so a plausible one.
 */
function reportDates(c: Context<AppEnv>): { start?: number; end?: number } | Response {
  const out: { start?: number; end?: number } = {};
  for (const [name, field] of [
    ["start_date", "start"],
    ["end_date", "end"],
  ] as const) {
    const text = c.req.query(name);
    if (text === undefined) continue;
    const ms = parseDay(text);
    if (Number.isNaN(ms))
      return c.json({ error: "bad_request", message: `${name} must be a date (YYYY-MM-DD)` }, 400);
    out[field] = ms;
  }
  if (out.start !== undefined && out.end !== undefined && out.start > out.end)
    return c.json({ error: "bad_request", message: "start_date is after end_date" }, 400);
  return out;
}

/** A podcast of this key's account: another account's podcast is not found, as with a real token. */
function accountPodcast(c: Context<AppEnv>, id: string): SandboxPodcast | null {
  const podcast = podcastById(id);
  return podcast && podcastsForKey(bearer(c)).some((p) => p.id === podcast.id) ? podcast : null;
}

/** The episodes a downloads or listeners report covers: one episode, or every one of a podcast. */
function reportScope(c: Context<AppEnv>, now: number): SandboxEpisode[] | null {
  const episode = c.req.query("episode");
  if (episode) {
    const found = episodeById(episode, now);
    return found && accountPodcast(c, found.podcast.id) ? [found.episode] : [];
  }
  const podcast = accountPodcast(c, c.req.query("podcast") ?? "");
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
    const podcast = accountPodcast(c, c.req.param("id"));
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
    const podcast = accountPodcast(c, c.req.param("id"));
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
    const dates = reportDates(c);
    if (dates instanceof Response) return dates;
    const scope = reportScope(c, now);
    if (!scope || scope.length === 0)
      return c.json({ error: "not_found", message: "Not found" }, 404);
    const from = dates.start ?? Math.min(...scope.map((e) => e.publishedAt));
    const until = Math.min(now, dates.end === undefined ? now : dates.end + DAY_MS);
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
    const dates = reportDates(c);
    if (dates instanceof Response) return dates;
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
