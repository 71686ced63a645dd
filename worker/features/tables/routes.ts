import type { Context } from "hono";
import { tablesApi as routes } from "../../../shared/api/tables";
import { exportFileName } from "../../../shared/csv";
import type { TableQuery, TableRowOf } from "../../../shared/schemas/tables";
import type { TableName } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { combine, mapReads, type Reads, runReads } from "../../db/reads";
import type { AppEnv } from "../../env";
import { newRouter, reply } from "../../lib/openapi";
import { checkOrgFirst, orgToken, readInOrg } from "../auth/middleware";
import { exportStream } from "./export";
import { deleteParents, seasonsOf } from "./queries";
import { type TableTotals, tableSpecs } from "./specs";
import { contentVersions, keptTotals, totalsKey } from "./totals-cache";

/** What a handler knows of its request: the database and the organisation. */
type Scope = { db: Db; org: { id: string; timezone: string } };

const platformOf = {
  channels: "youtube",
  videos: "youtube",
  shows: "simplecast",
  episodes: "simplecast",
} as const;

/** A table page as the API answers it. */
function pageAnswer<T extends TableName>(rows: unknown[], totals: TableTotals, query: TableQuery) {
  return {
    rows: rows as TableRowOf<T>[],
    total: totals.total,
    page: query.page,
    pageSize: query.pageSize,
    optionalColumns: totals.optionalColumns,
    refreshedAt: totals.refreshedAt,
    duplicates: totals.duplicates ?? null,
  };
}

/**
 * The rows of the query's page (`now` dates a "published in the last N days" preset; `matches`,
 * the kept total, lets a searched page pick its plan without counting).
 */
const pageRows = (
  db: Db,
  orgId: string,
  table: TableName,
  query: TableQuery,
  now: number,
  matches?: number,
) =>
  tableSpecs[table].page(
    db,
    orgId,
    query,
    query.pageSize,
    (query.page - 1) * query.pageSize,
    now,
    matches,
  );

/** What a page read gives: the page, and the totals to keep for the next page of the filter. */
type PageRead<T extends TableName> = {
  page: ReturnType<typeof pageAnswer<T>>;
  keep?: { key: string; versions: string; totals: TableTotals };
};

/**
 * One page of a table and its totals, built to go in one D1 batch (with the access check: one
 * round trip, one consistent snapshot). The page functions serve all four tables with plain
 * records; reply() then parses each row with table T's own row schema.
 *
 * A filtered page's totals may be kept ones (totals-cache.ts): the batch then reads the
 * organisation's write versions instead of counting, and gives `null` when the versions moved
 * on, so the caller reads the page again with its totals (pageWithTotals).
 */
function pageReads<T extends TableName>(
  db: Db,
  orgId: string,
  table: T,
  query: TableQuery,
  now: number,
): Reads<PageRead<T> | null> {
  const key = totalsKey(orgId, table, query, now);
  const kept = key ? keptTotals.get(key) : undefined;
  if (!key || !kept) return pageWithTotals<T>(db, orgId, table, query, key, now);
  const rows = pageRows(db, orgId, table, query, now, kept.value.total);
  return combine(contentVersions(db, orgId), rows, (versions, rows) =>
    versions === kept.versions ? { page: pageAnswer<T>(rows, kept.value, query) } : null,
  );
}

/** The page and its totals counted, in one batch, with the versions they were counted at. */
function pageWithTotals<T extends TableName>(
  db: Db,
  orgId: string,
  table: T,
  query: TableQuery,
  key: string | null,
  now: number,
): Reads<PageRead<T>> {
  const page = combine(
    pageRows(db, orgId, table, query, now),
    tableSpecs[table].total(db, orgId, query, now),
    (rows, totals) => ({ rows, totals }),
  );
  if (!key)
    return mapReads(page, ({ rows, totals }) => ({ page: pageAnswer<T>(rows, totals, query) }));
  return combine(contentVersions(db, orgId), page, (versions, { rows, totals }) => ({
    page: pageAnswer<T>(rows, totals, query),
    keep: { key, versions, totals },
  }));
}

/**
 * A table page for its route: read with the access check, and read again with its totals when
 * the kept ones aged. Totals are kept only here, once the access check has named the database
 * they were read from (readInOrg may read a guessed database early and drop what it read).
 */
async function tablePage<T extends TableName>(c: Context<AppEnv>, table: T, query: TableQuery) {
  // One clock for the request: a "published" preset, its kept totals' key and the rows agree.
  const now = Date.now();
  const read =
    (await readInOrg(c, (db, orgId) => pageReads(db, orgId, table, query, now))) ??
    (await runReads(
      c.var.db,
      pageWithTotals<T>(
        c.var.db,
        c.var.org.id,
        table,
        query,
        totalsKey(c.var.org.id, table, query, now),
        now,
      ),
    ));
  if (read.keep) keptTotals.set(read.keep.key, read.keep.versions, read.keep.totals);
  return read.page;
}

/** The whole filtered table as a streamed file. */
async function exportFile(
  { db, org }: Scope,
  table: TableName,
  query: TableQuery & { format: "csv" | "json" },
) {
  const orgId = org.id;
  const { format, ...rest } = query;
  const filename = exportFileName(`${platformOf[table]}_${table}`, format, org.timezone);
  return new Response(await exportStream(db, orgId, table, rest, format), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A table page route, checked by orgToken and readInOrg instead of orgScope (see api.ts). */
const inOrg = <R extends (typeof routes.pages)[TableName]>(route: R) => ({
  ...route,
  middleware: orgToken,
});

/**
 * The tables' pages, the dashboard's busiest reads: the session and membership are checked in the
 * same D1 batch as the page and its totals (one round trip instead of two). Mounted before the
 * organisation's tree, so orgScope does not run for them.
 */
export const tablePageRoutes = newRouter()
  .openapi(
    inOrg(routes.pages.channels),
    async (c) =>
      reply(c, routes.pages.channels, await tablePage(c, "channels", c.req.valid("query"))),
    checkOrgFirst,
  )
  .openapi(
    inOrg(routes.pages.videos),
    async (c) => reply(c, routes.pages.videos, await tablePage(c, "videos", c.req.valid("query"))),
    checkOrgFirst,
  )
  .openapi(
    inOrg(routes.pages.shows),
    async (c) => reply(c, routes.pages.shows, await tablePage(c, "shows", c.req.valid("query"))),
    checkOrgFirst,
  )
  .openapi(
    inOrg(routes.pages.episodes),
    async (c) =>
      reply(c, routes.pages.episodes, await tablePage(c, "episodes", c.req.valid("query"))),
    checkOrgFirst,
  );

/*
 * The dashboard tables: paged, sorted, filtered and searched on the server. Each table has its
 * own routes (shared/api/tables.ts), so its rows and sort keys are in the OpenAPI document, and
 * a field the column catalogue does not name never leaves the Worker.
 */
export const tableRoutes = newRouter()
  // The season filter offers the seasons the shows really have (one indexed distinct scan).
  .openapi(routes.seasons, async (c) => {
    const { show } = c.req.valid("query");
    return reply(c, routes.seasons, { seasons: await seasonsOf(c.var.org.id, c.var.db, show) });
  })
  .openapi(routes.exports.channels, (c) => exportFile(c.var, "channels", c.req.valid("query")))
  .openapi(routes.exports.videos, (c) => exportFile(c.var, "videos", c.req.valid("query")))
  .openapi(routes.exports.shows, (c) => exportFile(c.var, "shows", c.req.valid("query")))
  .openapi(routes.exports.episodes, (c) => exportFile(c.var, "episodes", c.req.valid("query")))
  .openapi(routes.deletes.channels, async (c) =>
    reply(c, routes.deletes.channels, {
      deleted: await deleteParents(c.var.org.id, c.var.db, "channels", c.req.valid("json").ids),
    }),
  )
  .openapi(routes.deletes.shows, async (c) =>
    reply(c, routes.deletes.shows, {
      deleted: await deleteParents(c.var.org.id, c.var.db, "shows", c.req.valid("json").ids),
    }),
  );
