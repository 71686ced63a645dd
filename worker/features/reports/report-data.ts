import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { csvHeaderLine, csvLine } from "../../../shared/csv";
import type { Db } from "../../db/client";
import { channels, episodes, shows, videos } from "../../db/schema";
import { exportColumns } from "../tables/export";
import { type Row, toChannelRow, toEpisodeRow, toShowRow, toVideoRow } from "../tables/specs";

/*
 * The rows of a one-time or recurring report: the selected channels (or shows) and their videos
 * (or episodes) published in the date range. Children are read in keyset pages (publish date,
 * id), never all at once, so a report's memory does not grow with its size. Columns are the
 * dashboard tables' own (worker/features/tables/export.ts), so a report and a table download of
 * the same data agree.
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

const selectedIn = (
  column: typeof channels.id | typeof shows.id | typeof videos.channelId | typeof episodes.showId,
  ids: readonly string[],
) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

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

/** The videos or episodes in the range, newest first, one page at a time. */
export async function* childPages(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  selected: readonly string[],
  range: { start: Date; end: Date },
): AsyncGenerator<Row[]> {
  let cursor: { at: Date; id: string } | null = null;
  for (;;) {
    let page: Row[];
    let last: { at: Date; id: string } | undefined;
    if (platform === "youtube") {
      const after: SQL | undefined = cursor
        ? or(
            lt(videos.publishDate, cursor.at),
            and(eq(videos.publishDate, cursor.at), lt(videos.id, cursor.id)),
          )
        : undefined;
      const rows = await db
        .select({ v: videos, channelTitle: channels.title })
        .from(videos)
        .innerJoin(channels, eq(channels.id, videos.channelId))
        .where(
          and(
            eq(videos.organizationId, organizationId),
            selectedIn(videos.channelId, selected),
            gte(videos.publishDate, range.start),
            lte(videos.publishDate, range.end),
            after,
          ),
        )
        .orderBy(desc(videos.publishDate), desc(videos.id))
        .limit(REPORT_PAGE);
      page = rows.map(({ v, channelTitle }) => toVideoRow(v, channelTitle));
      const tail = rows.at(-1);
      last = tail ? { at: tail.v.publishDate, id: tail.v.id } : undefined;
    } else {
      const after: SQL | undefined = cursor
        ? or(
            lt(episodes.publishDate, cursor.at),
            and(eq(episodes.publishDate, cursor.at), lt(episodes.id, cursor.id)),
          )
        : undefined;
      const rows = await db
        .select({ e: episodes, showTitle: shows.title })
        .from(episodes)
        .innerJoin(shows, eq(shows.id, episodes.showId))
        .where(
          and(
            eq(episodes.organizationId, organizationId),
            selectedIn(episodes.showId, selected),
            gte(episodes.publishDate, range.start),
            lte(episodes.publishDate, range.end),
            after,
          ),
        )
        .orderBy(desc(episodes.publishDate), desc(episodes.id))
        .limit(REPORT_PAGE);
      page = rows.map(({ e, showTitle }) => toEpisodeRow(e, showTitle));
      const tail = rows.at(-1);
      last = tail ? { at: tail.e.publishDate, id: tail.e.id } : undefined;
    }
    if (page.length > 0) yield page;
    if (page.length < REPORT_PAGE || !last) return;
    cursor = last;
  }
}

/** Headings and cell values of a table, as the CSV and the spreadsheet both show them. */
export const headings = (table: keyof typeof exportColumns) =>
  exportColumns[table].map(([heading]) => heading);
export const cells = (table: keyof typeof exportColumns, row: Row) =>
  exportColumns[table].map(([, field]) => row[field] ?? null);

/** CSV text of the parents, a line at a time. */
export function* parentCsv(table: "channels" | "shows", rows: Row[]): Generator<string> {
  yield csvHeaderLine(headings(table));
  for (const row of rows) yield csvLine(cells(table, row));
}

/** CSV text of the children, a page at a time; counts the rows into `counter`. */
export async function* childCsv(
  table: "videos" | "episodes",
  pages: AsyncGenerator<Row[]>,
  counter: { rows: number },
): AsyncGenerator<string> {
  yield csvHeaderLine(headings(table));
  for await (const page of pages) {
    counter.rows += page.length;
    yield page.map((row) => csvLine(cells(table, row))).join("");
  }
}

/** data.json: the report's description, the parents, then the children streamed in. */
export async function* reportJson(
  meta: Record<string, unknown>,
  parentKey: string,
  parents: Row[],
  childKey: string,
  pages: AsyncGenerator<Row[]>,
): AsyncGenerator<string> {
  yield `{"report":${JSON.stringify(meta)},${JSON.stringify(parentKey)}:${JSON.stringify(parents)},${JSON.stringify(childKey)}:[`;
  let first = true;
  for await (const page of pages) {
    const rows = page.map((row) => JSON.stringify(row)).join(",");
    if (rows === "") continue;
    yield first ? rows : `,${rows}`;
    first = false;
  }
  yield "]}";
}
