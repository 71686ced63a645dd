import { and, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  type CountThreshold,
  PUBLISHED_PRESET_DAYS,
  type TableQuery,
} from "../../../shared/schemas/tables";
import { midnightOfDay } from "../../../shared/zoned-time";
import type { OrganizationScope } from "../../db/organization-scope";
import { ApiError } from "../../errors";

const DAY_MS = 86_400_000;

/** The parent's title as a sort key (a video's channel, an episode's show). */
export type ParentSort = { parent: SQLiteTable; title: SQLiteColumn };
export type SortTarget = SQLiteColumn | ParentSort;
export const isParentSort = (t: SortTarget): t is ParentSort => "parent" in t;

/**
 * A map's own entry for a caller's key. A plain `map[key]` would find Object.prototype's members
 * (`?sort=constructor` gives a function, `__proto__` an object) and crash the query builder.
 */
export const ownEntry = <T>(map: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/** The sort column the query asks for, or 400 naming the field. */
export function sortTarget(
  sortable: Record<string, SortTarget>,
  query: TableQuery,
  fallback: string,
): { key: string; target: SortTarget; descending: boolean } {
  const key = query.sort ?? fallback;
  const target = ownEntry(sortable, key);
  if (!target)
    throw new ApiError(
      "BAD_REQUEST",
      `sort: unknown column "${key}"; one of ${Object.keys(sortable).join(", ")}`,
      { field: "sort" },
    );
  return { key, target, descending: query.dir !== "asc" };
}

/**
 * ORDER BY a column, ties broken by rowid, missing values (NULL) last in both directions. Every
 * sortable column has an index led by the organisation (worker/db/schema/content.ts), and every
 * index ends with the rowid, so SQLite reads the page straight off the index: backwards for DESC
 * (where NULLs already come last), and for ASC NULLS LAST in two passes (values, then NULLs).
 * A parent's title sorts through the parent's own title index, its rows then in rowid order.
 */
export function orderTerms(table: SQLiteTable, target: SortTarget, descending: boolean): SQL[] {
  const dir = sql.raw(descending ? "DESC" : "ASC");
  const nullsLast = (c: SQLiteColumn) => (descending || c.notNull ? sql`` : sql` NULLS LAST`);
  if (isParentSort(target))
    return [
      sql`${target.title} ${dir}${nullsLast(target.title)}`,
      sql`${target.parent}.rowid ${dir}`,
      sql`${table}.rowid ${dir}`,
    ];
  return [sql`${target} ${dir}${nullsLast(target)}`, sql`${table}.rowid ${dir}`];
}

/**
 * A filter's column as its comparison reads it. On its index, SQLite may start from that index's
 * range; off it (a unary `+`), the column is only tested on rows found some other way: a page
 * walking the sort column's index must not start from a filter's range and then sort every
 * matched row (specs.ts, "two plans").
 */
const filterSide = (column: SQLiteColumn, onIndex: boolean) =>
  onIndex ? sql`${column}` : sql`+${column}`;

/** A value compared with `column`, bound as the column stores it (dates as their number). */
const boundAs = (column: SQLiteColumn, value: unknown) => sql.param(value, column);

/**
 * The clock a "published in the last N days" preset is resolved by: the start of the minute. So
 * the pages and totals asked within one minute agree, and totals can be kept for that minute
 * (totals-cache.ts); a video published seconds from the edge shows from the next minute on.
 */
export const presetClock = (now: number) => Math.floor(now / 60_000) * 60_000;

/** The "published" preset or date range of a query on `column`; undefined when it has none. */
export function publishedFilter(
  column: SQLiteColumn,
  query: TableQuery,
  now: number,
  onIndex = true,
): SQL | undefined {
  const side = filterSide(column, onIndex);
  const parts: SQL[] = [];
  if (query.published)
    parts.push(
      sql`${side} >= ${boundAs(column, new Date(presetClock(now) - PUBLISHED_PRESET_DAYS[query.published] * DAY_MS))}`,
    );
  // Date inputs are whole days of the query's zone: from the start of the first to the start of
  // the day after the last.
  const zone = query.timeZone ?? "UTC";
  if (query.publishedFrom)
    parts.push(sql`${side} >= ${boundAs(column, midnightOfDay(query.publishedFrom, zone))}`);
  if (query.publishedTo)
    parts.push(sql`${side} < ${boundAs(column, midnightOfDay(query.publishedTo, zone, 1))}`);
  return and(...parts);
}

/** A count preset's filter (shared/schemas/tables.ts VIEWS_/DOWNLOADS_THRESHOLDS). */
export function thresholdFilter(
  column: SQLiteColumn,
  threshold: CountThreshold | undefined,
  onIndex = true,
): SQL | undefined {
  if (!threshold) return undefined;
  const side = filterSide(column, onIndex);
  return threshold.keep === "above"
    ? sql`${side} > ${threshold.bound}`
    : sql`${side} < ${threshold.bound}`;
}

/** `column = value`, or undefined without a value. */
export function equalFilter(column: SQLiteColumn, value: unknown, onIndex = true): SQL | undefined {
  if (value === undefined) return undefined;
  return sql`${filterSide(column, onIndex)} = ${boundAs(column, value)}`;
}

/** `column IN (values)`, or undefined for no values (a filter that keeps everything). */
export function listFilter(
  column: SQLiteColumn,
  values: readonly unknown[] | undefined,
  onIndex = true,
): SQL | undefined {
  if (!values?.length) return undefined;
  const list = sql.join(
    values.map((v) => boundAs(column, v)),
    sql`, `,
  );
  return sql`${filterSide(column, onIndex)} IN (${list})`;
}

/** `max(col) > 0` for each optional column over a filtered set, in one aggregate. */
export function optionalFlagSelect(columns: Record<string, SQLiteColumn>) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      sql<number>`coalesce(max(${column}) > 0, 0)`.as(key),
    ]),
  );
}

/**
 * The same flags over a whole organisation's table, one index seek each: `SELECT max(col)` with
 * the organisation fixed is answered from the end of the column's index.
 */
export function optionalFlagSeeks(
  table: SQLiteTable,
  scope: OrganizationScope,
  orgId: string,
  columns: Record<string, SQLiteColumn>,
) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      sql<number>`coalesce((SELECT max(${column}) FROM ${table} WHERE ${scope(orgId)}) > 0, 0)`.as(
        key,
      ),
    ]),
  );
}

/*
 * Every extra column gets a name no table column has: D1 batches answer rows as objects, and
 * drizzle maps them back by position, so two columns of one name (a video's title and its
 * channel's) would collapse into one and shift every column after them.
 */
export const sortValue = (target: SortTarget) =>
  sql<unknown>`${isParentSort(target) ? target.title : target}`.as("sort_value");
export const rowidOf = (table: SQLiteTable) => sql<number>`${table}.rowid`.as("row_id");
