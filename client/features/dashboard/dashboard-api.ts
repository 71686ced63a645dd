import { z } from "zod";
import {
  integrationMessages,
  integrationSuccessMessages,
} from "../../../shared/messages-integrations";
import {
  jobsResponseSchema,
  jobViewSchema,
  podcastsResponseSchema,
} from "../../../shared/schemas/ingestion";
import { api } from "../../lib/api/client";
import { orgQuery } from "../../lib/query/define-query";

export type Platform = "youtube" | "simplecast";

const statusSchema = z.object({
  integrations: z.array(
    z.object({
      type: z.enum(["youtube", "simplecast"]),
      status: z.enum(["active", "pending", "error"]),
    }),
  ),
});
const channelSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().nullable(),
  /** Null when the owner hides it (subscribersHidden). */
  subscriberCount: z.number().nullable(),
  subscribersHidden: z.boolean(),
  totalViews: z.number(),
  videoCount: z.number(),
  trailing1wViews: z.number().nullable(),
  lastUpdated: z.string().nullable(),
});
const showSchema = z.object({
  id: z.string(),
  title: z.string(),
  totalEpisodes: z.number(),
  totalDownloadsGlobal: z.number(),
  trailing1wDownloads: z.number().nullable(),
  lastUpdated: z.string().nullable(),
});
export type ChannelRow = z.infer<typeof channelSchema>;
export type ShowRow = z.infer<typeof showSchema>;

const base = (orgId: string) => `/api/orgs/${orgId}`;
export const dashboardApi = {
  status: (orgId: string) => api(`${base(orgId)}/integrations/status`, statusSchema),
  connect: (orgId: string, type: Platform, apiKey: string) =>
    api(`${base(orgId)}/integrations/${type}/connect`, z.unknown(), { body: { apiKey } }),
  podcasts: (orgId: string) =>
    api(`${base(orgId)}/integrations/simplecast/podcasts`, podcastsResponseSchema),
  addChannel: (orgId: string, url: string) =>
    api(`${base(orgId)}/channels`, z.object({ jobId: z.string() }), { body: { url } }),
  addShows: (orgId: string, podcastIds: string[]) =>
    api(`${base(orgId)}/shows`, z.object({ jobId: z.string() }), { body: { podcastIds } }),
  /** Refreshes every channel or show of the platform, or only `ids`. */
  refresh: (orgId: string, platform: Platform, ids?: string[]) =>
    api(`${base(orgId)}/refresh`, z.object({ jobIds: z.array(z.string().nullable()) }), {
      body: ids ? { platform, ids } : { platform },
    }),
  job: (orgId: string, jobId: string) =>
    api(`${base(orgId)}/jobs/${jobId}`, z.object({ job: jobViewSchema })),
  jobs: (orgId: string) => api(`${base(orgId)}/jobs?limit=10`, jobsResponseSchema),
  channels: (orgId: string) =>
    api(`${base(orgId)}/channels`, z.object({ channels: z.array(channelSchema) })),
  shows: (orgId: string) => api(`${base(orgId)}/shows`, z.object({ shows: z.array(showSchema) })),
};

/**
 * The dashboard's cached reads. Other screens that need channels or shows read these same
 * queries (with `select` for a narrower view), never their own fetch under the same key.
 */
export const dashboardQueries = {
  status: orgQuery("dashboard", "integration-status", dashboardApi.status),
  channels: orgQuery("dashboard", "channels", dashboardApi.channels),
  shows: orgQuery("dashboard", "shows", dashboardApi.shows),
  jobs: orgQuery("dashboard", "jobs", dashboardApi.jobs),
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
