import { countDistinct, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { TableQuery } from "../../../shared/schemas/tables";
import { sortKeys, tableColumns } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { organizationKey } from "../../db/organization-scope";
import { type Reads, readOne } from "../../db/reads";
import { channels, videos, videoTitleGroups } from "../../db/schema";
import { ApiError } from "../../errors";
import type { Row } from "./rows";
import { ownEntry } from "./sql-helpers";

/*
 * Merge Same (spec section 9) on the server, so paging stays on the server: the filtered videos
 * are grouped by trimmed title; each group shows as its highest-views row (ties: the lowest id)
 * with views, likes, comments and every window summed (likes hidden or comments turned off only
 * when on every member; a window missing on every member stays
 * missing), the group's size, its window source (one when every member has it, "mixed"
 * otherwise) and its average view duration (weighted by views; the plain average when no member
 * has views). Sorting and paging apply to the merged rows, ties in row order as on the plain
 * table.
 *
 * Most titles belong to one video, whose merged row is the video itself. So a page is two parts
 * (2026-11-29; grouping all 100,000 videos of an organisation with window functions took 0.9-1.2
 * s a page): the videos whose title no other video of the organisation shares, read off the sort
 * column's index and stopped once the page is full, and the groups of the shared titles
 * (video_title_groups' partial index lists them), grouped with window functions. The two are
 * sorted together for the page. A title shared across the organisation but by one filtered video
 * still groups to that video, with the same figures.
 */

/** Summed over a group: every count column of the videos table (counts, windows, watch time). */
const summedIds = tableColumns.videos
  .filter((c) => c.kind === "number" || c.kind === "minutes")
  .map((c) => c.id);
type SummedId = (typeof summedIds)[number];
const SUMMED = Object.fromEntries(
  summedIds.map((id) => [id, getTableColumns(videos)[id].name]),
) as Record<SummedId, string>;

/**
 * Each sort key's column in the merged rows: a sum, the channel's title, or the video's own
 * column (a fixed list: never input).
 */
const SORTS: Record<string, string> = Object.fromEntries(
  sortKeys("videos").map((key) => [
    key,
    key in SUMMED
      ? `m_${key}`
      : key === "channelTitle"
        ? "channel_title"
        : getTableColumns(videos)[key].name,
  ]),
);

/** The merged rows' column a sort key orders by; an unknown key is the caller's error. */
export function mergedColumn(key: string): string {
  const column = ownEntry(SORTS, key);
  if (!column)
    throw new ApiError(
      "BAD_REQUEST",
      `sort: unknown column "${key}"; one of ${Object.keys(SORTS).join(", ")}`,
      { field: "sort" },
    );
  return column;
}

/** The columns both parts give, in one order (the union's). */
const OUTER = [
  ...["id", "title", "external_id", "channel_id", "channel_title", "duration_seconds"],
  ...["publish_date", "last_updated", "group_size", "window_source", "average_view_duration"],
  ...["likes_hidden", "comments_off"],
  ...Object.keys(SUMMED).map((k) => `m_${k}`),
  ...["channel_row", "video_row"],
];

/** The titles two or more of the organisation's videos share, trimmed. */
export const sharedTitles = (organizationId: string) =>
  sql`(SELECT ${videoTitleGroups.titleKey} FROM ${videoTitleGroups} WHERE ${videoTitleGroups.organizationId} = ${organizationId} AND ${videoTitleGroups.members} > 1)`;

/**
 * The rowids of the organisation's videos with a shared title, found through the title index
 * rather than by trimming every title (8,000 of 100,000 videos: 25 against 100 ms). trim()
 * removes spaces only, so a video whose trimmed title is K either starts with K and has only
 * spaces after it, which puts it in the index range [K, K || '!') (a space sorts just before
 * '!'), or starts with a space, which puts it in the range [' ', '!'), looked through whole.
 */
function sharedTitleVideos(organizationId: string): SQL {
  const key = organizationKey(organizationId);
  return sql`(SELECT "m"."rowid" FROM ${videoTitleGroups} AS "g" CROSS JOIN ${videos} AS "m"
      WHERE "g"."organization_id" = ${organizationId} AND "g"."members" > 1
        AND "m"."org_key" = ${key} AND "m"."title" >= "g"."title_key"
        AND "m"."title" < "g"."title_key" || '!' AND trim("m"."title") = "g"."title_key"
    UNION ALL
    SELECT "m"."rowid" FROM ${videos} AS "m"
      WHERE "m"."org_key" = ${key} AND "m"."title" >= ' ' AND "m"."title" < '!'
        AND trim("m"."title") IN ${sharedTitles(organizationId)})`;
}

/**
 * The shared titles' videos among the filtered ones, grouped; each group as its highest-views
 * member, in the columns of OUTER. NOT INDEXED: the videos are looked up by the rowids found
 * (SQLite otherwise walked an organisation index over every video and tested each against the
 * list: 165 against 118 ms for the page at 100k).
 */
export function groupedTitles(organizationId: string, filtered: SQL): SQL {
  const sums = Object.entries(SUMMED).map(([k, col]) =>
    sql.raw(`SUM("videos"."${col}") OVER g AS "m_${k}"`),
  );
  return sql`SELECT ${sql.raw(OUTER.map((c) => `"${c}"`).join(", "))} FROM (
      SELECT "videos"."id", "videos"."title", "videos"."external_id", "videos"."channel_id",
        ${channels.title} AS "channel_title", "videos"."duration_seconds", "videos"."publish_date",
        "videos"."last_updated",
        ROW_NUMBER() OVER (PARTITION BY trim("videos"."title") ORDER BY "videos"."views" DESC, "videos"."id") AS "rn",
        COUNT(*) OVER g AS "group_size",
        CASE WHEN MIN("videos"."window_source") OVER g = MAX("videos"."window_source") OVER g
          THEN MIN("videos"."window_source") OVER g ELSE 'mixed' END AS "window_source",
        coalesce(CAST(ROUND(SUM("videos"."average_view_duration" * "videos"."views") OVER g * 1.0
          / NULLIF(SUM(CASE WHEN "videos"."average_view_duration" IS NOT NULL THEN "videos"."views" END) OVER g, 0))
          AS INTEGER), CAST(ROUND(AVG("videos"."average_view_duration") OVER g) AS INTEGER)) AS "average_view_duration",
        MIN("videos"."likes_hidden") OVER g AS "likes_hidden",
        MIN("videos"."comments_off") OVER g AS "comments_off",
        ${sql.join(sums, sql`, `)},
        "channels"."rowid" AS "channel_row", "videos"."rowid" AS "video_row"
      FROM ${videos} NOT INDEXED INNER JOIN ${channels} ON ${eq(channels.id, videos.channelId)}
      WHERE ${filtered} AND "videos"."rowid" IN ${sharedTitleVideos(organizationId)}
      WINDOW g AS (PARTITION BY trim("videos"."title"))
    ) WHERE "rn" = 1`;
}

/** The merged rows' order: missing values last, ties in row order, as the plain table's. */
export const mergedOrder = (key: string, column: string, direction: "ASC" | "DESC") =>
  key === "channelTitle"
    ? `"channel_title" ${direction}, "channel_row" ${direction}, "video_row" ${direction}`
    : `"${column}" IS NULL, "${column}" ${direction}, "video_row" ${direction}`;

/** A merged row as read (OUTER's columns). */
export type MergedRecord = Record<string, string | number | null>;

const iso = (v: string | number | null | undefined) =>
  typeof v === "number" ? new Date(v).toISOString() : null;

/** A merged row as the API answers it. */
export const toMergedRow = (r: MergedRecord): Row => ({
  id: r.id ?? null,
  title: r.title ?? null,
  externalId: r.external_id ?? null,
  channelId: r.channel_id ?? null,
  channelTitle: r.channel_title ?? null,
  durationSeconds: r.duration_seconds ?? null,
  ...Object.fromEntries(Object.keys(SUMMED).map((k) => [k, r[`m_${k}`] ?? null])),
  // Hidden (or turned off) only when it is on every merged video: otherwise the sum of the
  // figures YouTube gave.
  ...(r.likes_hidden === 1 ? { likes: null } : {}),
  ...(r.comments_off === 1 ? { comments: null } : {}),
  likesHidden: r.likes_hidden === 1,
  commentsOff: r.comments_off === 1,
  // One source when every merged video has it, "mixed" otherwise.
  windowSource: r.window_source ?? "public",
  // Weighted by each member's views.
  averageViewDuration: r.average_view_duration ?? null,
  publishDate: iso(r.publish_date),
  lastUpdated: iso(r.last_updated),
  mergedCount: r.group_size ?? 1,
});

/** The select of OUTER's columns over merged rows (a select, so it can travel in a batch). */
export const mergedSelect = (db: Db) =>
  db.select(
    Object.fromEntries(
      OUTER.map((name) => [name, sql<string | number | null>`${sql.identifier(name)}`]),
    ),
  );

/**
 * A page of merged rows. `order` is the plain table's order for the query's sort (the sort
 * column's index, NULLs last, ties by rowid: orderTerms), which the unshared titles' videos are
 * read in.
 */
export function mergedVideoPage(
  db: Db,
  organizationId: string,
  where: SQL | undefined,
  query: TableQuery,
  order: SQL[],
  limit: number,
  offset: number,
): Reads<Row[]> {
  const key = query.sort ?? "publishDate";
  const column = mergedColumn(key);
  const direction = query.dir === "asc" ? "ASC" : "DESC";
  const filtered = where ?? sql`1 = 1`;
  const shared = sharedTitles(organizationId);

  // Videos alone with their title: each is its own merged row. Read in the final page's order,
  // so SQLite reads them off the sort column's index and stops at the last row the page can need.
  // Sorted by channel, the channels lead (CROSS JOIN fixes the loop order, as on the plain table)
  // and each one's videos follow in rowid order: joined the other way round, SQLite sorted every
  // unshared video for each page (0.2-0.5 s at 100k).
  const source =
    key === "channelTitle"
      ? sql`${channels} CROSS JOIN ${videos} WHERE ${channels.organizationId} = ${organizationId} AND ${eq(channels.id, videos.channelId)} AND`
      : sql`${videos} INNER JOIN ${channels} ON ${eq(channels.id, videos.channelId)} WHERE`;
  const own = Object.entries(SUMMED).map(([k, col]) => sql.raw(`"videos"."${col}" AS "m_${k}"`));
  const singles = sql`SELECT * FROM (SELECT "videos"."id", "videos"."title", "videos"."external_id",
        "videos"."channel_id", ${channels.title} AS "channel_title", "videos"."duration_seconds",
        "videos"."publish_date", "videos"."last_updated", 1 AS "group_size",
        "videos"."window_source", "videos"."average_view_duration", "videos"."likes_hidden",
        "videos"."comments_off", ${sql.join(own, sql`, `)},
        "channels"."rowid" AS "channel_row", "videos"."rowid" AS "video_row"
      FROM ${source} ${filtered} AND trim("videos"."title") NOT IN ${shared}
      ORDER BY ${sql.join(order, sql`, `)} LIMIT ${offset + limit})`;

  const grouped = groupedTitles(organizationId, filtered);

  const merged = sql`(${singles} UNION ALL ${grouped})`;
  const finalOrder = mergedOrder(key, column, direction);
  // A select over the union (not db.all) so it can travel in a batch with the totals.
  const statement = mergedSelect(db)
    .from(sql`${merged}`)
    .orderBy(sql.raw(finalOrder))
    .limit(limit)
    .offset(offset);
  return readOne(statement, (rows) => rows.map(toMergedRow));
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
