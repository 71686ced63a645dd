import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Arrangement } from "../../../shared/schemas/arrangement";
import type { PreviewRequest } from "../../../shared/schemas/multichannel";
import { batchStatements, chunk } from "../../db/batch";
import type { Db } from "../../db/client";
import { JSON_ROWS_PER_STATEMENT } from "../../db/json-upsert";
import { channels, multiChannelPreviews, previewMatches, reports, shows } from "../../db/schema";
import { notFound } from "../../errors";
import { timeOrderedUuids } from "../../lib/crypto/time-ordered-id";

/*
 * The multi-channel routes' reads and writes. Every function takes the organisation first and
 * filters by it, so a preview id from another organisation finds nothing.
 */

const previews = multiChannelPreviews;
const inOrg = (organizationId: string) => eq(previews.organizationId, organizationId);

/** The Multi-Channel tab's table holds at most this many reports (newest first). */
export const MULTI_CHANNEL_LIST_LIMIT = 500;

export const listPreviews = (organizationId: string, db: Db) =>
  db
    .select()
    .from(previews)
    .where(inOrg(organizationId))
    .orderBy(desc(previews.createdAt))
    .limit(MULTI_CHANNEL_LIST_LIMIT);

/** Every channel's and show's title, to name a report's selection. */
export async function entityTitles(organizationId: string, db: Db) {
  const [channelRows, showRows] = await Promise.all([
    db
      .select({ id: channels.id, title: channels.title })
      .from(channels)
      .where(eq(channels.organizationId, organizationId)),
    db
      .select({ id: shows.id, title: shows.title })
      .from(shows)
      .where(eq(shows.organizationId, organizationId)),
  ]);
  return { channels: channelRows, shows: showRows };
}

/** One preview of the organisation; NOT_FOUND when absent or someone else's. */
export async function findPreview(organizationId: string, db: Db, previewId: string) {
  const [row] = await db
    .select()
    .from(previews)
    .where(and(eq(previews.id, previewId), inOrg(organizationId)));
  if (!row) throw notFound("Preview");
  return row;
}
export type PreviewRow = Awaited<ReturnType<typeof findPreview>>;

type Match = { videoId: string; episodeId: string; confidence: number; reason: string };

/**
 * Stores a new draft preview and its automatic suggestions in one transaction, 500 matches per
 * statement (json_each), so a large selection stays far under D1's statements-per-call limit.
 */
export async function insertPreview(
  organizationId: string,
  db: Db,
  preview: PreviewRequest & { id: string; createdByUserId: string },
  matches: Match[],
) {
  await batchStatements(db.$client, [
    db.insert(previews).values({
      id: preview.id,
      organizationId,
      title: preview.title,
      dateRange: preview.dateRange,
      selectedChannels: preview.selectedChannels,
      selectedShows: preview.selectedShows,
      mergeOptions: preview.mergeOptions,
      createdByUserId: preview.createdByUserId,
    }),
    ...matchStatements(organizationId, preview.id, matches),
  ]);
}

/**
 * The suggestions' inserts: each row travels as a short JSON array (key, video, episode,
 * confidence, reason) and the columns every row shares (organisation, preview, creation time) are
 * bound once. The generic json insert (jsonInsertStatements) mapped each of a 2,000 x 2,000
 * preview's ~1,800 rows column by column through drizzle and sent them as keyed objects: 14-20 ms
 * of the preview's CPU (2026-11-24). The values are the same: a time-ordered key per row (the
 * column's default), the creation time as the column stores it, the confidence and the reason.
 */
function matchStatements(organizationId: string, previewId: string, matches: Match[]): SQL[] {
  const t = previewMatches;
  const createdAt = t.createdAt.mapToDriverValue(new Date());
  const names = sql.join(
    [
      t.id,
      t.organizationId,
      t.previewId,
      t.videoId,
      t.episodeId,
      t.confidenceScore,
      t.matchReason,
      t.createdAt,
    ].map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const ids = timeOrderedUuids(matches.length);
  return chunk(matches, JSON_ROWS_PER_STATEMENT).map((group, g) => {
    const first = g * JSON_ROWS_PER_STATEMENT;
    const rows = JSON.stringify(
      group.map((m, i) => [ids[first + i], m.videoId, m.episodeId, m.confidence, m.reason]),
    );
    return sql`insert into ${t} (${names}) select json_extract(value, '$[0]'), ${organizationId}, ${previewId}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'), ${createdAt} from json_each(${rows})`;
  });
}

export const setPreviewStatus = (
  organizationId: string,
  db: Db,
  previewId: string,
  status: "draft" | "completed",
) =>
  db
    .update(previews)
    .set({ status })
    .where(and(eq(previews.id, previewId), inOrg(organizationId)));

/** Generate Final Report saves the room's arrangement with the preview (status completed). */
export const saveFinalArrangement = (
  organizationId: string,
  db: Db,
  previewId: string,
  arrangement: Arrangement,
) =>
  db
    .update(previews)
    .set({ finalArrangement: arrangement, status: "completed" })
    .where(and(eq(previews.id, previewId), inOrg(organizationId)));

export const linkReport = (organizationId: string, db: Db, previewId: string, reportId: string) =>
  db
    .update(previews)
    .set({ reportId })
    .where(and(eq(previews.id, previewId), inOrg(organizationId)));

/** Which of these ids are the organisation's previews. */
export async function ownPreviewIds(organizationId: string, db: Db, ids: string[]) {
  const rows = await db
    .select({ id: previews.id })
    .from(previews)
    .where(and(inOrg(organizationId), inArray(previews.id, ids)));
  return rows.map((row) => row.id);
}

/** The report rows generated from these previews. */
export async function reportIdsOf(organizationId: string, db: Db, previewIds: string[]) {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.organizationId, organizationId), inArray(reports.previewId, previewIds)));
  return rows.map((row) => row.id);
}

/** Deletes the previews and the report rows generated from them, in one batch. */
export async function deletePreviews(organizationId: string, db: Db, previewIds: string[]) {
  await db.batch([
    db
      .delete(reports)
      .where(
        and(eq(reports.organizationId, organizationId), inArray(reports.previewId, previewIds)),
      ),
    db.delete(previews).where(and(inOrg(organizationId), inArray(previews.id, previewIds))),
  ]);
}
