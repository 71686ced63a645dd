import { csvHeaderLine, csvLine } from "../../../shared/csv";
import type { TableName, TableQuery } from "../../../shared/schemas/tables";
import { exportedColumns } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { keysetPages } from "./keyset";
import { mergedExportPages } from "./merged-export";
import { exportCell, type Row } from "./rows";

/**
 * Streams the whole filtered, sorted table as CSV or JSON, reading it in keyset pages so memory
 * stays flat and every page costs the same however many rows there are. The first page is read
 * before anything is answered, so a refused query (an unknown sort column, say) is an error
 * response, never a 200 with an empty attachment; a later failure aborts the stream, so the
 * download fails visibly instead of ending early as if complete.
 */
export async function exportStream(
  db: Db,
  orgId: string,
  table: TableName,
  query: TableQuery,
  format: "csv" | "json",
  now = Date.now(),
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const columns = exportedColumns(table);
  const pages: AsyncGenerator<Row[]> =
    table === "videos" && query.merge
      ? mergedExportPages(db, orgId, query, now)
      : keysetPages(db, orgId, table, query, now);
  let written = 0;
  let started = false;
  let first: IteratorResult<Row[]> | null = await pages.next();
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(
            format === "csv" ? csvHeaderLine(columns.map(([heading]) => heading)) : "[",
          ),
        );
        return;
      }
      const next = first ?? (await pages.next());
      first = null;
      if (next.done) {
        if (format === "json") controller.enqueue(encoder.encode("]"));
        return controller.close();
      }
      const chunk =
        format === "csv"
          ? next.value
              .map((row) => csvLine(columns.map(([, field]) => exportCell(row, field))))
              .join("")
          : next.value
              .map((row, i) => `${written + i > 0 ? "," : ""}${JSON.stringify(row)}`)
              .join("");
      written += next.value.length;
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
