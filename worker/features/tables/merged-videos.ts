import { countDistinct, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { TableQuery } from "../../../shared/schemas/tables";
import { type SortKey, sortKeys, tableColumns } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { type Reads, readOne } from "../../db/reads";
import { channels, videos } from "../../db/schema";
import { ApiError } from "../../errors";
import type { Row } from "./rows";
import { ownEntry } from "./sql-helpers";

/*
 * Merge Same (spec section 9) on the server, so paging stays on the server: the filtered videos
 * are grouped by trimmed title with window functions; each group shows as its highest-views row
 * (ties: the lowest id) with views, likes, comments and every window summed (a window missing on
 * every member stays missing), the group's size, its window source (one when every member has
 * it, "mixed" otherwise) and its average view duration (weighted by views). Sorting and paging
 * apply to the merged rows.
 */

/** Summed over a group: every count column of the videos table (counts, windows, watch time). */
const summedIds = tableColumns.videos
  .filter((c) => c.kind === "number" || c.kind === "minutes")
  .map((c) => c.id);
type SummedId = (typeof summedIds)[number];
const SUMMED = Object.fromEntries(
  summedIds.map((id) => [id, getTableColumns(videos)[id].name]),
) as Record<SummedId, string>;

/** The outer query's column of each sort key that is not a sum (a fixed list: never input). */
const kept: Record<Exclude<SortKey<"videos">, SummedId>, string> = {
  title: "title",
  channelTitle: "channel_title",
  publishDate: "publish_date",
  lastUpdated: "last_updated",
  averageViewDuration: "average_view_duration",
};
/** The videos' sort keys (shared/table-columns.ts), each the merged rows' column it orders by. */
const SORTS: Record<string, string> = Object.fromEntries(
  sortKeys("videos").map((key) => [
    key,
    key in SUMMED ? `m_${key}` : kept[key as keyof typeof kept],
  ]),
);

export function mergedVideoPage(
  db: Db,
  where: SQL | undefined,
  query: TableQuery,
  limit: number,
  offset: number,
): Reads<Row[]> {
  const key = query.sort ?? "publishDate";
  const column = ownEntry(SORTS, key);
  if (!column)
    throw new ApiError(
      "BAD_REQUEST",
      `sort: unknown column "${key}"; one of ${Object.keys(SORTS).join(", ")}`,
      { field: "sort" },
    );
  const direction = query.dir === "asc" ? "ASC" : "DESC";
  const sums = Object.entries(SUMMED).map(([k, col]) =>
    sql.raw(`SUM("videos"."${col}") OVER g AS "m_${k}"`),
  );
  const merged = sql`(
      SELECT "videos"."id", "videos"."title", "videos"."external_id", "videos"."channel_id", "videos"."duration_seconds",
        "videos"."publish_date", "videos"."last_updated", ${channels.title} AS "channel_title",
        ROW_NUMBER() OVER (PARTITION BY trim("videos"."title") ORDER BY "videos"."views" DESC, "videos"."id") AS "rn",
        COUNT(*) OVER g AS "group_size", ${sql.join(sums, sql`, `)},
        CASE WHEN MIN("videos"."window_source") OVER g = MAX("videos"."window_source") OVER g
          THEN MIN("videos"."window_source") OVER g ELSE 'mixed' END AS "window_source",
        CAST(ROUND(SUM("videos"."average_view_duration" * "videos"."views") OVER g * 1.0
          / NULLIF(SUM(CASE WHEN "videos"."average_view_duration" IS NOT NULL THEN "videos"."views" END) OVER g, 0))
          AS INTEGER) AS "average_view_duration"
      FROM ${videos} INNER JOIN ${channels} ON ${eq(channels.id, videos.channelId)}
      WHERE ${where ?? sql`1 = 1`}
      WINDOW g AS (PARTITION BY trim("videos"."title"))
    )`;
  // A select over the window query (not db.all) so it can travel in a batch with the totals.
  const outer = [
    ...["id", "title", "external_id", "channel_id", "channel_title", "duration_seconds"],
    ...["publish_date", "last_updated", "group_size", "window_source", "average_view_duration"],
    ...Object.keys(SUMMED).map((k) => `m_${k}`),
  ];
  const statement = db
    .select(
      Object.fromEntries(
        outer.map((name) => [name, sql<string | number | null>`${sql.identifier(name)}`]),
      ),
    )
    .from(merged)
    .where(sql`"rn" = 1`)
    .orderBy(sql.raw(`"${column}" IS NULL, "${column}" ${direction}, "id" ASC`))
    .limit(limit)
    .offset(offset);
  const iso = (v: string | number | null | undefined) =>
    typeof v === "number" ? new Date(v).toISOString() : null;
  return readOne(statement, (rows) =>
    rows.map((r) => ({
      id: r.id ?? null,
      title: r.title ?? null,
      externalId: r.external_id ?? null,
      channelId: r.channel_id ?? null,
      channelTitle: r.channel_title ?? null,
      durationSeconds: r.duration_seconds ?? null,
      ...Object.fromEntries(Object.keys(SUMMED).map((k) => [k, r[`m_${k}`] ?? null])),
      // One source when every merged video has it, "mixed" otherwise.
      windowSource: r.window_source ?? "public",
      // Weighted by each member's views.
      averageViewDuration: r.average_view_duration ?? null,
      publishDate: iso(r.publish_date),
      lastUpdated: iso(r.last_updated),
      mergedCount: r.group_size ?? 1,
    })),
  );
}

/** How many rows the filtered set has once merged (distinct trimmed titles). */
export function mergedVideoTotal(db: Db, where: SQL | undefined): Reads<number> {
  return readOne(
    db
      .select({ n: countDistinct(sql`trim(${videos.title})`) })
      .from(videos)
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(where),
    ([row]) => row?.n ?? 0,
  );
}
