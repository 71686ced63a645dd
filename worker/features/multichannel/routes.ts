import { multiChannelApi as routes } from "../../../shared/api/multichannel";
import { initialArrangement } from "../../../shared/arrangement-seed";
import { PREVIEW_MIN_CONFIDENCE } from "../../../shared/match-scores";
import { type Match, matchContent } from "../../../shared/matching";
import type { MultiChannelReportRow, PreviewRequest } from "../../../shared/schemas/multichannel";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { familyOfSession, recordBoardConnection } from "../../rooms/access";
import { type RoomSeed, roomSeed } from "../../rooms/room-seed";
import { findUserById } from "../auth/users";
import { deleteReportObjects, reportFileViews } from "../reports/report-files";
import { applyMerges, loadContent, summarizeContent } from "./content";
import { generateFinalReport } from "./generate-report";
import {
  deletePreviews,
  entityTitles,
  findPreview,
  insertPreview,
  listPreviews,
  ownPreviewIds,
  reportIdsOf,
  saveFinalArrangement,
  setPreviewStatus,
} from "./queries";

/*
 * Multi-channel reports (shared/api/multichannel.ts): the merge step's figures, preview
 * generation (D1 draft + the PreviewRoom seeded), WebSocket tickets, the final report and
 * deletion. The room is the authority over the arrangement while a preview is a draft; D1 keeps
 * the preview, its automatic suggestions and, once completed, the saved arrangement.
 */

export const roomFor = (env: Env, organizationId: string, previewId: string) =>
  env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${organizationId}:${previewId}`));

const titlesOf = (ids: string[], titles: Map<string, string>) =>
  ids.flatMap((id) => (titles.has(id) ? [titles.get(id)!] : []));

/**
 * A new preview's board: its content (merged as asked), the automatic suggestions and the room's
 * seed (content and starting arrangement).
 */
async function previewBoard(
  db: Db,
  org: { id: string; timezone: string },
  body: PreviewRequest,
): Promise<{ matches: Match[]; seed: RoomSeed }> {
  const items = applyMerges(await loadContent(db, org.id, body, org.timezone), body.mergeOptions);
  const toMatch = (list: Array<{ id: string; title: string; publishDate: number }>) =>
    list.map(({ id, title, publishDate }) => ({ id, title, publishDate }));
  const { matches } = matchContent(toMatch(items.videos), toMatch(items.episodes), org.timezone, {
    minConfidence: PREVIEW_MIN_CONFIDENCE,
  });
  const arrangement = initialArrangement(
    items.videos.map((v) => v.id),
    items.episodes.map((e) => e.id),
    matches.map(({ videoId, episodeId, confidence, reason }) => ({
      videoId,
      episodeId,
      confidence,
      reason,
    })),
  );
  return {
    matches,
    seed: roomSeed({ ...items, arrangement, timeZone: org.timezone, readOnly: false }),
  };
}

export const multiChannelRoutes = newRouter()
  /** The Multi-Channel tab: its three counts and its table. */
  .openapi(routes.list, async (c) => {
    const { db, org } = c.var;
    const [previews, titles] = await Promise.all([
      listPreviews(org.id, db),
      entityTitles(org.id, db),
    ]);
    const files = await reportFileViews(
      db,
      org.id,
      previews.flatMap((p) => (p.reportId ? [p.reportId] : [])),
    );
    const channelTitle = new Map(titles.channels.map((r) => [r.id, r.title]));
    const showTitle = new Map(titles.shows.map((r) => [r.id, r.title]));
    const rows: MultiChannelReportRow[] = previews.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      dateRange: p.dateRange,
      channelTitles: titlesOf(p.selectedChannels, channelTitle),
      showTitles: titlesOf(p.selectedShows, showTitle),
      reportId: p.reportId,
      files: p.status === "completed" ? files.filter((f) => f.reportId === p.reportId) : [],
      createdAt: p.createdAt.toISOString(),
    }));
    return reply(c, routes.list, {
      counts: {
        channels: titles.channels.length,
        shows: titles.shows.length,
        reports: previews.length,
      },
      reports: rows,
    });
  })
  /** Merge Content Options: how much content the selection holds and its duplicate titles. */
  .openapi(routes.content, async (c) => {
    const { db, org } = c.var;
    const items = await loadContent(db, org.id, c.req.valid("json"), org.timezone);
    return reply(c, routes.content, summarizeContent(items));
  })
  /** Generate the preview: merge, match, store the draft and its suggestions, seed the room. */
  .openapi(routes.createPreview, async (c) => {
    const { db, org, userId } = c.var;
    const body = c.req.valid("json");
    const previewId = crypto.randomUUID();
    const room = roomFor(c.env, org.id, previewId);
    // The new room is woken while D1 reads the content (creating an object and its tables took
    // 15-200 ms of the preview, at load 14-18, when it happened inside seed). Should anything
    // fail before the room is seeded, the woken room is destroyed: nothing is left behind.
    const woken = room.ready();
    woken.catch(() => undefined); // a failure surfaces where it is awaited, below
    const { matches, seed } = await previewBoard(db, org, body).catch(async (error: unknown) => {
      await Promise.allSettled([woken]);
      await room.destroy().catch(() => undefined);
      throw error;
    });
    // The room and D1 are written side by side (neither needs the other); if either fails the
    // other is undone, so nothing in D1 points at an empty room and no room outlives its preview.
    // (insertPreview is one batch: it writes all of the preview and its matches, or nothing.)
    const [seeded, stored] = await Promise.allSettled([
      woken.then(() => room.seed(seed)),
      insertPreview(org.id, db, { ...body, id: previewId, createdByUserId: userId }, matches),
    ]);
    if (seeded.status === "rejected" || stored.status === "rejected") {
      await Promise.allSettled([room.destroy(), deletePreviews(org.id, db, [previewId])]);
      throw seeded.status === "rejected" ? seeded.reason : (stored as PromiseRejectedResult).reason;
    }
    return reply(c, routes.createPreview, { previewId });
  })
  /** A board: the preview, its content and the room's current arrangement. */
  .openapi(routes.preview, async (c) => {
    const { db, org } = c.var;
    const preview = await findPreview(org.id, db, c.req.valid("param").previewId);
    const snapshot = await roomFor(c.env, org.id, preview.id).snapshot();
    if (!snapshot) throw notFound("Preview");
    return reply(c, routes.preview, {
      ...preview,
      content: snapshot.content,
      version: snapshot.version,
      arrangement: snapshot.arrangement,
      readOnly: snapshot.readOnly,
    });
  })
  /** A short-lived, single-use ticket for the board's WebSocket. */
  .openapi(routes.ticket, async (c) => {
    const { db, primary, org, userId } = c.var;
    const preview = await findPreview(org.id, db, c.req.valid("param").previewId);
    // The person, their session and the board connection are accounts: primary database.
    const user = await findUserById(primary, userId);
    const familyId = await familyOfSession(primary, c.get("sessionId"));
    if (!familyId)
      throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
    // Remembered first, so an access change racing this ticket still reaches the room.
    await recordBoardConnection(primary, userId, org.id, preview.id);
    const ticket = await roomFor(c.env, org.id, preview.id).issueTicket(
      userId,
      user?.name?.trim() || user?.email || "Someone",
      { organizationId: org.id, familyId },
    );
    const params = { orgId: org.id, previewId: preview.id };
    const socket = routes.socket.path.replace(
      /\{(\w+)\}/g,
      (_, k: "orgId" | "previewId") => params[k],
    );
    return reply(c, routes.ticket, {
      ticket,
      url: `/api${socket}?ticket=${encodeURIComponent(ticket)}`,
    });
  })
  /** Reopen a completed preview for editing (its saved arrangement stays until regenerated). */
  .openapi(routes.reopen, async (c) => {
    const { db, org } = c.var;
    const preview = await findPreview(org.id, db, c.req.valid("param").previewId);
    await roomFor(c.env, org.id, preview.id).setReadOnly(false);
    await setPreviewStatus(org.id, db, preview.id, "draft");
    return reply(c, routes.reopen, { status: "draft" });
  })
  /**
   * Generate Final Report: the room's arrangement is saved to D1 (completed) and the three files
   * are written. Saving failing is logged and generation continues (spec section 8).
   */
  .openapi(routes.report, async (c) => {
    const { db, org, userId, log } = c.var;
    const preview = await findPreview(org.id, db, c.req.valid("param").previewId);
    const room = roomFor(c.env, org.id, preview.id);
    const snapshot = await room.snapshot();
    if (!snapshot) throw notFound("Preview");
    try {
      await saveFinalArrangement(org.id, db, preview.id, snapshot.arrangement);
      await room.setReadOnly(true);
    } catch (error) {
      log.error("multi-channel: saving the arrangement failed; generating the report anyway", {
        previewId: preview.id,
        error: String(error),
      });
    }
    const by = { organizationId: org.id, userId };
    return reply(
      c,
      routes.report,
      await generateFinalReport(c.env, db, log, by, preview, snapshot),
    );
  })
  /** Delete multi-channel reports: their previews, rooms, report rows and R2 files. */
  .openapi(routes.remove, async (c) => {
    const { db, org } = c.var;
    const previewIds = await ownPreviewIds(org.id, db, c.req.valid("json").ids);
    if (previewIds.length === 0) return reply(c, routes.remove, { deleted: 0 });
    await deleteReportObjects(c.env, db, org.id, await reportIdsOf(org.id, db, previewIds));
    await deletePreviews(org.id, db, previewIds);
    await Promise.all(previewIds.map((id) => roomFor(c.env, org.id, id).destroy()));
    return reply(c, routes.remove, { deleted: previewIds.length });
  });

/**
 * The board's WebSocket (before the bearer-token check: a browser cannot send headers). The
 * ticket, issued above to an authenticated member, is checked and consumed by the room itself;
 * a ticket only opens the room it was issued by.
 */
export const multiChannelSocketRoutes = newRouter().openapi(
  routes.socket,
  async (c) => {
    const { orgId, previewId } = c.req.valid("param");
    if (c.req.header("Upgrade") !== "websocket") throw new ApiError("NOT_FOUND", "Not found");
    return roomFor(c.env, orgId, previewId).fetch(c.req.raw);
  },
  // Unauthenticated: a malformed id is "not found" like any other, never a hint.
  (result) => {
    if (!result.success) throw new ApiError("NOT_FOUND", "Not found");
    return undefined;
  },
);
