import {
  connectFailedMessage,
  integrationMessages,
  invalidKeyMessage,
} from "../../../shared/messages-integrations";
import { ProviderError, parseRetryAfter } from "../http";
import { youtubeErrorSchema } from "./schemas";

/** A typed YouTube failure; `retryable` ones are retried with backoff before surfacing. */
export class YouTubeError extends ProviderError {
  /** YouTube's own reason (errors[].reason), e.g. playlistNotFound, when it gave one. */
  reason?: string;
}

/**
 * Maps YouTube's error answer to a typed error. Invalid keys come in two formats (the current
 * one names API_KEY_INVALID in `details[]`, the legacy one keyInvalid in `errors[]`): both count.
 */
export function youtubeErrorFrom(
  status: number,
  body: unknown,
  retryAfter: string | null,
): YouTubeError {
  const parsed = youtubeErrorSchema.safeParse(body);
  const reasons = parsed.success
    ? [
        ...(parsed.data.error.errors ?? []).map((e) => e.reason),
        ...(parsed.data.error.details ?? []).map((d) => d.reason),
      ]
    : [];
  const has = (...names: string[]) => names.some((name) => reasons.includes(name));
  const message = parsed.success ? parsed.data.error.message : `YouTube answered ${status}`;
  if (has("keyInvalid", "API_KEY_INVALID"))
    return new YouTubeError("invalid_key", invalidKeyMessage("youtube"), status);
  if (has("quotaExceeded", "dailyLimitExceeded"))
    return new YouTubeError("quota_exceeded", integrationMessages.quotaExceeded, status);
  if (status === 429 || has("rateLimitExceeded", "userRateLimitExceeded"))
    return new YouTubeError(
      "rate_limited",
      "YouTube is rate limiting requests",
      status,
      parseRetryAfter(retryAfter),
    );
  if (status === 404 || has("playlistNotFound", "channelNotFound", "videoNotFound")) {
    const notFound = new YouTubeError("not_found", message, status);
    notFound.reason = reasons.find((r) => r?.endsWith("NotFound"));
    return notFound;
  }
  if (status >= 500)
    return new YouTubeError("unavailable", connectFailedMessage("youtube"), status);
  // API not enabled for the key's project, missing key, OAuth-only filters: the key cannot be used.
  if (status === 401 || status === 403) return new YouTubeError("forbidden", message, status);
  return new YouTubeError("bad_request", message, status);
}
