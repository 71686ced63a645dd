import { z } from "zod";
import { exportFileName, tsvLine } from "../../../shared/csv";
import { type TableName, tablePageSchema } from "../../../shared/schemas/tables";
import { api } from "../../lib/api/client";
import { downloadFile } from "../../lib/api/download";
import { orgQuery } from "../../lib/query/define-query";

/** The dashboard tables' cached reads; the query string (filters, sort, page) is in the key. */
export const tableQueries = {
  page: orgQuery("tables", "page", (orgId, table: TableName, query: string) =>
    api(`/api/orgs/${orgId}/tables/${table}?${query}`, tablePageSchema),
  ),
  /** The season numbers the organisation's episodes have (of the chosen shows, if any). */
  seasons: orgQuery("tables", "seasons", (orgId, show: string | null) =>
    api(
      `/api/orgs/${orgId}/tables/episodes/seasons${show ? `?show=${encodeURIComponent(show)}` : ""}`,
      z.object({ seasons: z.array(z.number()) }),
    ),
  ),
};

export const deleteRows = (orgId: string, table: "channels" | "shows", ids: string[]) =>
  api(`/api/orgs/${orgId}/tables/${table}/delete`, z.object({ deleted: z.number() }), {
    body: { ids },
  });

const platformOf = {
  channels: "youtube",
  videos: "youtube",
  shows: "simplecast",
  episodes: "simplecast",
} as const;

/** Downloads the whole filtered table (streamed by the server) with the bearer token, as a file. */
export async function downloadTable(
  orgId: string,
  table: TableName,
  query: URLSearchParams,
  format: "csv" | "json",
) {
  const params = new URLSearchParams(query);
  params.set("format", format);
  params.delete("page");
  await downloadFile(
    `/api/orgs/${orgId}/tables/${table}/export?${params}`,
    exportFileName(`${platformOf[table]}_${table}`, format),
  );
}

/** Copies the visible page as tab-separated text (headings first). */
export async function copyRows(headings: string[], rows: Array<Array<string | number | null>>) {
  await navigator.clipboard.writeText(
    [tsvLine(headings), ...rows.map((r) => tsvLine(r))].join("\n"),
  );
}
