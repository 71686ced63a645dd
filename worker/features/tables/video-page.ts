import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Reads, readOne } from "../../db/reads";
import { channels, videos } from "../../db/schema";
import { type Row, toVideoRow } from "./rows";
import type { PlannedFilter, SliceArgs } from "./specs";
import { isParentSort, orderTerms, rowidOf, sortValue } from "./sql-helpers";

/**
 * A slice of the videos with their channels' titles, built but not sent. Sorted by the channel's
 * title, the channels lead (CROSS JOIN fixes SQLite's loop order) so their title index gives the
 * order; otherwise the videos lead through the sort column's index. `fromMatches` is for a filter
 * that starts from a small set of matched rowids (specs.ts, "two plans"): the videos then lead
 * from that set and SQLite sorts them, whatever the sort.
 */
export function videoSlice(db: Db, orgId: string | SQL, a: SliceArgs, fromMatches = false) {
  const select = {
    v: videos,
    channelTitle: sql<string>`${channels.title}`.as("channel_title"),
    sortValue: sortValue(a.target),
    rowid: rowidOf(videos),
  };
  return isParentSort(a.target) && !fromMatches
    ? db
        .select(select)
        .from(channels)
        .crossJoin(videos)
        .where(and(eq(channels.organizationId, orgId), eq(videos.channelId, channels.id), a.where))
        .orderBy(...orderTerms(videos, a.target, a.descending))
        .limit(a.limit)
        .offset(a.offset ?? 0)
    : db
        .select(select)
        .from(videos)
        .innerJoin(channels, eq(channels.id, videos.channelId))
        .where(a.where)
        .orderBy(...orderTerms(videos, a.target, a.descending))
        .limit(a.limit)
        .offset(a.offset ?? 0);
}

const videoColumns = Object.entries(getTableColumns(videos));

/**
 * A page of the Videos table as SQLite's own JSON: one value (an array of arrays, in the slice's
 * order) instead of 200 rows of 25 columns. Measured at 100,000 videos under wrangler dev, the
 * page's rows cost about 8 ms of a 21 ms request, most of it turning D1's row objects into
 * drizzle's and then the API's; JSON.parse of one string is native. The columns are decoded by
 * their own drizzle definitions and shaped by toVideoRow, as the other reads of videos are.
 */
export function videoPage(
  db: Db,
  orgId: string,
  a: SliceArgs,
  planned?: PlannedFilter,
): Reads<Row[]> {
  // A searched page holds both plans; the one not chosen reads nothing and gives no rows.
  const slice = planned
    ? sql`(SELECT * FROM (${videoSlice(db, planned.walkOrganization, { ...a, where: planned.walk })}) UNION ALL SELECT * FROM (${videoSlice(db, orgId, { ...a, where: planned.matched }, true)})) AS slice`
    : videoSlice(db, orgId, a).as("slice");
  const values = sql.join(
    [
      ...videoColumns.map(([, column]) => sql.identifier(column.name)),
      sql.identifier("channel_title"),
    ],
    sql`, `,
  );
  // json_group_array keeps the order its rows arrive in: the slice's ORDER BY ... LIMIT.
  const rows = { rows: sql<string>`json_group_array(json_array(${values}))`.as("rows") };
  const statement = planned
    ? db.with(planned.with).select(rows).from(slice)
    : db.select(rows).from(slice);
  return readOne(statement, ([result]) =>
    (JSON.parse(result?.rows ?? "[]") as unknown[][]).map((values) => {
      const v = Object.fromEntries(
        videoColumns.map(([key, column], i) => [
          key,
          values[i] === null ? null : column.mapFromDriverValue(values[i]),
        ]),
      ) as typeof videos.$inferSelect;
      return toVideoRow(v, String(values[videoColumns.length]));
    }),
  );
}
