import { z } from "zod";
import { integrationTypes } from "../schemas/enums";
import {
  addChannelBodySchema,
  addShowsBodySchema,
  channelsResponseSchema,
  connectBodySchema,
  integrationStatusResponseSchema,
  jobParamSchema,
  jobResponseSchema,
  jobStartedSchema,
  jobsQuerySchema,
  jobsResponseSchema,
  podcastsResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  showsResponseSchema,
} from "../schemas/ingestion";
import { integrationsResponseSchema } from "../schemas/organization";
import { jsonBody, orgParams, orgParamsWith, responds, routesOf } from "./define";

const route = routesOf("ingestion");

/** Connecting providers, adding channels and shows, and following their jobs. */
export const ingestionApi = {
  connect: route({
    method: "post",
    path: "/orgs/{orgId}/integrations/{type}/connect",
    summary: "Test a provider key and save it (admins only)",
    request: {
      params: orgParamsWith({ type: z.enum(integrationTypes) }),
      body: jsonBody(connectBodySchema),
    },
    responses: responds(200, "The organisation's integrations", integrationsResponseSchema),
  }),
  status: route({
    method: "get",
    path: "/orgs/{orgId}/integrations/status",
    summary: "Whether each provider is connected (a mask, never the key)",
    request: { params: orgParams },
    responses: responds(200, "Each provider's status", integrationStatusResponseSchema),
  }),
  podcasts: route({
    method: "get",
    path: "/orgs/{orgId}/integrations/simplecast/podcasts",
    summary: "The podcasts the Simplecast key can see",
    request: { params: orgParams },
    responses: responds(200, "Podcasts", podcastsResponseSchema),
  }),
  addChannel: route({
    method: "post",
    path: "/orgs/{orgId}/channels",
    summary: "Add a YouTube channel by URL (starts an ingestion job)",
    request: { params: orgParams, body: jsonBody(addChannelBodySchema) },
    responses: responds(202, "The job that ingests the channel", jobStartedSchema),
  }),
  addShows: route({
    method: "post",
    path: "/orgs/{orgId}/shows",
    summary: "Add Simplecast shows (starts an ingestion job)",
    request: { params: orgParams, body: jsonBody(addShowsBodySchema) },
    responses: responds(202, "The job that ingests the shows", jobStartedSchema),
  }),
  refresh: route({
    method: "post",
    path: "/orgs/{orgId}/refresh",
    summary: "Refresh every channel or show of a platform now",
    request: { params: orgParams, body: jsonBody(refreshBodySchema) },
    responses: responds(202, "The refresh jobs started", refreshResponseSchema),
  }),
  jobs: route({
    method: "get",
    path: "/orgs/{orgId}/jobs",
    summary: "Recent jobs, newest first",
    request: { params: orgParams, query: jobsQuerySchema },
    responses: responds(200, "Jobs", jobsResponseSchema),
  }),
  job: route({
    method: "get",
    path: "/orgs/{orgId}/jobs/{jobId}",
    summary: "One job, to follow its progress",
    request: { params: orgParams.extend(jobParamSchema.shape) },
    responses: responds(200, "The job", jobResponseSchema),
  }),
  channels: route({
    method: "get",
    path: "/orgs/{orgId}/channels",
    summary: "The organisation's channels, most recently updated first",
    request: { params: orgParams },
    responses: responds(200, "Channels", channelsResponseSchema),
  }),
  shows: route({
    method: "get",
    path: "/orgs/{orgId}/shows",
    summary: "The organisation's shows, most recently updated first",
    request: { params: orgParams },
    responses: responds(200, "Shows", showsResponseSchema),
  }),
};
