import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { ApiError, errorBody, handleError } from "./errors";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import { healthRoutes } from "./features/health/routes";
import { clientShellRoutes } from "./features/client-shell/routes";

/** JSON bodies above this are refused before parsing (uploads set their own, larger limit). */
export const JSON_BODY_LIMIT = 64 * 1024;

const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new ApiError("PAYLOAD_TOO_LARGE", `Request body is larger than ${JSON_BODY_LIMIT / 1024} KB`);
  },
});

/** The JSON API. Each feature is a chained sub-app so `AppType` carries every route's types. */
const api = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    // Uploads are multipart and have their own limit; everything else is small JSON.
    if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data")) return next();
    return jsonBodyLimit(c, next);
  })
  .route("/health", healthRoutes);

export type AppType = typeof api;

export const app = new Hono<AppEnv>();
app.use("*", requestContext, securityHeaders);
app.route("/api", api);
// Unknown API paths get the JSON envelope, never the SPA's HTML.
app.all("/api/*", (c) => c.json(errorBody(c, new ApiError("NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`)), 404));
app.route("/", clientShellRoutes);
app.notFound((c) => c.json(errorBody(c, new ApiError("NOT_FOUND", "Not found")), 404));
app.onError(handleError);
