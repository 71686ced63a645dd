import { z } from "zod";
import { dateRangeTypes } from "./date-range";

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date like 2026-01-31" });

/** GET /api/orgs/:orgId/overview: a platform and one of the spec's date ranges (custom: from/to). */
export const overviewQuerySchema = z
  .object({
    platform: z.enum(["youtube", "simplecast"]),
    range: z.enum(dateRangeTypes).default("30days"),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((q) => q.range !== "custom" || (q.from && q.to), {
    message: "A custom range needs from and to",
    path: ["from"],
  })
  .refine((q) => q.range !== "custom" || !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["from"],
  });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const pointSchema = z.object({ date: z.string(), value: z.number().nullable() });

/** One headline figure: its value over the period, the previous period's, and a sparkline. */
export const overviewMetricSchema = z.object({
  key: z.enum([
    "views",
    "subscribers",
    "videosPublished",
    "downloads",
    "newEpisodeDownloads",
    "episodesPublished",
  ]),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /**
   * Against the previous period of the same length; null when there is nothing to compare. For
   * subscribers, the tracked channels' own growth (a channel added during the period counts
   * nothing), so it is not always `value - previous`.
   */
  change: z.object({ absolute: z.number(), percent: z.number().nullable() }).nullable(),
  series: z.array(pointSchema),
});
export type OverviewMetric = z.infer<typeof overviewMetricSchema>;

/** A video or episode that gained the most views or downloads in the period. */
export const overviewMoverSchema = z.object({
  id: z.string(),
  title: z.string(),
  parentTitle: z.string(),
  gain: z.number(),
  previousGain: z.number().nullable(),
});
export type OverviewMover = z.infer<typeof overviewMoverSchema>;

export const overviewSchema = z.object({
  platform: z.enum(["youtube", "simplecast"]),
  period: z.object({ from: isoDay, to: isoDay, days: z.number() }),
  previous: z.object({ from: isoDay, to: isoDay }).nullable(),
  /** Days per sparkline point (1 up to 90 days; longer periods are summed into weeks or more). */
  bucketDays: z.number(),
  metrics: z.array(overviewMetricSchema),
  movers: z.array(overviewMoverSchema),
  lastUpdated: z.string().nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;
