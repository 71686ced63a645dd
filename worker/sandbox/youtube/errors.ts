import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { keyForOperation } from "../faults";
import { SLOW_ANSWER_MS, stall } from "../seeded";

/*
 * Magic API keys reproduce YouTube's real error answers (see worker/sandbox/README.md). Every
 * other non-empty key is valid.
 */
export const YOUTUBE_MAGIC_KEYS = {
  invalid: "sandbox-invalid-key",
  invalidLegacy: "sandbox-invalid-legacy-key",
  quotaExceeded: "sandbox-quota-exceeded",
  rateLimited: "sandbox-rate-limited",
  serverError: "sandbox-server-error",
  malformed: "sandbox-malformed-json",
  slow: "sandbox-timeout",
} as const;

/** The slow key answers normally, but only after the clients have stopped waiting. */
export const slowKey = createMiddleware<AppEnv>(async (c, next) => {
  if (effectiveKey(c) === YOUTUBE_MAGIC_KEYS.slow) await stall(SLOW_ANSWER_MS, c.req.raw.signal);
  await next();
});

const body = (
  code: number,
  message: string,
  reason: string,
  domain = "global",
  extra: Record<string, unknown> = {},
) => ({ error: { code, message, errors: [{ message, domain, reason }], ...extra } });

/** The operation is the last path segment (channels, playlistItems, videos). */
const effectiveKey = (c: Context<AppEnv>) => {
  const key = c.req.query("key");
  return key === undefined
    ? undefined
    : keyForOperation(key, c.req.path.split("/").pop()!.toLowerCase());
};

/** The error YouTube would answer for this key, or null when the key is good. */
export function keyError(c: Context<AppEnv>): Response | null {
  const key = effectiveKey(c);
  if (!key)
    return c.json(
      body(403, "The request is missing a valid API key.", "forbidden", "global", {
        status: "PERMISSION_DENIED",
      }),
      403,
    );
  switch (key) {
    case YOUTUBE_MAGIC_KEYS.invalid:
      return c.json(
        body(400, "API key not valid. Please pass a valid API key.", "badRequest", "global", {
          status: "INVALID_ARGUMENT",
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason: "API_KEY_INVALID",
              domain: "googleapis.com",
              metadata: { service: "youtube.googleapis.com" },
            },
          ],
        }),
        400,
      );
    case YOUTUBE_MAGIC_KEYS.invalidLegacy:
      return c.json(
        {
          error: {
            code: 400,
            message: "Bad Request",
            errors: [{ domain: "usageLimits", reason: "keyInvalid", message: "Bad Request" }],
          },
        },
        400,
      );
    case YOUTUBE_MAGIC_KEYS.quotaExceeded:
      return c.json(
        body(
          403,
          "The request cannot be completed because you have exceeded your quota.",
          "quotaExceeded",
          "youtube.quota",
        ),
        403,
      );
    case YOUTUBE_MAGIC_KEYS.rateLimited:
      c.header("Retry-After", "1");
      return c.json(body(429, "Too many requests", "rateLimitExceeded", "usageLimits"), 429);
    case YOUTUBE_MAGIC_KEYS.malformed:
      return c.body('{"kind": "youtube#channelListResponse", "items": [', 200, {
        "Content-Type": "application/json",
      });
    case YOUTUBE_MAGIC_KEYS.serverError:
      return c.json(body(503, "The service is currently unavailable.", "backendError"), 503);
    default:
      return null;
  }
}

export const badParameter = (
  c: Context<AppEnv>,
  message: string,
  reason = "missingRequiredParameter",
) => c.json(body(400, message, reason), 400);
export const notFound = (c: Context<AppEnv>, message: string, reason: string) =>
  c.json(body(404, message, reason, "youtube.playlistItem"), 404);
