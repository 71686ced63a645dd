import { z } from "zod";

/** The spec's filter presets (section 9). */
export const viewsPresets = {
  gt1000: "More than 1,000 views",
  gt10000: "More than 10,000 views",
  gt100000: "More than 100,000 views",
  lt1000: "Less than 1,000 views",
} as const;
export const downloadsPresets = {
  gt500: "More than 500 downloads",
  gt1000: "More than 1,000 downloads",
  gt5000: "More than 5,000 downloads",
  lt500: "Less than 500 downloads",
} as const;
export const publishedPresets = {
  week: "Published this week",
  month: "Published this month",
  year: "Published this year",
} as const;
export const PUBLISHED_PRESET_DAYS = { week: 7, month: 30, year: 365 } as const;

export const TABLE_PAGE_SIZE = 200;
export const tableNames = ["channels", "videos", "shows", "episodes"] as const;
export type TableName = (typeof tableNames)[number];

const idList = z
  .string()
  .max(4000)
  .transform((s) => s.split(",").filter(Boolean))
  .pipe(z.array(z.string().uuid({ message: "must be a list of ids" })).max(100));
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date like 2026-01-31" });

/** Everything a table page can be asked for; the URL of the page carries the same fields. */
export const tableQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(TABLE_PAGE_SIZE).default(TABLE_PAGE_SIZE),
  sort: z.string().max(40).optional(),
  dir: z.enum(["asc", "desc"]).default("desc"),
  q: z.string().trim().max(200).optional(),
  channel: idList.optional(),
  show: idList.optional(),
  views: z.enum(Object.keys(viewsPresets) as [keyof typeof viewsPresets]).optional(),
  downloads: z.enum(Object.keys(downloadsPresets) as [keyof typeof downloadsPresets]).optional(),
  season: z.coerce.number().int().min(0).max(10_000).optional(),
  published: z.enum(Object.keys(publishedPresets) as [keyof typeof publishedPresets]).optional(),
  publishedFrom: isoDay.optional(),
  publishedTo: isoDay.optional(),
  /** Videos only: Merge Same (rows grouped by trimmed title). */
  merge: z.literal("1").optional(),
  /** Videos only: also count the rows once merged (the Merge Same button needs it). */
  duplicates: z.literal("1").optional(),
});
export type TableQuery = z.infer<typeof tableQuerySchema>;

export const tablePageSchema = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Optional columns (trailing and first windows) shown only when a row of the filtered set has a value above 0. */
  optionalColumns: z.record(z.string(), z.boolean()),
  /** When the newest row of the filtered set was last refreshed (the table's freshness label). */
  refreshedAt: z.string().nullable(),
  /** Videos: rows in the filtered set and rows once merged by title (Merge Same appears when they differ). */
  duplicates: z.object({ total: z.number(), merged: z.number() }).nullable(),
});
export type TablePage = z.infer<typeof tablePageSchema>;
