import { z } from "zod";
import { api } from "../../lib/api/client";
import { orgQuery } from "../../lib/query/define-query";

export type DetailKind = "channels" | "videos" | "shows" | "episodes";

/** One day; null when we know nothing of it (the chart leaves a gap, never a 0). */
const pointSchema = z.object({ date: z.string(), value: z.number().nullable() });
export const seriesSchema = z.object({
  metric: z.enum(["views", "downloads"]),
  from: z.string(),
  to: z.string(),
  points: z.array(pointSchema),
  total: z.number(),
  previous: z.object({ from: z.string(), to: z.string(), total: z.number(), days: z.number() }),
  change: z.object({ absolute: z.number(), percent: z.number().nullable() }),
  gaps: z.number(),
  title: z.string(),
  lastUpdated: z.string().nullable(),
});
export type Series = z.infer<typeof seriesSchema>;
export const pacingSchema = z.object({
  days: z.array(z.number()),
  item: z.array(z.number().nullable()),
  median: z.array(z.number().nullable()),
  peers: z.number(),
  metric: z.enum(["views", "downloads"]),
});
export type Pacing = z.infer<typeof pacingSchema>;

export const detailsApi = {
  series: (orgId: string, kind: DetailKind, id: string, from: string, to: string) =>
    api(`/api/orgs/${orgId}/details/${kind}/${id}/series?from=${from}&to=${to}`, seriesSchema),
  pacing: (orgId: string, kind: DetailKind, id: string) =>
    api(`/api/orgs/${orgId}/details/${kind}/${id}/pacing`, pacingSchema),
};

/** The detail panel's cached reads. */
export const detailQueries = {
  series: orgQuery("details", "series", detailsApi.series),
  pacing: orgQuery("details", "pacing", detailsApi.pacing),
};
