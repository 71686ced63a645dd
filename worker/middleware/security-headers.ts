import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/*
 * CSP: scripts only from our origin (no inline scripts; the brand travels as a JSON data block,
 * which the browser never executes). Inline style attributes are allowed because the UI
 * primitives position popovers with them. WebSockets go to our own origin only.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket upgrade (101) must pass through untouched: copying it would drop the socket.
  if (c.res.status === 101) return;
  // Responses passed through from ASSETS or fetch() have immutable headers: copy first.
  c.res = new Response(c.res.body, c.res);
  const h = c.res.headers;
  h.set("Content-Security-Policy", CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("X-Frame-Options", "DENY");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  // API answers are per user: never stored by the browser or a shared cache unless a route says
  // otherwise (images set their own caching). The development pages (/dev/mailbox shows
  // temporary passwords) are never stored either.
  const path = new URL(c.req.url).pathname;
  if ((path.startsWith("/api/") || path.startsWith("/dev/")) && !h.has("Cache-Control"))
    h.set("Cache-Control", "no-store");
  if (new URL(c.req.url).protocol === "https:") {
    h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
});
