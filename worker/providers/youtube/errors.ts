import { youtubeErrorSchema } from "./schemas";

export type YouTubeErrorKind = "invalid_key" | "quota_exceeded" | "not_found" | "rate_limited" | "unavailable" | "bad_response" | "forbidden";

/** A typed YouTube failure; `retryable` ones are retried with backoff before surfacing. */
export class YouTubeError extends Error {
  constructor(
    readonly kind: YouTubeErrorKind,
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get retryable() {
    return this.kind === "rate_limited" || this.kind === "unavailable";
  }
}

/** Maps YouTube's error body (both invalid-key formats included) to a typed error. */
export function youtubeErrorFrom(status: number, body: unknown, retryAfter: string | null): YouTubeError {
  const parsed = youtubeErrorSchema.safeParse(body);
  const reasons = parsed.success ? [...(parsed.data.error.errors ?? []).map((e) => e.reason), ...(parsed.data.error.details ?? []).map((d) => d.reason)] : [];
  const message = parsed.success ? parsed.data.error.message : `YouTube answered ${status}`;
  if (reasons.includes("keyInvalid") || reasons.includes("API_KEY_INVALID")) return new YouTubeError("invalid_key", "Invalid API key or unable to connect to YouTube", status);
  if (reasons.includes("quotaExceeded") || reasons.includes("dailyLimitExceeded")) return new YouTubeError("quota_exceeded", "YouTube API quota exceeded for today. It resets at midnight Pacific time.", status);
  if (status === 429 || reasons.includes("rateLimitExceeded") || reasons.includes("userRateLimitExceeded")) {
    const seconds = Number(retryAfter);
    return new YouTubeError("rate_limited", "YouTube is rate limiting requests", status, Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined);
  }
  if (status === 404 || reasons.includes("playlistNotFound") || reasons.includes("channelNotFound")) return new YouTubeError("not_found", message, status);
  if (status >= 500) return new YouTubeError("unavailable", "Failed to connect to YouTube", status);
  if (status === 401 || status === 403) return new YouTubeError("forbidden", message, status);
  return new YouTubeError("bad_response", message, status);
}
