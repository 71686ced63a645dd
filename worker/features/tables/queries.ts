import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { idChunks } from "../../db/batch";
import type { Db } from "../../db/client";
import { channels, episodes, shows } from "../../db/schema";

/** The seasons the organisation's shows really have (one indexed distinct scan), in order. */
export async function seasonsOf(orgId: string, db: Db, showIds?: string[]) {
  const rows = await db
    .selectDistinct({ season: episodes.seasonNumber })
    .from(episodes)
    .where(
      and(
        eq(episodes.organizationId, orgId),
        isNotNull(episodes.seasonNumber),
        showIds?.length ? inArray(episodes.showId, showIds) : undefined,
      ),
    )
    .orderBy(asc(episodes.seasonNumber));
  return rows.map((r) => r.season).filter((s): s is number => s !== null);
}

/**
 * Deletes the organisation's channels or shows by id, which deletes their videos or episodes and
 * every snapshot (cascades); ids of rows already gone or not the organisation's count as none.
 */
export async function deleteParents(
  orgId: string,
  db: Db,
  table: "channels" | "shows",
  ids: string[],
) {
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
