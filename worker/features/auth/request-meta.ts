import type { Context } from "hono";
import type { AppEnv } from "../../env";

/**
 * The caller's address, for rate limits and session records. Behind Cloudflare (production) the
 * edge sets CF-Connecting-IP itself and overwrites whatever a client sent. Anywhere else (wrangler
 * dev, a test runner, a proxy we do not control) the header is just text a client chose, so it is
 * ignored and every caller counts as one local address: a spoofed header never buys a fresh
 * rate-limit budget.
 */
export const clientIp = (c: Context<AppEnv>) =>
  c.env.APP_ENV === "production" ? (c.req.header("cf-connecting-ip") ?? "unknown") : "local";
export const requestMeta = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  userAgent: c.req.header("user-agent") ?? null,
});
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[a-z0-9.-]+\.localhost)$/;

/**
 * The origin emailed links point at: the brand's configured origin. The Host header is the
 * caller's to choose, so a link built from it could send a reset link (and its one-time token)
 * to a stranger's site. Only in development, on a loopback host, is the request's own origin
 * used (the app runs on whatever local port it was given).
 */
export function linkOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const local = c.env.APP_ENV === "development" && LOOPBACK.test(url.hostname);
  if (local) return url.origin;
  const configured = c.get("brand").origin;
  if (!configured) throw new Error(`brand "${c.get("brand").id}" has no origin configured`);
  return new URL(configured).origin;
}

/** Brand name and link origin for the emails a request sends. */
export const emailContext = (c: Context<AppEnv>) => ({
  brandName: c.get("brand").name,
  origin: linkOrigin(c),
});
