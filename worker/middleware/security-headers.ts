import { createMiddleware } from "hono/factory";
// Type-only (erased from the build): Hono's context is typed by the app's bindings and variables.
import type { AppEnv } from "../env";
import { withSecurityHeaders } from "../lib/security-headers";

/** Every answer, whoever produced it, leaves with the security headers (lib/security-headers). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket upgrade (101) passes untouched: even assigning c.res copies it, dropping the socket.
  if (c.res.status === 101) return;
  c.res = withSecurityHeaders(c.res, new URL(c.req.url));
});
