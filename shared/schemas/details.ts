import { z } from "zod";
import { windowSources } from "../table-columns";

/*
 * The detail panel (GET /orgs/{orgId}/details/...): a daily series with its comparison period,
 * and pacing against the item's siblings.
 */

export const detailKinds = ["channels", "videos", "shows", "episodes"] as const;
export type DetailKind = (typeof detailKinds)[number];

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date like 2026-01-31" });
/** At most two years in one chart: the comparison doubles what is read. */
export const MAX_CHART_DAYS = 731;

export const detailParamsSchema = z.object({
  kind: z.enum(detailKinds),
  id: z.string().uuid({ message: "Invalid id" }),
});
export const seriesQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_CHART_DAYS, {
    message: `A chart covers at most ${MAX_CHART_DAYS} days`,
    path: ["from"],
  });

const metric = z.enum(["views", "downloads"]);
/** One day; null when we know nothing of it (the chart leaves a gap, never a 0). */
const pointSchema = z.object({ date: z.string(), value: z.number().nullable() });
export type Point = z.infer<typeof pointSchema>;

/**
 * Owner analytics only (null for channels and videos nobody connected, and for podcasts): watch
 * minutes and average view duration (seconds) per day, null where unknown.
 */
const watchTimeSchema = z.object({
  minutes: z.array(pointSchema),
  averageViewDuration: z.array(pointSchema),
});
export type WatchTimeSeries = z.infer<typeof watchTimeSchema>;

export const seriesSchema = z.object({
  metric,
  from: z.string(),
  to: z.string(),
  points: z.array(pointSchema),
  total: z.number(),
  previous: z.object({ from: z.string(), to: z.string(), total: z.number(), days: z.number() }),
  change: z.object({ absolute: z.number(), percent: z.number().nullable() }),
  /** Days our snapshots skipped (their growth is credited to the day after). */
  gaps: z.number(),
  title: z.string(),
  lastUpdated: z.string().nullable(),
  /** A video's or episode's publication (ISO); null for channels and shows. */
  publishedAt: z.string().nullable(),
  /**
   * Where the daily views come from (YouTube only; null for podcasts): the owner's exact rows on
   * every day of the period, our public snapshots on none, or both ("mixed").
   */
  viewsSource: z.enum(windowSources).nullable(),
  watchTime: watchTimeSchema.nullable(),
});
export type Series = z.infer<typeof seriesSchema>;

export const pacingSchema = z.object({
  days: z.array(z.number()),
  item: z.array(z.number().nullable()),
  median: z.array(z.number().nullable()),
  peers: z.number(),
  metric,
});
export type Pacing = z.infer<typeof pacingSchema>;
