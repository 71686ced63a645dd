import { z } from "zod";
import { integrationTypes, jobStatuses } from "./enums";

export const connectBodySchema = z.object({
  apiKey: z.string().trim().min(1, { message: "API key is required" }).max(300),
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
export const podcastsResponseSchema = z.object({
  podcasts: z.array(z.object({ id: z.string(), title: z.string() })),
});
