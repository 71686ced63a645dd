import { and, eq } from "drizzle-orm";
import { reportsApi as routes } from "../../../shared/api/reports";
import type {
  CreateSchedule,
  ReportPlatform,
  ScheduleView,
  UpdateSchedule,
} from "../../../shared/schemas/reports";
import type { Db } from "../../db/client";
import { persistentSheets, reportSchedules, scheduleRuns } from "../../db/schema";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { createReportOnce } from "./create-once";
import {
  deleteReports,
  deleteSchedules,
  findSchedule,
  latestRuns,
  listPersistentSheets,
  listReports,
  listSchedules,
  ownReportIds,
  sheetsAvailable,
} from "./queries";
import { deleteReportObjects, reportFileViews } from "./report-files";

/*
 * One-time reports and recurring schedules of a platform (under /api/orgs/:orgId/reports). The
 * files are written by the `report.generate` job and the runs by `report.schedule-run`; these
 * routes record intent and answer at once.
 */

/**
 * Where a persistent schedule writes. A new spreadsheet becomes a persistent_sheets row (created
 * in Google by the first run); an existing one must belong to the organisation and platform.
 */
async function resolveDestination(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  body: CreateSchedule | UpdateSchedule,
) {
  if (!body.isPersistent || !body.destination)
    return { persistentSheetId: null, sheetTabName: null };
  const d = body.destination;
  if (d.kind === "existing") {
    const [sheet] = await db
      .select({ id: persistentSheets.id })
      .from(persistentSheets)
      .where(
        and(
          eq(persistentSheets.id, d.persistentSheetId),
          eq(persistentSheets.organizationId, organizationId),
          eq(persistentSheets.platform, platform),
        ),
      );
    if (!sheet)
      throw new ApiError("BAD_REQUEST", "That spreadsheet is not available; choose another.", {
        field: "destination.persistentSheetId",
      });
    return { persistentSheetId: sheet.id, sheetTabName: d.tabName };
  }
  const [sheet] = await db
    .insert(persistentSheets)
    .values({ organizationId, platform, sheetName: d.sheetName })
    .returning({ id: persistentSheets.id });
  return {
    persistentSheetId: sheet!.id,
    sheetTabName: d.tabStructure === "custom" ? (d.tabName ?? "Data") : null,
  };
}

const iso = (date: Date) => date.toISOString();

/** A schedule as the Reports screen shows it, with its newest run ("Not run yet" without one). */
function scheduleView(
  s: typeof reportSchedules.$inferSelect,
  sheet: ScheduleView["persistentSheet"],
  last: typeof scheduleRuns.$inferSelect | undefined,
): ScheduleView {
  return {
    ...s,
    platform: s.platform as ReportPlatform,
    persistentSheet: sheet,
    lastRun: last
      ? {
          status: last.status,
          at: iso(last.finishedAt ?? last.createdAt),
          rowCount: last.rowCount,
          sheetUrl: last.sheetUrl,
          errorMessage: last.errorMessage,
        }
      : null,
    createdAt: iso(s.createdAt),
  };
}

export const reportRoutes = newRouter()
  /** Everything the Reports screen shows for one platform, in one call. */
  .openapi(routes.page, async (c) => {
    const { db, org } = c.var;
    const { platform } = c.req.valid("query");
    const [reportRows, scheduleRows, sheetRows, sheetsWork] = await Promise.all([
      listReports(org.id, db, platform),
      listSchedules(org.id, db, platform),
      listPersistentSheets(org.id, db, platform),
      sheetsAvailable(org.id, db),
    ]);
    const [files, runs] = await Promise.all([
      reportFileViews(
        db,
        org.id,
        reportRows.map((r) => r.id),
      ),
      latestRuns(
        org.id,
        db,
        scheduleRows.map((s) => s.id),
      ),
    ]);
    const sheets = new Map(
      sheetRows.map((s) => [
        s.id,
        {
          id: s.id,
          sheetName: s.sheetName,
          spreadsheetUrl: s.spreadsheetUrl,
          createdAt: iso(s.createdAt),
        },
      ]),
    );
    return reply(c, routes.page, {
      reports: reportRows.map((r) => ({
        ...r,
        createdAt: iso(r.createdAt),
        files: r.status === "completed" ? files.filter((f) => f.reportId === r.id) : [],
      })),
      schedules: scheduleRows.map((s) =>
        scheduleView(
          s,
          s.persistentSheetId ? (sheets.get(s.persistentSheetId) ?? null) : null,
          runs.get(s.id),
        ),
      ),
      persistentSheets: [...sheets.values()],
      sheetsAvailable: sheetsWork,
    });
  })
  /** A one-time report: recorded now, its files written by the report.generate job. */
  .openapi(routes.create, async (c) => {
    const { db, org, userId } = c.var;
    const body = c.req.valid("json");
    const report = await createReportOnce(db, {
      organizationId: org.id,
      userId,
      body,
    });
    // A repeated submission answers with the report the first one created (its job is queued).
    if (report.created)
      await c.env.JOBS.send({
        type: "report.generate",
        organizationId: org.id,
        reportId: report.id,
      });
    return reply(c, routes.create, { report: { id: report.id, status: report.status } });
  })
  .openapi(routes.remove, async (c) => {
    const { db, org } = c.var;
    const ids = await ownReportIds(org.id, db, c.req.valid("json").ids);
    // R2 first: if it fails the rows still point at the objects and a retry finds them.
    await deleteReportObjects(c.env, db, org.id, ids);
    await deleteReports(org.id, db, ids);
    return reply(c, routes.remove, { deleted: ids.length });
  })
  /**
   * A recurring schedule. A persistent one ('Update the same sheet') runs its '(Initial Setup)'
   * report at once, which creates or fills the spreadsheet.
   */
  .openapi(routes.createSchedule, async (c) => {
    const { db, org, userId } = c.var;
    const body = c.req.valid("json");
    const destination = await resolveDestination(db, org.id, body.platform, body);
    const [schedule] = await db
      .insert(reportSchedules)
      .values({
        organizationId: org.id,
        title: body.title,
        platform: body.platform,
        dateRange: body.dateRange,
        selectedEntities: body.selectedEntities,
        frequency: body.frequency,
        dayOfWeek: body.dayOfWeek,
        dayOfMonth: body.dayOfMonth,
        scheduledTime: body.scheduledTime,
        isPersistent: body.isPersistent,
        ...destination,
        createdByUserId: userId,
      })
      .returning();
    let initialRunId: string | null = null;
    if (schedule!.isPersistent) {
      const [run] = await db
        .insert(scheduleRuns)
        .values({
          organizationId: org.id,
          scheduleId: schedule!.id,
          slot: `initial:${schedule!.id}`,
        })
        .returning({ id: scheduleRuns.id });
      initialRunId = run!.id;
      await c.env.JOBS.send({
        type: "report.schedule-run",
        organizationId: org.id,
        runId: initialRunId,
      });
    }
    return reply(c, routes.createSchedule, { schedule: { id: schedule!.id }, initialRunId });
  })
  .openapi(routes.updateSchedule, async (c) => {
    const { db, org } = c.var;
    const current = await findSchedule(org.id, db, c.req.valid("param").scheduleId);
    const body = c.req.valid("json");
    // Keeping the same existing spreadsheet keeps its row; a new one is created as on creation.
    const destination = await resolveDestination(
      db,
      org.id,
      current.platform as ReportPlatform,
      body,
    );
    await db
      .update(reportSchedules)
      .set({
        title: body.title,
        dateRange: body.dateRange,
        selectedEntities: body.selectedEntities,
        frequency: body.frequency,
        dayOfWeek: body.dayOfWeek,
        dayOfMonth: body.dayOfMonth,
        scheduledTime: body.scheduledTime,
        isPersistent: body.isPersistent,
        ...destination,
      })
      .where(and(eq(reportSchedules.id, current.id), eq(reportSchedules.organizationId, org.id)));
    return reply(c, routes.updateSchedule, { schedule: { id: current.id } });
  })
  .openapi(routes.setActive, async (c) => {
    const { db, org } = c.var;
    const schedule = await findSchedule(org.id, db, c.req.valid("param").scheduleId);
    const { isActive } = c.req.valid("json");
    await db
      .update(reportSchedules)
      .set({ isActive })
      .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.organizationId, org.id)));
    return reply(c, routes.setActive, { isActive });
  })
  .openapi(routes.removeSchedules, async (c) =>
    reply(c, routes.removeSchedules, {
      deleted: await deleteSchedules(c.var.org.id, c.var.db, c.req.valid("json").ids),
    }),
  );
