import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  type CreateSchedule,
  createReportSchema,
  createScheduleSchema,
  idsBodySchema,
  reportPlatforms,
  type UpdateSchedule,
  updateScheduleSchema,
} from "../../../shared/schemas/reports";
import { chunk } from "../../db/batch";
import { type Db, getDb } from "../../db/client";
import {
  googleConnections,
  persistentSheets,
  reportSchedules,
  reports,
  scheduleRuns,
} from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { deleteReportObjects, reportFileViews } from "./report-files";

/*
 * One-time reports and recurring schedules of a platform (under /api/orgs/:orgId/reports). The
 * files are written by the `report.generate` job and the runs by `report.schedule-run`; these
 * routes record intent and answer at once.
 */

const platformQuery = z.object({ platform: z.enum(reportPlatforms) });
const scheduleParam = z.object({ scheduleId: z.string().uuid({ message: "Invalid schedule id" }) });

const _iso = (d: Date | null) => (d ? d.toISOString() : null);

async function scheduleOf(db: Db, organizationId: string, scheduleId: string) {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(
      and(eq(reportSchedules.id, scheduleId), eq(reportSchedules.organizationId, organizationId)),
    );
  if (!row) throw new ApiError("NOT_FOUND", "Recurring report not found");
  return row;
}

/**
 * Where a persistent schedule writes. A new spreadsheet becomes a persistent_sheets row (created
 * in Google by the first run); an existing one must belong to the organisation and platform.
 */
async function resolveDestination(
  db: Db,
  organizationId: string,
  platform: string,
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
          eq(persistentSheets.platform, platform as "youtube"),
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
    .values({ organizationId, platform: platform as "youtube", sheetName: d.sheetName })
    .returning({ id: persistentSheets.id });
  return {
    persistentSheetId: sheet!.id,
    sheetTabName: d.tabStructure === "custom" ? (d.tabName ?? "Data") : null,
  };
}

export const reportRoutes = new Hono<AppEnv>()
  /** Everything the Reports screen shows for one platform, in one call. */
  .get("/", validate("query", platformQuery), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const { platform } = c.req.valid("query");
    const [reportRows, scheduleRows, sheetRows, [google]] = await Promise.all([
      db
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.organizationId, orgId),
            eq(reports.platform, platform),
            isNull(reports.previewId),
          ),
        )
        .orderBy(desc(reports.createdAt))
        .limit(500),
      db
        .select()
        .from(reportSchedules)
        .where(
          and(eq(reportSchedules.organizationId, orgId), eq(reportSchedules.platform, platform)),
        )
        .orderBy(desc(reportSchedules.createdAt)),
      db
        .select()
        .from(persistentSheets)
        .where(
          and(eq(persistentSheets.organizationId, orgId), eq(persistentSheets.platform, platform)),
        )
        .orderBy(desc(persistentSheets.createdAt)),
      db
        .select({ status: googleConnections.status })
        .from(googleConnections)
        .where(eq(googleConnections.organizationId, orgId)),
    ]);
    const files = await reportFileViews(
      db,
      orgId,
      reportRows.map((r) => r.id),
    );
    // The newest run of each schedule.
    const runs = scheduleRows.length
      ? await db
          .select()
          .from(scheduleRuns)
          .where(
            and(
              eq(scheduleRuns.organizationId, orgId),
              inArray(
                scheduleRuns.scheduleId,
                scheduleRows.slice(0, 90).map((s) => s.id),
              ),
            ),
          )
          .orderBy(desc(scheduleRuns.createdAt))
      : [];
    const sheetsById = new Map(
      sheetRows.map((s) => [
        s.id,
        {
          id: s.id,
          sheetName: s.sheetName,
          spreadsheetUrl: s.spreadsheetUrl,
          createdAt: s.createdAt.toISOString(),
        },
      ]),
    );
    return c.json({
      reports: reportRows.map((r) => ({
        id: r.id,
        title: r.title,
        platform: r.platform,
        exportType: r.exportType,
        dateRange: r.dateRange,
        status: r.status,
        errorMessage: r.errorMessage,
        googleSheetUrl: r.googleSheetUrl,
        isPersistent: r.isPersistent,
        rowCount: r.rowCount,
        createdAt: r.createdAt.toISOString(),
        files:
          r.status === "completed"
            ? files
                .filter((f) => f.reportId === r.id)
                .map(({ id, kind, filename }) => ({ id, kind, filename }))
            : [],
      })),
      schedules: scheduleRows.map((s) => {
        const last = runs.find((r) => r.scheduleId === s.id);
        return {
          id: s.id,
          title: s.title,
          platform: s.platform as "youtube",
          dateRange: s.dateRange,
          selectedEntities: s.selectedEntities,
          frequency: s.frequency,
          dayOfWeek: s.dayOfWeek,
          dayOfMonth: s.dayOfMonth,
          scheduledTime: s.scheduledTime,
          isActive: s.isActive,
          isPersistent: s.isPersistent,
          sheetTabName: s.sheetTabName,
          persistentSheet: s.persistentSheetId
            ? (sheetsById.get(s.persistentSheetId) ?? null)
            : null,
          lastRun: last
            ? {
                status: last.status,
                at: (last.finishedAt ?? last.createdAt).toISOString(),
                rowCount: last.rowCount,
                sheetUrl: last.sheetUrl,
                errorMessage: last.errorMessage,
              }
            : null,
          createdAt: s.createdAt.toISOString(),
        };
      }),
      persistentSheets: [...sheetsById.values()],
      sheetsAvailable: google?.status === "active",
    });
  })
  /** A one-time report: recorded now, its files written by the report.generate job. */
  .post("/", validate("json", createReportSchema), async (c) => {
    const db = getDb(c.env);
    const org = c.get("org");
    const body = c.req.valid("json");
    const [report] = await db
      .insert(reports)
      .values({
        organizationId: org.id,
        title: body.title,
        platform: body.platform,
        exportType: "one-time",
        dateRange: body.dateRange,
        selectedEntities: body.selectedEntities,
        createdByUserId: c.get("userId"),
      })
      .returning();
    await c.env.JOBS.send({
      type: "report.generate",
      organizationId: org.id,
      reportId: report!.id,
    });
    return c.json({ report: { id: report!.id, status: report!.status } }, 201);
  })
  .post("/delete", validate("json", idsBodySchema), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    // D1 binds at most 100 parameters per statement: ids go 90 at a time.
    const ids: string[] = [];
    for (const group of chunk(c.req.valid("json").ids, 90)) {
      ids.push(
        ...(
          await db
            .select({ id: reports.id })
            .from(reports)
            .where(
              and(
                eq(reports.organizationId, orgId),
                inArray(reports.id, group),
                isNull(reports.previewId),
              ),
            )
        ).map((r) => r.id),
      );
    }
    // R2 first: if it fails the rows still point at the objects and a retry finds them.
    await deleteReportObjects(c.env, db, orgId, ids);
    for (const group of chunk(ids, 90))
      await db
        .delete(reports)
        .where(and(eq(reports.organizationId, orgId), inArray(reports.id, group)));
    return c.json({ deleted: ids.length });
  })
  /**
   * A recurring schedule. A persistent one ('Update the same sheet') runs its '(Initial Setup)'
   * report at once, which creates or fills the spreadsheet.
   */
  .post("/schedules", validate("json", createScheduleSchema), async (c) => {
    const db = getDb(c.env);
    const org = c.get("org");
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
        createdByUserId: c.get("userId"),
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
    return c.json({ schedule: { id: schedule!.id }, initialRunId }, 201);
  })
  .patch(
    "/schedules/:scheduleId",
    validate("param", scheduleParam),
    validate("json", updateScheduleSchema),
    async (c) => {
      const db = getDb(c.env);
      const orgId = c.get("org").id;
      const current = await scheduleOf(db, orgId, c.req.valid("param").scheduleId);
      const body = c.req.valid("json");
      // Keeping the same existing spreadsheet keeps its row; a new one is created as on creation.
      const destination = await resolveDestination(db, orgId, current.platform, body);
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
        .where(eq(reportSchedules.id, current.id));
      return c.json({ schedule: { id: current.id } });
    },
  )
  .post(
    "/schedules/:scheduleId/active",
    validate("param", scheduleParam),
    validate("json", z.object({ isActive: z.boolean() })),
    async (c) => {
      const db = getDb(c.env);
      const schedule = await scheduleOf(db, c.get("org").id, c.req.valid("param").scheduleId);
      await db
        .update(reportSchedules)
        .set({ isActive: c.req.valid("json").isActive })
        .where(eq(reportSchedules.id, schedule.id));
      return c.json({ isActive: c.req.valid("json").isActive });
    },
  )
  .post("/schedules/delete", validate("json", idsBodySchema), async (c) => {
    const db = getDb(c.env);
    let deleted = 0;
    for (const group of chunk(c.req.valid("json").ids, 90)) {
      deleted += (
        await db
          .delete(reportSchedules)
          .where(
            and(
              eq(reportSchedules.organizationId, c.get("org").id),
              inArray(reportSchedules.id, group),
            ),
          )
          .returning({ id: reportSchedules.id })
      ).length;
    }
    return c.json({ deleted });
  });
