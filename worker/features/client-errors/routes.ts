import { bodyLimit } from "hono/body-limit";
import { clientErrorsApi } from "../../../shared/api/client-errors";
import { CLIENT_ERROR_LIMITS } from "../../../shared/schemas/client-errors";
import { ApiError } from "../../errors";
import { newRouter } from "../../lib/openapi";
import { clientIp } from "../auth/request-meta";
import { memoryRateLimiter } from "./rate-limit";

/** 20 reports a minute from one address: a crash loop reports itself, then goes quiet. */
const perAddress = memoryRateLimiter({ limit: 20, windowMs: 60_000 });

/**
 * Errors the browser caught (uncaught, unhandled rejections, error boundaries), written to the
 * Worker's log with the same redaction as server logs. Open to signed-out pages too, since the
 * sign-in screen can fail as well; size-capped and rate-limited per address.
 */
export const clientErrorRoutes = newRouter().openapi(
  {
    ...clientErrorsApi.report,
    // Its own cap, below the API's JSON limit: checked before the body is parsed.
    middleware: [
      bodyLimit({
        maxSize: CLIENT_ERROR_LIMITS.body,
        onError: () => {
          throw new ApiError(
            "PAYLOAD_TOO_LARGE",
            `Error report is larger than ${CLIENT_ERROR_LIMITS.body / 1024} KB`,
          );
        },
      }),
    ],
  },
  (c) => {
    if (!perAddress.allow(clientIp(c), Date.now()))
      throw new ApiError("RATE_LIMITED", "Too many error reports. Please try again later.", {
        reason: "rate_limited",
      });
    const { requestId: failedRequestId, ...report } = c.req.valid("json");
    // The line's own requestId is this report's; the failed API call's id sits beside it.
    c.get("log").error("client: error reported", {
      ...report,
      failedRequestId,
      userAgent: c.req.header("user-agent")?.slice(0, 300) ?? null,
    });
    return c.body(null, 204);
  },
);
