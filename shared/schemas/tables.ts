import { z } from "zod";
import {
  type ColumnKinds,
  sortKeys,
  type TableName,
  tableColumns,
  tableNames,
  windowSources,
} from "../table-columns";
import { SEARCH_MAX } from "../text-limits";
import { timeZoneIds } from "../timezones";

export { type TableName, tableNames };

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

/** What a count preset keeps: rows above or below a bound (the labels above say the same). */
export type CountThreshold = { keep: "above" | "below"; bound: number };
export const VIEWS_THRESHOLDS: Record<keyof typeof viewsPresets, CountThreshold> = {
  gt1000: { keep: "above", bound: 1_000 },
  gt10000: { keep: "above", bound: 10_000 },
  gt100000: { keep: "above", bound: 100_000 },
  lt1000: { keep: "below", bound: 1_000 },
};
export const DOWNLOADS_THRESHOLDS: Record<keyof typeof downloadsPresets, CountThreshold> = {
  gt500: { keep: "above", bound: 500 },
  gt1000: { keep: "above", bound: 1_000 },
  gt5000: { keep: "above", bound: 5_000 },
  lt500: { keep: "below", bound: 500 },
};

export const TABLE_PAGE_SIZE = 200;

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
  /** A column id; each table's own schema below narrows it to that table's sort keys. */
  sort: z.string().max(40).optional(),
  dir: z.enum(["asc", "desc"]).default("desc"),
  q: z.string().trim().max(SEARCH_MAX).optional(),
  channel: idList.optional(),
  show: idList.optional(),
  views: z.enum(Object.keys(viewsPresets) as [keyof typeof viewsPresets]).optional(),
  downloads: z.enum(Object.keys(downloadsPresets) as [keyof typeof downloadsPresets]).optional(),
  season: z.coerce.number().int().min(0).max(10_000).optional(),
  published: z.enum(Object.keys(publishedPresets) as [keyof typeof publishedPresets]).optional(),
  publishedFrom: isoDay.optional(),
  publishedTo: isoDay.optional(),
  /**
   * The zone whose calendar days publishedFrom and publishedTo name: the app sends its
   * organisation's, so a range means the days its people see. UTC when left out.
   */
  timeZone: z
    .enum(timeZoneIds, {
      error: (i) => `unknown time zone "${i.input}"; one of ${timeZoneIds.join(", ")}`,
    })
    .optional(),
  /** Videos only: Merge Same (rows grouped by trimmed title). */
  merge: z.literal("1").optional(),
  /** Videos only: also count the rows once merged (the Merge Same button needs it). */
  duplicates: z.literal("1").optional(),
});
export type TableQuery = z.infer<typeof tableQuerySchema>;

/** Table T's query: the common fields, with `sort` one of T's sortable columns. */
const queryFor = <T extends TableName>(table: T) => {
  const keys = sortKeys(table);
  return tableQuerySchema.extend({
    sort: z
      .enum(keys, { error: (i) => `unknown column "${i.input}"; one of ${keys.join(", ")}` })
      .optional(),
  });
};
export const tableQuerySchemas = {
  channels: queryFor("channels"),
  videos: queryFor("videos"),
  shows: queryFor("shows"),
  episodes: queryFor("episodes"),
};
const exportFor = <T extends TableName>(table: T) =>
  tableQuerySchemas[table].extend({ format: z.enum(["csv", "json"]).default("csv") });
export const tableExportQuerySchemas = {
  channels: exportFor("channels"),
  videos: exportFor("videos"),
  shows: exportFor("shows"),
  episodes: exportFor("episodes"),
};

/** The season filter's query (strict: a filter this route does not take is a mistake, 400). */
export const seasonsQuerySchema = tableQuerySchema.pick({ show: true }).strict();
export const seasonsResponseSchema = z.object({ seasons: z.array(z.number()) });

/*
 * Rows. Each column of the catalogue is a field whose value follows its kind; dates are ISO
 * strings, and a missing figure is null. The fields that are not columns (ids a row links by)
 * are listed per table.
 */
const valueByKind = {
  text: z.string().nullable(),
  number: z.number().nullable(),
  date: z.string().nullable(),
  duration: z.number().nullable(),
  season: z.number().nullable(),
  source: z.enum(windowSources),
  minutes: z.number().nullable(),
} as const;
const rowExtras = {
  channels: {
    id: z.string(),
    externalId: z.string().nullable(),
    /** The channel's owner hides its subscriber count (subscriberCount is then null). */
    subscribersHidden: z.boolean(),
  },
  videos: {
    id: z.string(),
    channelId: z.string(),
    durationSeconds: z.number().nullable(),
    /** The owner hides the video's likes (likes is then null): YouTube gives no likeCount. */
    likesHidden: z.boolean(),
    /** The video's comments are turned off (comments is then null): YouTube gives no commentCount. */
    commentsOff: z.boolean(),
    /** Merge Same: how many videos of this title the row sums (absent when not merged). */
    mergedCount: z.number().optional(),
  },
  shows: { id: z.string(), externalId: z.string().nullable() },
  episodes: { id: z.string(), externalId: z.string().nullable(), showId: z.string() },
};
type RowShape<T extends TableName> = {
  [K in keyof ColumnKinds<T>]: (typeof valueByKind)[ColumnKinds<T>[K] & keyof typeof valueByKind];
} & (typeof rowExtras)[T];
const rowFor = <T extends TableName>(table: T) =>
  z.object({
    ...rowExtras[table],
    ...Object.fromEntries(tableColumns[table].map((c) => [c.id, valueByKind[c.kind]])),
  }) as unknown as z.ZodObject<RowShape<T>>;
export const tableRowSchemas = {
  channels: rowFor("channels"),
  videos: rowFor("videos"),
  shows: rowFor("shows"),
  episodes: rowFor("episodes"),
};
export type TableRowOf<T extends TableName> = z.infer<(typeof tableRowSchemas)[T]>;

const pageFor = <T extends TableName>(table: T) =>
  z.object({
    rows: z.array(tableRowSchemas[table]),
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
export const tablePageSchemas = {
  channels: pageFor("channels"),
  videos: pageFor("videos"),
  shows: pageFor("shows"),
  episodes: pageFor("episodes"),
};
export type TablePage<T extends TableName = TableName> = z.infer<(typeof tablePageSchemas)[T]>;
