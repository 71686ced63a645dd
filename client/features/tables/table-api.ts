import { tablesApi } from "../../../shared/api/tables";
import { exportFileName } from "../../../shared/csv";
import type { TableName } from "../../../shared/table-columns";
import { call, urlOf } from "../../lib/api/client";
import { type DownloadProgress, downloadFile } from "../../lib/api/download";

export const deleteRows = (orgId: string, table: "channels" | "shows", ids: string[]) =>
  call(tablesApi.deletes[table], { params: { orgId }, body: { ids } });

/** The platform each dashboard table belongs to. */
export const platformOf = {
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
  timeZone: string,
  onProgress?: DownloadProgress,
) {
  const params = new URLSearchParams(query);
  params.set("format", format);
  params.delete("page");
  await downloadFile(
    `${urlOf(tablesApi.exports[table], { params: { orgId } })}?${params}`,
    exportFileName(`${platformOf[table]}_${table}`, format, timeZone),
    onProgress,
  );
}
