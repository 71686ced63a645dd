import type { IntegrationType } from "./schemas/enums";

/*
 * The integrations and channels/shows messages of the spec (section 8), word for word, plus the
 * few this product adds (quota, timeouts). The API puts a stable `reason` in its error envelope
 * and on failed jobs (`errorCode`); both sides pick the words here by reason, never by matching
 * English text. Kept apart from shared/messages.ts (accounts) so the two features do not collide.
 */

export const platformLabel: Record<IntegrationType, string> = {
  youtube: "YouTube",
  simplecast: "Simplecast",
};

/**
 * Why a request or a job failed: the `reason` of an API error envelope, or a failed job's
 * `errorCode` (jobs also use the provider failure kinds from rate_limited on, while retrying).
 */
export const integrationReasons = [
  "invalid_key",
  "provider_unavailable",
  "quota_exceeded",
  "integration_missing",
  "integration_inactive",
  "invalid_channel_url",
  "channel_not_found",
  "show_not_found",
  "podcasts_unavailable",
  "retries_exhausted",
  "forbidden",
  "bad_request",
  "rate_limited",
  "unavailable",
  "timeout",
  "malformed",
  "internal",
] as const;
export type IntegrationReason = (typeof integrationReasons)[number];

/** The spec's pair for each platform: a refused key, and a provider we could not reach. */
export const invalidKeyMessage = (type: IntegrationType) =>
  `Invalid API key or unable to connect to ${platformLabel[type]}`;
export const connectFailedMessage = (type: IntegrationType) =>
  `Failed to connect to ${platformLabel[type]}`;

/** No integration row at all (spec: "A missing integration row counts as not connected"). */
export const integrationMissingMessage: Record<IntegrationType, string> = {
  youtube: "Please set up your YouTube API key first",
  simplecast: "Simplecast API key not found",
};
/** A row exists but is not active (e.g. the key was changed in Organization Settings: pending). */
export const integrationInactiveMessage: Record<IntegrationType, string> = {
  youtube: "YouTube integration not found",
  simplecast: "Simplecast API key not found",
};

export const integrationMessages = {
  organizationNotFound: "Organization not found",
  offline: "No internet connection available",
  quotaExceeded: "YouTube API quota exceeded for today. It resets at midnight Pacific time.",
  timeout: (type: IntegrationType) => `${platformLabel[type]} did not answer in time`,
  unreadable: (type: IntegrationType) =>
    `${platformLabel[type]} sent a response that could not be read`,
  channelUrlHandle: (host: string) => `Please provide a handle-based URL like ${host}/@channelname`,
  channelUrlInvalid: "Invalid YouTube channel URL",
  channelNotFound: (handle: string) => `No YouTube channel found for ${handle}`,
  podcastsFetchFailed: "Failed to fetch podcasts from Simplecast",
  availablePodcastsFailed: "Failed to fetch available podcasts",
  refreshSimplecastFailed: "Failed to refresh from Simplecast",
  channelNotAdded: "Channel was not added after multiple retries",
  addChannelFailed: "Failed to add channel",
  // The spec's message named a Zapier webhook; our shows are added by our own ingestion job.
  showsNotAdded:
    "Shows were not added after polling. Please check the ingestion job in Recent activity or try again.",
  addShowsFailed: "Failed to add shows",
  retriesExhausted: "The job kept failing and was stopped after several retries.",
  downloadCsvFailed: "Failed to download CSV file",
  downloadJsonFailed: "Failed to download JSON file",
  copyFailed: "Failed to copy table data",
} as const;

export const integrationSuccessMessages = {
  connected: (type: IntegrationType) => `${platformLabel[type]} integration connected successfully`,
  channelUpdateInitiated: "Channel update initiated",
  channelAdded: "Channel added successfully",
  foundPodcasts: (n: number) => `Found ${n} available podcast(s)`,
  processingShows: "Processing shows... This may take a moment.",
  showsAdded: (n: number) => `Successfully added ${n} show(s)`,
  refreshedSimplecast: "Refreshed from Simplecast successfully",
} as const;
