import { createMiddleware } from "hono/factory";
import { SECURITY_HEADERS } from "../../shared/security-headers";
import type { AppEnv } from "../env";

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket upgrade (101) must pass through untouched: copying it would drop the socket.
  if (c.res.status === 101) return;
  // Responses passed through from ASSETS or fetch() have immutable headers: copy first.
  c.res = new Response(c.res.body, c.res);
  const h = c.res.headers;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) h.set(name, value);
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
