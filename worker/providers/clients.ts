import { SheetsClient } from "./google/sheets";
import type { RetryOptions } from "./http";
import { SimplecastClient } from "./simplecast/client";
import { providerFetch } from "./transport";
import { type QuotaMeter, YouTubeClient } from "./youtube/client";

/*
 * The provider base URLs are configuration (ARCHITECTURE section 6): unset, the clients use the
 * real APIs (https://www.googleapis.com/youtube/v3, https://api.simplecast.com); a deployment may
 * point them at a proxy or regional endpoint. With SANDBOX=1 the transport answers the real hosts
 * in-process, whatever the base URL's path.
 */
declare global {
  namespace Cloudflare {
    interface Env {
      YOUTUBE_API_BASE_URL?: string;
      SIMPLECAST_API_BASE_URL?: string;
      /** How long a provider call may take before it counts as a timeout (default 15 s). */
      PROVIDER_TIMEOUT_MS?: string;
      /**
       * How long a Google Sheets call may take (default 30 s: an append carries up to 1.5 MB).
       * Separate from PROVIDER_TIMEOUT_MS, which is sized for small reads.
       */
      SHEETS_TIMEOUT_MS?: string;
    }
  }
}

const timeoutFrom = (value: string | undefined): { timeoutMs?: number } => {
  const ms = Number(value);
  return Number.isInteger(ms) && ms > 0 ? { timeoutMs: ms } : {};
};
const configuredTimeout = (env: Env): Pick<RetryOptions, "timeoutMs"> =>
  timeoutFrom(env.PROVIDER_TIMEOUT_MS);

export const youtubeClient = (
  env: Env,
  apiKey: string,
  opts: RetryOptions & { meter?: QuotaMeter } = {},
) =>
  new YouTubeClient(apiKey, providerFetch(env), {
    ...configuredTimeout(env),
    ...opts,
    ...(env.YOUTUBE_API_BASE_URL ? { baseUrl: env.YOUTUBE_API_BASE_URL } : {}),
  });

export const simplecastClient = (env: Env, apiKey: string, opts: RetryOptions = {}) =>
  new SimplecastClient(apiKey, providerFetch(env), {
    ...configuredTimeout(env),
    ...opts,
    ...(env.SIMPLECAST_API_BASE_URL ? { baseUrl: env.SIMPLECAST_API_BASE_URL } : {}),
  });

/** The Sheets client for a Google access token, with the deployment's SHEETS_TIMEOUT_MS. */
export const sheetsClient = (env: Env, accessToken: string) =>
  new SheetsClient(providerFetch(env), accessToken, timeoutFrom(env.SHEETS_TIMEOUT_MS));
