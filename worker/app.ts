import { Hono } from "hono";
import type { AppEnv } from "./env";
import { ApiError, errorBody, handleError } from "./errors";
import { clientShellRoutes } from "./features/client-shell/routes";
import { devRoutes } from "./features/dev/routes";
import { sandboxOf } from "./lib/sandbox";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import { api } from "./routes/api";

/*
 * The Worker's HTTP surface: the JSON API (worker/routes/api.ts, where the organisation's route
 * tree is composed), development pages, the sandbox emulators and the client shell.
 */
export const app = new Hono<AppEnv>();
app.use("*", requestContext, securityHeaders);
app.route("/api", api);
app.route("/dev", devRoutes);
// The emulators are reachable from the browser (e.g. Google's consent page) only with the sandbox
// on, in a build that has them (development's: worker/dev.ts).
app.all("/sandbox/*", (c) => {
  const sandbox = sandboxOf(c.env);
  return sandbox
    ? sandbox.pages(c.req.raw, c.env)
    : c.json(errorBody(c, new ApiError("NOT_FOUND", "Not found")), 404);
});
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
