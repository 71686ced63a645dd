import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { tablesApi as routes } from "../../../shared/api/tables";
import { exportFileName } from "../../../shared/csv";
import type { TableQuery, TableRowOf } from "../../../shared/schemas/tables";
import type { TableName } from "../../../shared/table-columns";
import { idChunks } from "../../db/batch";
import type { Db } from "../../db/client";
import { combine, runReads } from "../../db/reads";
import { channels, episodes, shows } from "../../db/schema";
import { newRouter, reply } from "../../lib/openapi";
import { exportStream } from "./export";
import { tableSpecs } from "./specs";

/** What a handler knows of its request: the database and the organisation. */
type Scope = { db: Db; org: { id: string } };

const platformOf = {
  channels: "youtube",
  videos: "youtube",
  shows: "simplecast",
  episodes: "simplecast",
} as const;

/**
 * One page of a table and its totals, read in one D1 batch. The page functions serve all four tables
 * with plain records; reply() then parses each row with table T's own row schema.
 */
async function readPage<T extends TableName>({ db, org }: Scope, table: T, query: TableQuery) {
  const orgId = org.id;
  const now = Date.now();
  const spec = tableSpecs[table];
  // The page and its totals in one batch: one D1 round trip, one consistent snapshot.
  const { rows, totals } = await runReads(
    db,
    combine(
      spec.page(db, orgId, query, query.pageSize, (query.page - 1) * query.pageSize, now),
      spec.total(db, orgId, query, now),
      (rows, totals) => ({ rows, totals }),
    ),
  );
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

/** The whole filtered table as a streamed file. */
async function exportFile(
  { db, org }: Scope,
  table: TableName,
  query: TableQuery & { format: "csv" | "json" },
) {
  const orgId = org.id;
  const { format, ...rest } = query;
  const filename = exportFileName(`${platformOf[table]}_${table}`, format);
  return new Response(await exportStream(db, orgId, table, rest, format), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * Deletes the organisation's channels or shows by id, which deletes their videos or episodes and
 * every snapshot (cascades); ids of rows already gone or not the organisation's count as none.
 */
async function deleteParents(db: Db, orgId: string, table: "channels" | "shows", ids: string[]) {
  const parent = table === "channels" ? channels : shows;
  let deleted = 0;
  for (const group of idChunks(ids))
    deleted += (
      await db
        .delete(parent)
        .where(and(eq(parent.organizationId, orgId), inArray(parent.id, group)))
        .returning({ id: parent.id })
    ).length;
  return deleted;
}

/*
 * The dashboard tables: paged, sorted, filtered and searched on the server. Each table has its
 * own routes (shared/api/tables.ts), so its rows and sort keys are in the OpenAPI document, and
 * a field the column catalogue does not name never leaves the Worker.
 */
export const tableRoutes = newRouter()
  // The season filter offers the seasons the shows really have (one indexed distinct scan).
  .openapi(routes.seasons, async (c) => {
    const { show } = c.req.valid("query");
    const rows = await c.var.db
      .selectDistinct({ season: episodes.seasonNumber })
      .from(episodes)
      .where(
        and(
          eq(episodes.organizationId, c.var.org.id),
          isNotNull(episodes.seasonNumber),
          show?.length ? inArray(episodes.showId, show) : undefined,
        ),
      )
      .orderBy(asc(episodes.seasonNumber));
    return reply(c, routes.seasons, {
      seasons: rows.map((r) => r.season).filter((s): s is number => s !== null),
    });
  })
  .openapi(routes.pages.channels, async (c) =>
    reply(c, routes.pages.channels, await readPage(c.var, "channels", c.req.valid("query"))),
  )
  .openapi(routes.pages.videos, async (c) =>
    reply(c, routes.pages.videos, await readPage(c.var, "videos", c.req.valid("query"))),
  )
  .openapi(routes.pages.shows, async (c) =>
    reply(c, routes.pages.shows, await readPage(c.var, "shows", c.req.valid("query"))),
  )
  .openapi(routes.pages.episodes, async (c) =>
    reply(c, routes.pages.episodes, await readPage(c.var, "episodes", c.req.valid("query"))),
  )
  .openapi(routes.exports.channels, (c) => exportFile(c.var, "channels", c.req.valid("query")))
  .openapi(routes.exports.videos, (c) => exportFile(c.var, "videos", c.req.valid("query")))
  .openapi(routes.exports.shows, (c) => exportFile(c.var, "shows", c.req.valid("query")))
  .openapi(routes.exports.episodes, (c) => exportFile(c.var, "episodes", c.req.valid("query")))
  .openapi(routes.deletes.channels, async (c) =>
    reply(c, routes.deletes.channels, {
      deleted: await deleteParents(c.var.db, c.var.org.id, "channels", c.req.valid("json").ids),
    }),
  )
  .openapi(routes.deletes.shows, async (c) =>
    reply(c, routes.deletes.shows, {
      deleted: await deleteParents(c.var.db, c.var.org.id, "shows", c.req.valid("json").ids),
    }),
  );
