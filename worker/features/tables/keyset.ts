import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TableName, TableQuery } from "../../../shared/schemas/tables";
import type { Db } from "../../db/client";
import { runReads } from "../../db/reads";
import { channels, episodes, shows, videos } from "../../db/schema";
import { yieldTurn } from "../../db/turn";
import type { Row } from "./rows";
import { defaultSort, type KeyedRow, type SliceArgs, slicers, sortables, wheres } from "./specs";
import { isParentSort, type ParentSort, sortTarget } from "./sql-helpers";

/*
 * A whole filtered, sorted table in pages whose cursor is the bound of an index range: each page
 * starts where the previous one ended (sort value, rowid) instead of skipping OFFSET rows, so
 * every page costs the same however deep it is, and each statement is short. Missing values
 * (NULL) come last: the values first, then the NULLs in rowid order. Sorted by a parent's title,
 * the parents are walked in title order and each one's rows by rowid.
 */

/*
 * Rows per statement. Each D1 call has a fixed cost well above its SQL (about 25 ms a call under
 * wrangler dev at 100k videos, against 2 ms of SQL for 500 rows), so a 100k-row export in 500-row
 * pages spent most of its time between statements; 2,000 rows is still a short statement (a few
 * ms of SQL) and a few MB of rows in memory at a time.
 */
export const KEYSET_PAGE = 2000;

const tableOf: Record<TableName, SQLiteTable> = { channels, videos, shows, episodes };
const childOf: Partial<Record<TableName, { parentId: SQLiteColumn; parent: SQLiteTable }>> = {
  videos: { parentId: videos.channelId, parent: channels },
  episodes: { parentId: episodes.showId, parent: shows },
};

async function* walk(
  read: (bound: SQL | undefined) => Promise<KeyedRow[]>,
  next: (last: KeyedRow) => SQL,
  pageSize: number,
): AsyncGenerator<KeyedRow[]> {
  let bound: SQL | undefined;
  for (;;) {
    const slice = await read(bound);
    if (slice.length > 0) yield slice;
    const last = slice.at(-1);
    if (slice.length < pageSize || !last) return;
    bound = next(last);
    // A download of a whole table is hundreds of pages: other requests get their turn between
    // them (worker/db/turn.ts).
    await yieldTurn();
  }
}

/** The whole filtered, sorted table in keyset pages of rows: keyedKeysetPages without the keys. */
export async function* keysetPages(
  ...args: Parameters<typeof keyedKeysetPages>
): AsyncGenerator<Row[]> {
  for await (const slice of keyedKeysetPages(...args)) yield slice.map((r) => r.row);
}

/**
 * keysetPages with each row's sort value and rowid (for a caller that merges the pages with rows
 * of another stream in the same order), and `condition` on top of the query's filters.
 */
export async function* keyedKeysetPages(
  db: Db,
  orgId: string,
  name: TableName,
  query: TableQuery,
  now: number,
  pageSize = KEYSET_PAGE,
  condition?: SQL,
): AsyncGenerator<KeyedRow[]> {
  const { target, descending } = sortTarget(sortables[name], query, defaultSort[name]);
  const where = and(wheres[name](orgId, query, now), condition);
  const table = tableOf[name];
  const rowid = sql`${table}.rowid`;
  const beyond = (r: number) => (descending ? sql`${rowid} < ${r}` : sql`${rowid} > ${r}`);
  const slice = (extra: SQL | undefined, args: Partial<SliceArgs> = {}) =>
    runReads(
      db,
      slicers[name](db, orgId, {
        where: and(where, extra),
        target,
        descending,
        limit: pageSize,
        ...args,
      }),
    );

  if (isParentSort(target)) {
    yield* parentOrdered(db, orgId, name, target, descending, slice, beyond, pageSize);
    return;
  }
  // The values, from the cursor on: (value, rowid) beyond the last row read.
  const after = (last: KeyedRow) =>
    descending
      ? sql`(${target}, ${rowid}) < (${last.sortValue}, ${last.rowid})`
      : sql`(${target}, ${rowid}) > (${last.sortValue}, ${last.rowid})`;
  yield* walk((bound) => slice(and(isNotNull(target), bound)), after, pageSize);
  if (target.notNull) return;
  // Then the rows without a value, by rowid.
  yield* walk(
    (bound) => slice(and(isNull(target), bound)),
    (last) => beyond(last.rowid),
    pageSize,
  );
}

async function* parentOrdered(
  db: Db,
  orgId: string,
  name: TableName,
  target: ParentSort,
  descending: boolean,
  slice: (extra: SQL | undefined, args?: Partial<SliceArgs>) => Promise<KeyedRow[]>,
  beyond: (rowid: number) => SQL,
  pageSize: number,
): AsyncGenerator<KeyedRow[]> {
  const child = childOf[name];
  if (!child) return;
  const parentId = name === "videos" ? channels.id : shows.id;
  const parentOrg = name === "videos" ? channels.organizationId : shows.organizationId;
  const order = descending ? desc : asc;
  const parents = await db
    .select({ id: parentId })
    .from(target.parent)
    .where(eq(parentOrg, orgId))
    .orderBy(order(target.title), order(sql`${target.parent}.rowid`));
  for (const parent of parents) {
    const only = and(eq(parentId, parent.id), eq(child.parentId, parent.id));
    yield* walk(
      (bound) => slice(and(only, bound)),
      (last) => beyond(last.rowid),
      pageSize,
    );
  }
}
