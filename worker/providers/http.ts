import type { Fetcher } from "./transport";

/*
 * What the YouTube and Simplecast clients share: one typed failure, reading a JSON answer with a
 * timeout, Retry-After parsing, and a bounded retry loop with exponential backoff.
 */

export type ProviderErrorKind =
  | "invalid_key"
  | "quota_exceeded"
  | "not_found"
  | "forbidden"
  | "bad_request"
  | "rate_limited"
  | "unavailable"
  | "timeout"
  | "malformed";

/** Failures that may succeed if asked again a little later. */
const RETRYABLE: ReadonlySet<ProviderErrorKind> = new Set([
  "rate_limited",
  "unavailable",
  "timeout",
  "malformed",
]);

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** HTTP status, or 0 when no answer arrived (network failure, timeout). */
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

export type RetryOptions = {
  /** Retries after the first attempt (so at most maxRetries + 1 requests). */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
};

const BASE_DELAY_MS = 500;
/**
 * The longest a client waits inside one job. A Retry-After beyond it is not waited out in
 * process (the Worker would sit idle); the error surfaces and the queue retries the job later.
 */
export const MAX_IN_PROCESS_WAIT_MS = 30_000;
export const DEFAULT_TIMEOUT_MS = 15_000;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 10.2.3); absent gives undefined. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Wait before retry number `attempt` (0-based): Retry-After when given, else 0.5 s, 1 s, 2 s... */
export function backoffMs(attempt: number, error: ProviderError): number {
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  return Math.min(MAX_IN_PROCESS_WAIT_MS, BASE_DELAY_MS * 2 ** attempt);
}

/** Runs `attempt` until it succeeds, fails for good, or the retry budget is spent. */
export async function withRetries<T>(attempt: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const maxRetries = opts.maxRetries ?? 3;
  const sleep = opts.sleep ?? defaultSleep;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable || n >= maxRetries) throw error;
      const wait = backoffMs(n, error);
      if (wait > MAX_IN_PROCESS_WAIT_MS) throw error;
      await sleep(wait);
    }
  }
}

export type JsonAnswer = {
  status: number;
  ok: boolean;
  headers: Headers;
  body: unknown;
  malformed: boolean;
};

/**
 * One GET with a timeout. Network failures and timeouts become ProviderErrors (status 0); an
 * answer whose body is not JSON is returned with `malformed` set, for the caller to classify.
 */
export async function getJson(
  fetcher: Fetcher,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  label: string,
  makeError: (kind: ProviderErrorKind, message: string, status: number) => ProviderError,
): Promise<JsonAnswer> {
  const failure = (cause: unknown) => {
    const timedOut =
      cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
    return timedOut
      ? makeError("timeout", `${label} did not answer in time`, 0)
      : makeError("unavailable", `Failed to connect to ${label}`, 0);
  };
  let res: Response;
  let text: string;
  try {
    // The timeout covers the whole exchange, body included (a stalled body times out too).
    res = await fetcher(url, {
      headers: { Accept: "application/json", ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (cause) {
    throw failure(cause);
  }
  let body: unknown;
  let malformed = false;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    malformed = true;
  }
  return { status: res.status, ok: res.ok, headers: res.headers, body, malformed };
}
