import { and, asc, desc, gt, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { PUBLISHED_PRESET_DAYS, type TableQuery } from "../../../shared/schemas/tables";
import { ApiError } from "../../errors";

const DAY_MS = 86_400_000;

/** Case-insensitive substring search over several columns, with LIKE wildcards in the term escaped. */
export function searchAny(
  columns: Array<SQLiteColumn | SQL>,
  q: string | undefined,
): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return or(...columns.map((c) => sql`${c} like ${pattern} escape '\\'`));
}

/** ORDER BY a column the table allows, or 400 naming the field; ties broken by id for stable pages. */
export function orderBy(
  sortable: Record<string, SQLiteColumn | SQL>,
  query: TableQuery,
  fallback: string,
  id: SQLiteColumn,
): SQL[] {
  const key = query.sort ?? fallback;
  const column = sortable[key];
  if (!column)
    throw new ApiError(
      "BAD_REQUEST",
      `sort: unknown column "${key}"; one of ${Object.keys(sortable).join(", ")}`,
      { field: "sort" },
    );
  // NULLs (no value yet) sort last whichever the direction. SQLite already puts them last when
  // descending, and leaving the "is null" key out there lets it walk the column's index in order
  // (only ties are sorted), which is what makes the default descending sorts fast on large tables.
  if (query.dir === "asc") return [sql`${column} is null`, asc(column), asc(id)];
  return [desc(column), asc(id)];
}

export function publishedFilter(
  column: SQLiteColumn,
  query: TableQuery,
  now: number,
): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (query.published)
    parts.push(gte(column, new Date(now - PUBLISHED_PRESET_DAYS[query.published] * DAY_MS)));
  // Date inputs are whole days: from the start of the first to the end of the last (UTC).
  if (query.publishedFrom)
    parts.push(gte(column, new Date(`${query.publishedFrom}T00:00:00.000Z`)));
  if (query.publishedTo) parts.push(lte(column, new Date(`${query.publishedTo}T23:59:59.999Z`)));
  return and(...parts);
}

export function thresholdFilter(column: SQLiteColumn, preset: string | undefined): SQL | undefined {
  const match = preset ? /^(gt|lt)(\d+)$/.exec(preset) : null;
  if (!match) return undefined;
  return match[1] === "gt" ? gt(column, Number(match[2])) : lt(column, Number(match[2]));
}

/** `max(col) > 0` for each optional column over the filtered set, in one aggregate. */
export function optionalFlagSelect(columns: Record<string, SQLiteColumn>) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      sql<number>`coalesce(max(${column}) > 0, 0)`,
    ]),
  );
}
