import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { idChunks } from "../../db/batch";
import type { Db } from "../../db/client";
import { episodesOf } from "../../db/organization-scope";
import { episodes } from "../../db/schema";
import { nextTurn } from "../../lib/next-turn";
import { episodeChild, videoChild } from "./child-page";
import { rowidOf } from "./sql-helpers";

/** The seasons the organisation's shows really have (one indexed distinct scan), in order. */
export async function seasonsOf(orgId: string, db: Db, showIds?: string[]) {
  const rows = await db
    .selectDistinct({ season: episodes.seasonNumber })
    .from(episodes)
    .where(
      and(
        episodesOf(orgId),
        isNotNull(episodes.seasonNumber),
        showIds?.length ? inArray(episodes.showId, showIds) : undefined,
      ),
    )
    .orderBy(asc(episodes.seasonNumber));
  return rows.map((r) => r.season).filter((s): s is number => s !== null);
}

/**
 * Videos or episodes deleted per statement before their parent goes, each with its history
 * (cascades). Deleting a 100,000-video channel (one snapshot a video) in one statement held the
 * content database, which other organisations share, for 9.2 s here, and more history would
 * take it towards D1's 30 s per statement. In steps of 1,000 the same delete took 19.9 s and
 * /api/health waited at most 0.5 s (p50 0.3 s); steps of 5,000 took 12.6 s with waits up to
 * 1.5 s (docs/performance.md). The shared database's other users come first.
 */
export const CHILDREN_PER_DELETE = 1_000;

/**
 * Deletes the organisation's channels or shows by id, which deletes their videos or episodes and
 * every snapshot (cascades); ids of rows already gone or not the organisation's count as none.
 * The children go first, CHILDREN_PER_DELETE at a time with a turn of the event loop between
 * (next-turn.ts), so other requests are answered meanwhile; then the parents, whose own delete
 * still cascades over anything written to them since. A delete cut short leaves the parents with
 * fewer children, and asking again finishes it.
 */
export async function deleteParents(
  orgId: string,
  db: Db,
  table: "channels" | "shows",
  ids: string[],
) {
  const {
    parent,
    parentKey,
    parentOrganizationId,
    table: child,
    parentId,
  } = table === "channels" ? videoChild : episodeChild;
  let deleted = 0;
  for (const group of idChunks(ids)) {
    const mine = and(eq(parentOrganizationId, orgId), inArray(parentKey, group));
    const owned = (await db.select({ id: parentKey }).from(parent).where(mine)).map((p) => p.id);
    for (const id of owned) {
      for (;;) {
        await nextTurn();
        const step = db
          .select({ rowid: rowidOf(child) })
          .from(child)
          .where(eq(parentId, id))
          .limit(CHILDREN_PER_DELETE);
        const gone = await db
          .delete(child)
          .where(sql`${child}.rowid in ${step}`)
          .returning({ rowid: sql<number>`${child}.rowid` });
        if (gone.length < CHILDREN_PER_DELETE) break;
      }
    }
    deleted += (await db.delete(parent).where(mine).returning({ id: parentKey })).length;
  }
  return deleted;
}
