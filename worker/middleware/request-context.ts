import { createMiddleware } from "hono/factory";
// Type-only (erased from the build): Hono's context is typed by the app's bindings and variables.
import type { AppEnv } from "../env";
import { configuredBrands, selectBrand } from "../lib/brand";
import { getDb } from "../lib/db";
import { makeLogger } from "../lib/logger";

// Accept a caller's request id only if it looks like one of ours, so logs cannot be spoofed.
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Gives every request an id (echoed in X-Request-Id and every log line), its logger, its
 * database handle and its brand. The brand comes from the request URL's host, which on Workers
 * is the Host the browser sent.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("log", makeLogger({ requestId }));
  // Content and accounts share the primary database until an organisation's routes name the
  // organisation's own content database (worker/features/auth/middleware.ts).
  const primary = getDb(c.env);
  c.set("primary", primary);
  c.set("db", primary);
  c.set("brand", selectBrand(configuredBrands(c.env.BRANDS), new URL(c.req.url).host));
  await next();
  c.header("X-Request-Id", requestId);
});
