import { and, desc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { initialArrangement } from "../../../shared/arrangement-seed";
import { PREVIEW_MIN_CONFIDENCE } from "../../../shared/match-scores";
import { matchContent } from "../../../shared/matching";
import {
  contentRequestSchema,
  type MultiChannelReportRow,
  previewRequestSchema,
} from "../../../shared/schemas/multichannel";
import { batchStatements } from "../../db/batch";
import { type Db, getDb } from "../../db/client";
import { jsonInsertStatements } from "../../db/json-upsert";
import {
  channels,
  multiChannelPreviews,
  previewMatches,
  reports,
  shows,
  users,
} from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { deleteReportObjects, reportFileViews, writeReportFile } from "../reports/report-files";
import { applyMerges, loadContent, summarizeContent } from "./content";
import {
  buildFinalReport,
  comprehensiveCsv,
  contentCount,
  matchesCsv,
  reportJson,
} from "./final-report";

/*
 * Multi-channel reports (under /api/orgs/:orgId/multi-channel): the merge step's figures, preview
 * generation (D1 draft + the PreviewRoom seeded), WebSocket tickets, the final report and
 * deletion. The room is the authority over the arrangement while a preview is a draft; D1 keeps
 * the preview, its automatic suggestions and, once completed, the saved arrangement.
 */

const previewParam = z.object({ previewId: z.string().uuid({ message: "Invalid preview id" }) });
const deleteBody = z.object({
  ids: z.array(z.string().uuid()).min(1, { message: "Select at least one report" }).max(100),
});

export const roomFor = (env: Env, organizationId: string, previewId: string) =>
  env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${organizationId}:${previewId}`));

async function previewRow(db: Db, organizationId: string, previewId: string) {
  const [row] = await db
    .select()
    .from(multiChannelPreviews)
    .where(
      and(
        eq(multiChannelPreviews.id, previewId),
        eq(multiChannelPreviews.organizationId, organizationId),
      ),
    );
  if (!row) throw new ApiError("NOT_FOUND", "Preview not found");
  return row;
}

export const multiChannelRoutes = new Hono<AppEnv>()
  /** The Multi-Channel tab: its three counts and its table. */
  .get("/", async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const [previews, channelRows, showRows] = await Promise.all([
      db
        .select()
        .from(multiChannelPreviews)
        .where(eq(multiChannelPreviews.organizationId, orgId))
        .orderBy(desc(multiChannelPreviews.createdAt))
        .limit(500),
      db
        .select({ id: channels.id, title: channels.title })
        .from(channels)
        .where(eq(channels.organizationId, orgId)),
      db
        .select({ id: shows.id, title: shows.title })
        .from(shows)
        .where(eq(shows.organizationId, orgId)),
    ]);
    const files = await reportFileViews(
      db,
      orgId,
      previews.flatMap((p) => (p.reportId ? [p.reportId] : [])),
    );
    const channelTitle = new Map(channelRows.map((r) => [r.id, r.title]));
    const showTitle = new Map(showRows.map((r) => [r.id, r.title]));
    const rows: MultiChannelReportRow[] = previews.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      dateRange: p.dateRange,
      channelTitles: p.selectedChannels.flatMap((id) =>
        channelTitle.has(id) ? [channelTitle.get(id)!] : [],
      ),
      showTitles: p.selectedShows.flatMap((id) => (showTitle.has(id) ? [showTitle.get(id)!] : [])),
      reportId: p.reportId,
      files:
        p.status === "completed"
          ? files
              .filter((f) => f.reportId === p.reportId)
              .map(({ id, kind, filename }) => ({ id, kind, filename }))
          : [],
      createdAt: p.createdAt.toISOString(),
    }));
    return c.json({
      counts: { channels: channelRows.length, shows: showRows.length, reports: previews.length },
      reports: rows,
    });
  })
  /** Merge Content Options: how much content the selection holds and its duplicate titles. */
  .post("/content", validate("json", contentRequestSchema), async (c) => {
    const org = c.get("org");
    const items = await loadContent(getDb(c.env), org.id, c.req.valid("json"), org.timezone);
    return c.json(summarizeContent(items));
  })
  /** Generate the preview: merge, match, store the draft and its suggestions, seed the room. */
  .post("/previews", validate("json", previewRequestSchema), async (c) => {
    const org = c.get("org");
    const body = c.req.valid("json");
    const db = getDb(c.env);
    const items = applyMerges(await loadContent(db, org.id, body, org.timezone), body.mergeOptions);
    const toMatch = (list: Array<{ id: string; title: string; publishDate: number }>) =>
      list.map(({ id, title, publishDate }) => ({ id, title, publishDate }));
    const { matches } = matchContent(toMatch(items.videos), toMatch(items.episodes), org.timezone, {
      minConfidence: PREVIEW_MIN_CONFIDENCE,
    });
    const arrangement = initialArrangement(
      items.videos.map((v) => v.id),
      items.episodes.map((e) => e.id),
      matches.map((m) => ({
        videoId: m.videoId,
        episodeId: m.episodeId,
        confidence: m.confidence,
        reason: m.reason,
      })),
    );
    const previewId = crypto.randomUUID();
    // The room first: if seeding fails nothing is left in D1 pointing at an empty room.
    await roomFor(c.env, org.id, previewId).seed({
      videos: items.videos,
      episodes: items.episodes,
      timeZone: org.timezone,
      arrangement,
      readOnly: false,
    });
    // One transaction: the preview and its suggestions, 500 matches per statement (json_each).
    await batchStatements(c.env.DB, [
      db.insert(multiChannelPreviews).values({
        id: previewId,
        organizationId: org.id,
        title: body.title,
        dateRange: body.dateRange,
        selectedChannels: body.selectedChannels,
        selectedShows: body.selectedShows,
        mergeOptions: body.mergeOptions,
        createdByUserId: c.get("userId"),
      }),
      ...jsonInsertStatements(
        previewMatches,
        matches.map((m) => ({
          organizationId: org.id,
          previewId,
          videoId: m.videoId,
          episodeId: m.episodeId,
          confidenceScore: m.confidence,
          matchReason: m.reason,
        })),
      ),
    ]);
    return c.json({ previewId }, 201);
  })
  /** A board: the preview, its content and the room's current arrangement. */
  .get("/previews/:previewId", validate("param", previewParam), async (c) => {
    const orgId = c.get("org").id;
    const preview = await previewRow(getDb(c.env), orgId, c.req.valid("param").previewId);
    const snapshot = await roomFor(c.env, orgId, preview.id).snapshot();
    if (!snapshot) throw new ApiError("NOT_FOUND", "Preview not found");
    return c.json({
      id: preview.id,
      title: preview.title,
      status: preview.status,
      dateRange: preview.dateRange,
      selectedChannels: preview.selectedChannels,
      selectedShows: preview.selectedShows,
      mergeOptions: preview.mergeOptions,
      content: snapshot.content,
      version: snapshot.version,
      arrangement: snapshot.arrangement,
      readOnly: snapshot.readOnly,
    });
  })
  /** A short-lived, single-use ticket for the board's WebSocket. */
  .post("/previews/:previewId/ticket", validate("param", previewParam), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const preview = await previewRow(db, orgId, c.req.valid("param").previewId);
    const [user] = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, c.get("userId")));
    const ticket = await roomFor(c.env, orgId, preview.id).issueTicket(
      c.get("userId"),
      user?.name?.trim() || user?.email || "Someone",
    );
    return c.json({
      ticket,
      url: `/api/orgs/${orgId}/multi-channel/previews/${preview.id}/socket?ticket=${encodeURIComponent(ticket)}`,
    });
  })
  /** Reopen a completed preview for editing (its saved arrangement stays until regenerated). */
  .post("/previews/:previewId/reopen", validate("param", previewParam), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const preview = await previewRow(db, orgId, c.req.valid("param").previewId);
    await roomFor(c.env, orgId, preview.id).setReadOnly(false);
    await db
      .update(multiChannelPreviews)
      .set({ status: "draft" })
      .where(eq(multiChannelPreviews.id, preview.id));
    return c.json({ status: "draft" });
  })
  /**
   * Generate Final Report: the room's arrangement is saved to D1 (completed) and the three files
   * are written. Saving failing is logged and generation continues (spec section 8).
   */
  .post("/previews/:previewId/report", validate("param", previewParam), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const preview = await previewRow(db, orgId, c.req.valid("param").previewId);
    const room = roomFor(c.env, orgId, preview.id);
    const snapshot = await room.snapshot();
    if (!snapshot) throw new ApiError("NOT_FOUND", "Preview not found");
    try {
      await db
        .update(multiChannelPreviews)
        .set({ finalArrangement: snapshot.arrangement, status: "completed" })
        .where(eq(multiChannelPreviews.id, preview.id));
      await room.setReadOnly(true);
    } catch (error) {
      c.get("log").error(
        "multi-channel: saving the arrangement failed; generating the report anyway",
        { previewId: preview.id, error: String(error) },
      );
    }
    const report = buildFinalReport(snapshot.arrangement, snapshot.content);
    const reportId = crypto.randomUUID();
    const now = new Date();
    await db.insert(reports).values({
      id: reportId,
      organizationId: orgId,
      title: preview.title,
      platform: "multi-channel",
      exportType: "one-time",
      dateRange: preview.dateRange,
      selectedEntities: [...preview.selectedChannels, ...preview.selectedShows],
      status: "generating",
      previewId: preview.id,
      createdByUserId: c.get("userId"),
    });
    const spec = { organizationId: orgId, reportId };
    try {
      await writeReportFile(
        c.env,
        db,
        {
          ...spec,
          kind: "matches_csv",
          filename: "multi-channel-matches.csv",
          contentType: "text/csv; charset=utf-8",
        },
        matchesCsv(report),
        report.matchedContent.length,
      );
      await writeReportFile(
        c.env,
        db,
        {
          ...spec,
          kind: "comprehensive_csv",
          filename: "comprehensive-multi-channel-report.csv",
          contentType: "text/csv; charset=utf-8",
        },
        comprehensiveCsv(report),
        contentCount(report),
      );
      await writeReportFile(
        c.env,
        db,
        { ...spec, kind: "json", filename: "data.json", contentType: "application/json" },
        reportJson(report, {
          title: preview.title,
          previewId: preview.id,
          generatedAt: now.toISOString(),
        }),
      );
    } catch (error) {
      c.get("log").error("multi-channel: writing the report files failed", {
        reportId,
        error: String(error),
      });
      await db
        .update(reports)
        .set({ status: "failed", errorMessage: "Failed to generate report" })
        .where(eq(reports.id, reportId));
      throw new ApiError("INTERNAL", "Failed to generate report", {
        reason: "report_files_failed",
      });
    }
    await db.batch([
      db
        .update(reports)
        .set({ status: "completed", completedAt: new Date(), rowCount: contentCount(report) })
        .where(eq(reports.id, reportId)),
      db
        .update(multiChannelPreviews)
        .set({ reportId })
        .where(eq(multiChannelPreviews.id, preview.id)),
    ]);
    const files = (await reportFileViews(db, orgId, [reportId])).map(({ id, kind, filename }) => ({
      id,
      kind,
      filename,
    }));
    return c.json({ reportId, contentCount: contentCount(report), files });
  })
  /** Delete multi-channel reports: their previews, rooms, report rows and R2 files. */
  .post("/delete", validate("json", deleteBody), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const previews = await db
      .select({ id: multiChannelPreviews.id })
      .from(multiChannelPreviews)
      .where(
        and(
          eq(multiChannelPreviews.organizationId, orgId),
          inArray(multiChannelPreviews.id, c.req.valid("json").ids),
        ),
      );
    const previewIds = previews.map((p) => p.id);
    if (previewIds.length === 0) return c.json({ deleted: 0 });
    const linked = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.organizationId, orgId), inArray(reports.previewId, previewIds)));
    await deleteReportObjects(
      c.env,
      db,
      orgId,
      linked.map((r) => r.id),
    );
    await db.batch([
      db
        .delete(reports)
        .where(and(eq(reports.organizationId, orgId), inArray(reports.previewId, previewIds))),
      db
        .delete(multiChannelPreviews)
        .where(
          and(
            eq(multiChannelPreviews.organizationId, orgId),
            inArray(multiChannelPreviews.id, previewIds),
          ),
        ),
    ]);
    await Promise.all(previewIds.map((id) => roomFor(c.env, orgId, id).destroy()));
    return c.json({ deleted: previewIds.length });
  });

/**
 * The board's WebSocket (outside the bearer-token routes: a browser cannot send headers). The
 * ticket, issued above to an authenticated member, is checked and consumed by the room itself;
 * a ticket only opens the room it was issued by.
 */
export const multiChannelSocketRoutes = new Hono<AppEnv>().get(
  "/:orgId/multi-channel/previews/:previewId/socket",
  async (c) => {
    const params = z
      .object({ orgId: z.string().uuid(), previewId: z.string().uuid() })
      .safeParse(c.req.param());
    if (!params.success || c.req.header("Upgrade") !== "websocket")
      throw new ApiError("NOT_FOUND", "Not found");
    return roomFor(c.env, params.data.orgId, params.data.previewId).fetch(c.req.raw);
  },
);
