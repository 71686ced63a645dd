import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Reads, readOne } from "../../db/reads";
import { channels, videos } from "../../db/schema";
import { type Row, toVideoRow } from "./rows";
import type { SliceArgs } from "./specs";
import { isParentSort, orderTerms, rowidOf, sortValue } from "./sql-helpers";

/**
 * A slice of the videos with their channels' titles, built but not sent. Sorted by the channel's
 * title, the channels lead (CROSS JOIN fixes SQLite's loop order) so their title index gives the
 * order; otherwise the videos lead through the sort column's index.
 */
export function videoSlice(db: Db, orgId: string, a: SliceArgs) {
  const select = {
    v: videos,
    channelTitle: sql<string>`${channels.title}`.as("channel_title"),
    sortValue: sortValue(a.target),
    rowid: rowidOf(videos),
  };
  return isParentSort(a.target)
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
export function videoPage(db: Db, orgId: string, a: SliceArgs): Reads<Row[]> {
  const slice = videoSlice(db, orgId, a).as("slice");
  const values = sql.join(
    [
      ...videoColumns.map(([, column]) => sql.identifier(column.name)),
      sql.identifier("channel_title"),
    ],
    sql`, `,
  );
  // json_group_array keeps the order its rows arrive in: the slice's ORDER BY ... LIMIT.
  const statement = db
    .select({ rows: sql<string>`json_group_array(json_array(${values}))`.as("rows") })
    .from(slice);
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
