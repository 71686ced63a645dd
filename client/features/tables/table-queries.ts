import { tablesApi } from "../../../shared/api/tables";
import type { TablePage } from "../../../shared/schemas/tables";
import type { TableName } from "../../../shared/table-columns";
import type { CallInput } from "../../lib/api/client";
import type { orgQuery } from "../../lib/query/define-query";
import { routeQuery } from "../../lib/query/route-query";
import type { TableRow } from "./columns";

/**
 * A table's page, cached under its route's key with the route's own answer type. The query
 * string (filters, sort, page) comes from the page's URL as the user left it, so it is passed as
 * it stands and the server validates it (400 naming the field).
 */
const pageQuery = <R extends (typeof tablesApi.pages)[TableName]>(route: R) =>
  routeQuery(
    route,
    (orgId, query: string) =>
      ({
        params: { orgId },
        query: Object.fromEntries(new URLSearchParams(query)),
      }) as unknown as CallInput<R>,
  );
const pages = {
  channels: pageQuery(tablesApi.pages.channels),
  videos: pageQuery(tablesApi.pages.videos),
  shows: pageQuery(tablesApi.pages.shows),
  episodes: pageQuery(tablesApi.pages.episodes),
};
/** A page as the one table view shows any table: its rows as plain records. */
type ViewPage = Omit<TablePage, "rows"> & { rows: TableRow[] };

/** The dashboard tables' cached reads, each keyed and typed by its route (shared/api/tables.ts). */
export const tableQueries = {
  pages,
  /** The page of whichever table the view shows (the same cache entry as `pages[table]`). */
  page: (orgId: string, table: TableName, query: string) =>
    pages[table](orgId, query) as unknown as ReturnType<
      ReturnType<typeof orgQuery<ViewPage, [string]>>
    >,
  /** The season numbers the organisation's episodes have (of the chosen shows, if any). */
  seasons: routeQuery(tablesApi.seasons, (orgId, show: string | null) => ({
    params: { orgId },
    query: show ? { show } : {},
  })),
};
