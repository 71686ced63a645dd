import { ingestionApi } from "../../../shared/api/ingestion";
import {
  integrationMessages,
  integrationSuccessMessages,
} from "../../../shared/messages-integrations";
import type { ChannelSummary, ShowSummary } from "../../../shared/schemas/ingestion";
import { call } from "../../lib/api/client";
import { routeQuery } from "../../lib/query/route-query";

export type Platform = "youtube" | "simplecast";
export type ChannelRow = ChannelSummary;
export type ShowRow = ShowSummary;

/** The dashboard's calls: each a route of shared/api/ingestion.ts, its answer parsed by its schema. */
export const dashboardApi = {
  connect: (orgId: string, type: Platform, apiKey: string) =>
    call(ingestionApi.connect, { params: { orgId, type }, body: { apiKey } }),
  podcasts: (orgId: string) => call(ingestionApi.podcasts, { params: { orgId } }),
  addChannel: (orgId: string, url: string) =>
    call(ingestionApi.addChannel, { params: { orgId }, body: { url } }),
  addShows: (orgId: string, podcastIds: string[]) =>
    call(ingestionApi.addShows, { params: { orgId }, body: { podcastIds } }),
  /** Refreshes every channel or show of the platform, or only `ids`. */
  refresh: (orgId: string, platform: Platform, ids?: string[]) =>
    call(ingestionApi.refresh, {
      params: { orgId },
      body: ids ? { platform, ids } : { platform },
    }),
  job: (orgId: string, jobId: string) => call(ingestionApi.job, { params: { orgId, jobId } }),
};

/**
 * The dashboard's cached reads, keyed and typed by their routes. Other screens that need channels
 * or shows read these same queries (with `select` for a narrower view), never their own fetch.
 */
export const dashboardQueries = {
  status: routeQuery(ingestionApi.status),
  channels: routeQuery(ingestionApi.channels),
  shows: routeQuery(ingestionApi.shows),
  jobs: routeQuery(ingestionApi.jobs, (orgId) => ({ params: { orgId }, query: { limit: 10 } })),
};

/** A platform's data that could not be read (spec section 8). */
export const loadFailedMessages: Record<Platform, string> = {
  youtube: "Failed to load YouTube data",
  simplecast: "Failed to load Simplecast data",
};

/** The spec's words for the dashboard's integration flows, all from shared/messages-integrations.ts. */
export const ingestionMessages = {
  channelAdded: integrationSuccessMessages.channelAdded,
  channelUpdateInitiated: integrationSuccessMessages.channelUpdateInitiated,
  addChannelFailed: integrationMessages.addChannelFailed,
  offline: integrationMessages.offline,
  processingShows: integrationSuccessMessages.processingShows,
  showsAdded: integrationSuccessMessages.showsAdded,
  showsNotAdded: integrationMessages.showsNotAdded,
  addShowsFailed: integrationMessages.addShowsFailed,
  foundPodcasts: integrationSuccessMessages.foundPodcasts,
  fetchPodcastsFailed: integrationMessages.availablePodcastsFailed,
  refreshedSimplecast: integrationSuccessMessages.refreshedSimplecast,
  refreshSimplecastFailed: integrationMessages.refreshSimplecastFailed,
} as const;
