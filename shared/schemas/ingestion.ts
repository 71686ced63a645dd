import { z } from "zod";
import { API_KEY_MAX } from "../text-limits";
import { integrationStatuses, integrationTypes, jobStatuses } from "./enums";

export const connectBodySchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, { message: "API key is required" })
    .max(API_KEY_MAX, { message: `API key must be at most ${API_KEY_MAX} characters` }),
});
export const connectParamSchema = z.object({ type: z.enum(integrationTypes) });
export const addChannelBodySchema = z.object({
  url: z.string().trim().min(1, { message: "Channel URL is required" }).max(500),
});
export const addShowsBodySchema = z.object({
  podcastIds: z
    .array(z.string().min(1).max(100))
    .min(1, { message: "Select at least one podcast" })
    .max(50),
});
export const refreshBodySchema = z.object({
  platform: z.enum(integrationTypes),
  refreshType: z.enum(["light", "full"]).default("full"),
  /** Only these channels or shows (the Edit dialog's "Refresh now"); all of them when absent. */
  ids: z
    .array(z.string().uuid({ message: "must be a list of ids" }))
    .min(1)
    .max(90)
    .optional(),
});

export const jobViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(jobStatuses),
  target: z.record(z.string(), z.unknown()),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  quotaUnits: z.number(),
  processed: z.number().nullable(),
  total: z.number().nullable(),
  d1Statements: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;
export const jobsResponseSchema = z.object({ jobs: z.array(jobViewSchema) });
/** The key's podcasts; `tracked` when the organisation already has the show (Refresh updates it). */
export const podcastsResponseSchema = z.object({
  podcasts: z.array(z.object({ id: z.string(), title: z.string(), tracked: z.boolean() })),
});

/** GET /integrations/status: what every member may know of each provider (never the key). */
export const integrationStatusResponseSchema = z.object({
  integrations: z.array(
    z.object({
      type: z.enum(integrationTypes),
      status: z.enum(integrationStatuses),
      mask: z.string(),
    }),
  ),
});
/** Adding a channel or shows starts a job the client follows. */
export const jobStartedSchema = z.object({ jobId: z.string() });
export const refreshResponseSchema = z.object({
  /** One job per channel or show; a target with a job already on the way gets none. */
  jobIds: z.array(z.string()),
  alreadyRunning: z.number(),
});
export const jobResponseSchema = z.object({ job: jobViewSchema });
export const jobsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const jobParamSchema = z.object({ jobId: z.string().uuid({ message: "Invalid job id" }) });

/** The dashboard's channel cards. */
export const channelSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().nullable(),
  /** Null when the channel's owner hides it (subscribersHidden). */
  subscriberCount: z.number().nullable(),
  subscribersHidden: z.boolean(),
  totalViews: z.number(),
  videoCount: z.number(),
  trailing1wViews: z.number().nullable(),
  lastUpdated: z.string().nullable(),
});
export type ChannelSummary = z.infer<typeof channelSummarySchema>;
export const channelsResponseSchema = z.object({ channels: z.array(channelSummarySchema) });
/** The dashboard's show cards. */
export const showSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  totalEpisodes: z.number(),
  totalDownloadsGlobal: z.number(),
  trailing1wDownloads: z.number().nullable(),
  lastUpdated: z.string().nullable(),
});
export type ShowSummary = z.infer<typeof showSummarySchema>;
export const showsResponseSchema = z.object({ shows: z.array(showSummarySchema) });
