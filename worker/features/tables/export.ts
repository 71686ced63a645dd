import { csvHeaderLine, csvLine } from "../../../shared/csv";
import type { TableName, TableQuery } from "../../../shared/schemas/tables";
import type { Db } from "../../db/client";
import { tableSpecs } from "./specs";

const EXPORT_PAGE = 500;

/** CSV columns of each table: the spec's headings, then the field they come from. */
export const exportColumns: Record<TableName, Array<[string, string]>> = {
  channels: [
    ["Channel", "title"],
    ["Handle", "handle"],
    ["Subscribers", "subscriberCount"],
    ["Total Views", "totalViews"],
    ["Videos", "videoCount"],
    ["Trailing 1D Views", "trailing1dViews"],
    ["Trailing 1W Views", "trailing1wViews"],
    ["Trailing 1M Views", "trailing1mViews"],
    ["Trailing 1Y Views", "trailing1yViews"],
    ["Last Updated", "lastUpdated"],
  ],
  videos: [
    ["Video Title", "title"],
    ["Video ID", "externalId"],
    ["Channel", "channelTitle"],
    ["Views", "views"],
    ["Likes", "likes"],
    ["Comments", "comments"],
    ["First 24H Views", "first24hViews"],
    ["First 48H Views", "first48hViews"],
    ["First 7D Views", "first7dViews"],
    ["Trailing 1D Views", "trailing1dViews"],
    ["Trailing 1W Views", "trailing1wViews"],
    ["Trailing 1M Views", "trailing1mViews"],
    ["Trailing 1Y Views", "trailing1yViews"],
    ["Published", "publishDate"],
    ["Last Updated", "lastUpdated"],
  ],
  shows: [
    ["Show Title", "title"],
    ["Total Downloads", "totalDownloadsGlobal"],
    ["Total Episodes", "totalEpisodes"],
    ["Trailing 1D Downloads", "trailing1dDownloads"],
    ["Trailing 1W Downloads", "trailing1wDownloads"],
    ["Trailing 1Y Downloads", "trailing1yDownloads"],
    ["Last Updated", "lastUpdated"],
  ],
  episodes: [
    ["Episode Title", "title"],
    ["Show", "showTitle"],
    ["Total Downloads", "totalDownloadsGlobal"],
    ["First 24H Downloads", "first24hDownloads"],
    ["First 48H Downloads", "first48hDownloads"],
    ["First 7D Downloads", "first7dDownloads"],
    ["Trailing 1D Downloads", "trailing1dDownloads"],
    ["Trailing 1W Downloads", "trailing1wDownloads"],
    ["Trailing 1Y Downloads", "trailing1yDownloads"],
    ["Season", "seasonNumber"],
    ["Episode", "episodeNumber"],
    ["Duration (s)", "durationSeconds"],
    ["Published Date", "publishDate"],
  ],
};

/**
 * Streams the whole filtered, sorted table as CSV or JSON, reading it page by page so memory
 * stays flat however many rows there are.
 */
export function exportStream(
  db: Db,
  orgId: string,
  table: TableName,
  query: TableQuery,
  format: "csv" | "json",
  now = Date.now(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const columns = exportColumns[table];
  let offset = 0;
  let started = false;
  let done = false;
  return new ReadableStream({
    async pull(controller) {
      if (done) return controller.close();
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(
            format === "csv" ? csvHeaderLine(columns.map(([heading]) => heading)) : "[",
          ),
        );
      }
      const rows = await tableSpecs[table].page(db, orgId, query, EXPORT_PAGE, offset, now);
      const chunk =
        format === "csv"
          ? rows.map((row) => csvLine(columns.map(([, field]) => row[field] ?? null))).join("")
          : rows.map((row, i) => `${offset + i > 0 ? "," : ""}${JSON.stringify(row)}`).join("");
      offset += rows.length;
      if (rows.length < EXPORT_PAGE) {
        done = true;
        controller.enqueue(encoder.encode(format === "json" ? `${chunk}]` : chunk));
        return;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}
