import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { csvHeaderLine, csvLine } from "../../../shared/csv";
import { exportedColumns, type TableName } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { episodesOf, videosOf } from "../../db/organization-scope";
import { channels, episodes, shows, videos } from "../../db/schema";
import { yieldTurn } from "../../db/turn";
import {
  exportCell,
  type Row,
  toChannelRow,
  toEpisodeRow,
  toShowRow,
  toVideoRow,
} from "../tables/rows";

/*
 * The rows of a one-time or recurring report: the selected channels (or shows) and their videos
 * (or episodes) published in the date range. Children are read in keyset pages (publish date,
 * rowid), never all at once, so a report's memory does not grow with its size, and other requests
 * are served between pages. Columns are the dashboard tables' own (shared/table-columns.ts), so a
 * report and a table download of the same data agree.
 */

export type ReportPlatform = "youtube" | "simplecast";
export const REPORT_PAGE = 500;

export const reportLayout = {
  youtube: {
    parent: "channels",
    child: "videos",
    parentFile: "channels.csv",
    childFile: "videos.csv",
    parentTab: "Channels",
    childTab: "Videos",
  },
  simplecast: {
    parent: "shows",
    child: "episodes",
    parentFile: "shows.csv",
    childFile: "episodes.csv",
    parentTab: "Shows",
    childTab: "Episodes",
  },
} as const;

const selectedIn = (column: SQL | typeof channels.id | typeof shows.id, ids: readonly string[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** The selected channels or shows of the organisation (other organisations' ids match nothing). */
export async function parentRows(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  selected: readonly string[],
): Promise<Row[]> {
  if (platform === "youtube") {
    const rows = await db
      .select()
      .from(channels)
      .where(and(eq(channels.organizationId, organizationId), selectedIn(channels.id, selected)))
      .orderBy(asc(channels.title), asc(channels.id));
    return rows.map(toChannelRow);
  }
  const rows = await db
    .select()
    .from(shows)
    .where(and(eq(shows.organizationId, organizationId), selectedIn(shows.id, selected)))
    .orderBy(asc(shows.title), asc(shows.id));
  return rows.map(toShowRow);
}

/**
 * The videos or episodes in the range, newest first, one keyset page at a time: each page is the
 * range of the (organisation, publish date) index just past the previous page's last row, so
 * every page costs the same however deep the report is. The selection is a filter (`+column`
 * keeps SQLite from reading per-channel ranges that would then need sorting).
 *
 * After the first page the cursor is the only upper bound: SQLite puts one upper bound on
 * publish date into the index range, and given both the range's end and the cursor it took the
 * end, so every page walked the index from the end of the range down to the cursor (a page
 * 99,000 rows deep read 15 ms instead of 1.3 ms, and a 100k report's SQL grew with the square of
 * its size). The cursor row is inside the range, so every row before it is too.
 */
export async function* childPages(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  selected: readonly string[],
  range: { start: Date; end: Date },
  pageSize = REPORT_PAGE,
): AsyncGenerator<Row[]> {
  let cursor: { at: number; rowid: number } | null = null;
  for (;;) {
    let page: Array<{ row: Row; at: number; rowid: number }>;
    if (platform === "youtube") {
      const rows = await db
        .select({
          v: videos,
          channelTitle: channels.title,
          at: sql<number>`${videos.publishDate}`,
          rowid: sql<number>`${videos}.rowid`,
        })
        .from(videos)
        .innerJoin(channels, eq(channels.id, videos.channelId))
        .where(
          and(
            videosOf(organizationId),
            selectedIn(sql`+${videos.channelId}`, selected),
            gte(videos.publishDate, range.start),
            cursor
              ? sql`(${videos.publishDate}, ${videos}.rowid) < (${cursor.at}, ${cursor.rowid})`
              : lte(videos.publishDate, range.end),
          ),
        )
        .orderBy(sql`${videos.publishDate} DESC`, sql`${videos}.rowid DESC`)
        .limit(pageSize);
      page = rows.map(({ v, channelTitle, at, rowid }) => ({
        row: toVideoRow(v, channelTitle),
        at,
        rowid,
      }));
    } else {
      const rows = await db
        .select({
          e: episodes,
          showTitle: shows.title,
          at: sql<number>`${episodes.publishDate}`,
          rowid: sql<number>`${episodes}.rowid`,
        })
        .from(episodes)
        .innerJoin(shows, eq(shows.id, episodes.showId))
        .where(
          and(
            episodesOf(organizationId),
            selectedIn(sql`+${episodes.showId}`, selected),
            gte(episodes.publishDate, range.start),
            cursor
              ? sql`(${episodes.publishDate}, ${episodes}.rowid) < (${cursor.at}, ${cursor.rowid})`
              : lte(episodes.publishDate, range.end),
          ),
        )
        .orderBy(sql`${episodes.publishDate} DESC`, sql`${episodes}.rowid DESC`)
        .limit(pageSize);
      page = rows.map(({ e, showTitle, at, rowid }) => ({
        row: toEpisodeRow(e, showTitle),
        at,
        rowid,
      }));
    }
    if (page.length > 0) yield page.map((p) => p.row);
    const last = page.at(-1);
    if (page.length < pageSize || !last) return;
    cursor = { at: last.at, rowid: last.rowid };
    // Other requests get their turn before the next page (see yieldTurn).
    await yieldTurn();
  }
}

/** Headings and cell values of a table, as the CSV and the spreadsheet both show them. */
export const headings = (table: TableName) => exportedColumns(table).map(([heading]) => heading);
export const cells = (table: TableName, row: Row) =>
  exportedColumns(table).map(([, field]) => exportCell(row, field));

/** CSV text of the parents, a line at a time. */
export function* parentCsv(table: "channels" | "shows", rows: Row[]): Generator<string> {
  yield csvHeaderLine(headings(table));
  for (const row of rows) yield csvLine(cells(table, row));
}

/** data.json up to its children: the report's description, the parents, the children's key. */
export const reportJsonHead = (
  meta: Record<string, unknown>,
  parentKey: string,
  parents: Row[],
  childKey: string,
) =>
  `{"report":${JSON.stringify(meta)},${JSON.stringify(parentKey)}:${JSON.stringify(parents)},${JSON.stringify(childKey)}:[`;
export const REPORT_JSON_TAIL = "]}";
