import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { episodesOf, type OrganizationScope, videosOf } from "../../db/organization-scope";
import { type Reads, readOne } from "../../db/reads";
import { channels, episodes, shows, videos } from "../../db/schema";
import { type Row, toEpisodeRow, toVideoRow } from "./rows";
import type { KeyedRow, PlannedFilter, PlanSide, SliceArgs } from "./specs";
import { isParentSort, orderTerms, rowidOf, sortValue } from "./sql-helpers";

/** How a table's rows belong to a parent's: videos to channels, episodes to shows. */
export type ChildRelation = {
  table: SQLiteTable;
  organizationId: SQLiteColumn;
  /** One organisation's rows as the table's sort indexes read them. */
  scope: OrganizationScope;
  parentId: SQLiteColumn;
  parent: SQLiteTable;
  parentKey: SQLiteColumn;
  parentOrganizationId: SQLiteColumn;
  parentTitle: SQLiteColumn;
};

/** A child table as its pages read it. */
export type ChildTable<T extends SQLiteTable> = ChildRelation & {
  table: T;
  /** The parent title's column in a slice (a name no column of the table has). */
  parentTitleAs: string;
  /** The table's columns by key, in the order a page's JSON lists them. */
  columns: Array<[string, SQLiteColumn]>;
  toRow: (row: T["$inferSelect"], parentTitle: string) => Row;
};

export const videoChild: ChildTable<typeof videos> = {
  table: videos,
  organizationId: videos.organizationId,
  scope: videosOf,
  parentId: videos.channelId,
  parent: channels,
  parentKey: channels.id,
  parentOrganizationId: channels.organizationId,
  parentTitle: channels.title,
  parentTitleAs: "channel_title",
  columns: Object.entries(getTableColumns(videos)),
  toRow: toVideoRow,
};
export const episodeChild: ChildTable<typeof episodes> = {
  table: episodes,
  organizationId: episodes.organizationId,
  scope: episodesOf,
  parentId: episodes.showId,
  parent: shows,
  parentKey: shows.id,
  parentOrganizationId: shows.organizationId,
  parentTitle: shows.title,
  parentTitleAs: "show_title",
  columns: Object.entries(getTableColumns(episodes)),
  toRow: toEpisodeRow,
};

/**
 * Where a slice starts: the sort column's index (a walk), the rows `where` finds by rowid (a
 * search's matched set, then sorted), or a subquery of matched rowids (column `r`) joined to the
 * rows by rowid (a filter's index range, then sorted: specs.ts, "two plans").
 */
export type SliceStart = "walk" | "matched" | { rowids: SQL };

/**
 * A slice of the child rows with their parents' titles, built but not sent. Walked and sorted by
 * the parent's title, the parents lead (CROSS JOIN fixes SQLite's loop order) so their title
 * index gives the order; otherwise the rows lead through the sort column's index. From matched
 * rows, SQLite sorts them, whatever the sort. `orgId` may be the walk plan's organisation, which
 * is NULL when that plan is not taken.
 */
export function childSlice<T extends SQLiteTable>(
  db: Db,
  c: ChildTable<T>,
  orgId: string | SQL,
  a: SliceArgs,
  start: SliceStart = "walk",
) {
  const select = {
    row: c.table,
    parentTitle: sql<string>`${c.parentTitle}`.as(c.parentTitleAs),
    sortValue: sortValue(a.target),
    rowid: rowidOf(c.table),
  };
  const order = orderTerms(c.table, a.target, a.descending);
  if (typeof start === "object")
    // Joined by rowid, not listed with IN (why: specs.ts, filterPlan).
    return db
      .select(select)
      .from(sql`(${start.rowids}) AS matched`)
      .crossJoin(c.table)
      .innerJoin(c.parent, eq(c.parentKey, c.parentId))
      .where(and(sql`${c.table}.rowid = matched.r`, a.where))
      .orderBy(...order)
      .limit(a.limit)
      .offset(a.offset ?? 0);
  return isParentSort(a.target) && start === "walk"
    ? db
        .select(select)
        .from(c.parent)
        .crossJoin(c.table)
        .where(and(eq(c.parentOrganizationId, orgId), eq(c.parentId, c.parentKey), a.where))
        .orderBy(...order)
        .limit(a.limit)
        .offset(a.offset ?? 0)
    : db
        .select(select)
        .from(c.table)
        .innerJoin(c.parent, eq(c.parentKey, c.parentId))
        .where(a.where)
        .orderBy(...order)
        .limit(a.limit)
        .offset(a.offset ?? 0);
}

/**
 * The first `budget` entries of the walk down the sort index (the slice's walk without its
 * filters), each its rowid (`r`) and whether `kept` holds for its row: a filtered page's walk
 * with a budget (specs.ts, filterPlan). Only the child's own columns are tested, so the parent
 * is joined only when it gives the order.
 */
export function walkedEntries(
  c: ChildRelation,
  orgId: string,
  a: Pick<SliceArgs, "target" | "descending">,
  kept: SQL,
  budget: SQL,
): SQL {
  const order = sql.join(orderTerms(c.table, a.target, a.descending), sql`, `);
  return isParentSort(a.target)
    ? sql`SELECT ${c.table}.rowid AS r, ${kept} AS kept FROM ${c.parent} CROSS JOIN ${c.table} WHERE ${and(eq(c.parentOrganizationId, orgId), eq(c.parentId, c.parentKey))} ORDER BY ${order} LIMIT ${budget}`
    : sql`SELECT ${c.table}.rowid AS r, ${kept} AS kept FROM ${c.table} WHERE ${c.scope(orgId)} ORDER BY ${order} LIMIT ${budget}`;
}

/** A slice read as rows with their sort keys (exports and reports walk these). */
export const childSlicer =
  <T extends SQLiteTable>(c: ChildTable<T>) =>
  (db: Db, orgId: string, a: SliceArgs): Reads<KeyedRow[]> =>
    readOne(childSlice(db, c, orgId, a), (rows) =>
      rows.map(({ row, parentTitle, ...key }) => ({
        row: c.toRow(row as T["$inferSelect"], parentTitle),
        ...key,
      })),
    );

/**
 * A page of a child table as SQLite's own JSON: one value (an array of arrays, in the slice's
 * order) instead of 200 rows of 25 columns. Measured at 100,000 videos under wrangler dev, the
 * page's rows cost about 8 ms of a 21 ms request, most of it turning D1's row objects into
 * drizzle's and then the API's; JSON.parse of one string is native. The columns are decoded by
 * their own drizzle definitions and shaped by the table's row function, as its other reads are.
 */
export function childPage<T extends SQLiteTable>(
  db: Db,
  c: ChildTable<T>,
  orgId: string,
  a: SliceArgs,
  planned?: PlannedFilter,
): Reads<Row[]> {
  const { columns } = c;
  // A searched or filtered page holds both plans; the one not chosen reads nothing, gives no rows.
  const side = ({ start, organization, where }: PlanSide) =>
    childSlice(db, c, organization, { ...a, where }, start);
  const slice = planned
    ? sql`(SELECT * FROM (${side(planned.walk)}) UNION ALL SELECT * FROM (${side(planned.matched)})) AS slice`
    : childSlice(db, c, orgId, a).as("slice");
  const values = sql.join(
    [...columns.map(([, column]) => sql.identifier(column.name)), sql.identifier(c.parentTitleAs)],
    sql`, `,
  );
  // json_group_array keeps the order its rows arrive in: the slice's ORDER BY ... LIMIT.
  const rows = { rows: sql<string>`json_group_array(json_array(${values}))`.as("rows") };
  const statement = planned
    ? db
        .with(...planned.with)
        .select(rows)
        .from(slice)
    : db.select(rows).from(slice);
  return readOne(statement, ([result]) =>
    (JSON.parse(result?.rows ?? "[]") as unknown[][]).map((values) => {
      const row = Object.fromEntries(
        columns.map(([key, column], i) => [
          key,
          values[i] === null ? null : column.mapFromDriverValue(values[i]),
        ]),
      ) as T["$inferSelect"];
      return c.toRow(row, String(values[columns.length]));
    }),
  );
}
