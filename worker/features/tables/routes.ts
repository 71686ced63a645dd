import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { exportFileName } from "../../../shared/csv";
import { tableNames, tableQuerySchema } from "../../../shared/schemas/tables";
import { chunk } from "../../db/batch";
import { getDb } from "../../db/client";
import { combine, runReads } from "../../db/reads";
import { channels, episodes, shows } from "../../db/schema";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { exportStream } from "./export";
import { tableSpecs } from "./specs";

const tableParam = z.object({ table: z.enum(tableNames) });
// Strict: a query this route does not take is a mistake worth naming (400), not something to ignore.
const seasonsQuery = tableQuerySchema.pick({ show: true }).strict();
const exportQuery = tableQuerySchema.extend({ format: z.enum(["csv", "json"]).default("csv") });
const deleteBody = z.object({
  ids: z.array(z.string().uuid()).min(1, { message: "Select at least one row" }).max(500),
});
const platformOf = {
  channels: "youtube",
  videos: "youtube",
  shows: "simplecast",
  episodes: "simplecast",
} as const;

/** The dashboard tables: paged, sorted, filtered and searched on the server (under /api/orgs/:orgId). */
export const tableRoutes = new Hono<AppEnv>()
  // The season filter offers the seasons the shows really have (one indexed distinct scan).
  .get("/episodes/seasons", validate("query", seasonsQuery), async (c) => {
    const { show } = c.req.valid("query");
    const rows = await getDb(c.env)
      .selectDistinct({ season: episodes.seasonNumber })
      .from(episodes)
      .where(
        and(
          eq(episodes.organizationId, c.get("org").id),
          isNotNull(episodes.seasonNumber),
          show?.length ? inArray(episodes.showId, show) : undefined,
        ),
      )
      .orderBy(asc(episodes.seasonNumber));
    return c.json({ seasons: rows.map((r) => r.season).filter((s): s is number => s !== null) });
  })
  .get("/:table", validate("param", tableParam), validate("query", tableQuerySchema), async (c) => {
    const { table } = c.req.valid("param");
    const query = c.req.valid("query");
    const db = getDb(c.env);
    const now = Date.now();
    const spec = tableSpecs[table];
    const orgId = c.get("org").id;
    // The page and its totals in one batch: one D1 round trip, one consistent snapshot.
    const { rows, totals } = await runReads(
      db,
      combine(
        spec.page(db, orgId, query, query.pageSize, (query.page - 1) * query.pageSize, now),
        spec.total(db, orgId, query, now),
        (rows, totals) => ({ rows, totals }),
      ),
    );
    return c.json({
      rows,
      total: totals.total,
      page: query.page,
      pageSize: query.pageSize,
      optionalColumns: totals.optionalColumns,
      refreshedAt: totals.refreshedAt,
      duplicates: totals.duplicates ?? null,
    });
  })
  .get(
    "/:table/export",
    validate("param", tableParam),
    validate("query", exportQuery),
    async (c) => {
      const { table } = c.req.valid("param");
      const { format, ...query } = c.req.valid("query");
      const filename = exportFileName(`${platformOf[table]}_${table}`, format);
      const body = await exportStream(getDb(c.env), c.get("org").id, table, query, format);
      return new Response(body, {
        headers: {
          "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "no-store",
        },
      });
    },
  )
  // Deleting a channel or show deletes its videos or episodes and every snapshot (cascades).
  // D1 binds at most 100 parameters per statement, so a page of 200 selected rows goes 90 at a time.
  .post("/channels/delete", validate("json", deleteBody), async (c) => {
    let deleted = 0;
    for (const ids of chunk(c.req.valid("json").ids, 90))
      deleted += (
        await getDb(c.env)
          .delete(channels)
          .where(and(eq(channels.organizationId, c.get("org").id), inArray(channels.id, ids)))
          .returning({ id: channels.id })
      ).length;
    return c.json({ deleted });
  })
  .post("/shows/delete", validate("json", deleteBody), async (c) => {
    let deleted = 0;
    for (const ids of chunk(c.req.valid("json").ids, 90))
      deleted += (
        await getDb(c.env)
          .delete(shows)
          .where(and(eq(shows.organizationId, c.get("org").id), inArray(shows.id, ids)))
          .returning({ id: shows.id })
      ).length;
    return c.json({ deleted });
  });
