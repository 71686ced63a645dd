import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { isSandbox } from "./env";
import { ApiError, errorBody, handleError } from "./errors";
import { accountRoutes, orgRoutes } from "./features/account/routes";
import { authRoutes } from "./features/auth/routes";
import { clientErrorRoutes } from "./features/client-errors/routes";
import { clientShellRoutes } from "./features/client-shell/routes";
import { devApiRoutes, devRoutes } from "./features/dev/routes";
import { googleCallbackRoutes } from "./features/google/routes";
import { healthRoutes } from "./features/health/routes";
import { imageRoutes } from "./features/images/routes";
import { multiChannelSocketRoutes } from "./features/multichannel/routes";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import { sandboxApp } from "./sandbox/app";

/** JSON bodies above this are refused before parsing. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Uploads (multipart): 5 MB of image plus the multipart framing. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

// bodyLimit counts the bytes as they stream in, so a chunked body without Content-Length is cut
// off at the limit too.
const limit = (maxSize: number, message: string, reason?: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError("PAYLOAD_TOO_LARGE", message, reason ? { reason } : {});
    },
  });
const jsonBodyLimit = limit(
  JSON_BODY_LIMIT,
  `Request body is larger than ${JSON_BODY_LIMIT / 1024} KB`,
);
const uploadBodyLimit = limit(
  UPLOAD_BODY_LIMIT,
  "File size must be less than 5MB",
  "file_too_large",
);

/** The JSON API. Each feature is a chained sub-app so `AppType` carries every route's types. */
const api = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    // Uploads are multipart and have their own limit; everything else is small JSON.
    if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data"))
      return uploadBodyLimit(c, next);
    return jsonBodyLimit(c, next);
  })
  .route("/health", healthRoutes)
  .route("/client-errors", clientErrorRoutes)
  .route("/auth", authRoutes)
  .route("/account", accountRoutes)
  // The board's WebSocket checks its own ticket (a browser cannot send the bearer header).
  .route("/orgs", multiChannelSocketRoutes)
  .route("/orgs/:orgId", orgRoutes)
  .route("/images", imageRoutes)
  .route("/google", googleCallbackRoutes)
  .route("/dev", devApiRoutes);

export type AppType = typeof api;

export const app = new Hono<AppEnv>();
app.use("*", requestContext, securityHeaders);
app.route("/api", api);
app.route("/dev", devRoutes);
// The emulators are reachable from the browser (e.g. Google's consent page) only with the sandbox on.
app.all("/sandbox/*", (c) =>
  isSandbox(c.env)
    ? sandboxApp.fetch(c.req.raw, c.env)
    : c.json(errorBody(c, new ApiError("NOT_FOUND", "Not found")), 404),
);
// Unknown API paths get the JSON envelope, never the SPA's HTML.
app.all("/api/*", (c) =>
  c.json(
    errorBody(c, new ApiError("NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`)),
    404,
  ),
);
app.route("/", clientShellRoutes);
app.notFound((c) => c.json(errorBody(c, new ApiError("NOT_FOUND", "Not found")), 404));
app.onError(handleError);
