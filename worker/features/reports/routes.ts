import { reportsApi as routes } from "../../../shared/api/reports";
import type { ReportPlatform, ScheduleView } from "../../../shared/schemas/reports";
import type { reportSchedules, scheduleRuns } from "../../db/schema";
import { newRouter, reply } from "../../lib/openapi";
import { createReportOnce } from "./create-once";
import { scheduleFields } from "./destination";
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
import { insertInitialRun, insertSchedule, updateSchedule } from "./schedule-queries";

/*
 * One-time reports and recurring schedules of a platform (under /api/orgs/:orgId/reports). The
 * files are written by the `report.generate` job and the runs by `report.schedule-run`; these
 * routes record intent and answer at once.
 */

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
    const schedule = await insertSchedule(org.id, db, {
      ...(await scheduleFields(db, org.id, body.platform, body)),
      platform: body.platform,
      createdByUserId: userId,
    });
    let initialRunId: string | null = null;
    if (schedule.isPersistent) {
      initialRunId = await insertInitialRun(org.id, db, schedule.id);
      await c.env.JOBS.send({
        type: "report.schedule-run",
        organizationId: org.id,
        runId: initialRunId,
      });
    }
    return reply(c, routes.createSchedule, { schedule: { id: schedule.id }, initialRunId });
  })
  .openapi(routes.updateSchedule, async (c) => {
    const { db, org } = c.var;
    const current = await findSchedule(org.id, db, c.req.valid("param").scheduleId);
    const body = c.req.valid("json");
    // Keeping the same existing spreadsheet keeps its row; a new one is created as on creation.
    await updateSchedule(
      org.id,
      db,
      current.id,
      await scheduleFields(db, org.id, current.platform as ReportPlatform, body, current.id),
    );
    return reply(c, routes.updateSchedule, { schedule: { id: current.id } });
  })
  .openapi(routes.setActive, async (c) => {
    const { db, org } = c.var;
    const schedule = await findSchedule(org.id, db, c.req.valid("param").scheduleId);
    const { isActive } = c.req.valid("json");
    await updateSchedule(org.id, db, schedule.id, { isActive });
    return reply(c, routes.setActive, { isActive });
  })
  .openapi(routes.removeSchedules, async (c) =>
    reply(c, routes.removeSchedules, {
      deleted: await deleteSchedules(c.var.org.id, c.var.db, c.req.valid("json").ids),
    }),
  );
