import { and, eq } from "drizzle-orm";
import type { ReportPlatform } from "../../../shared/schemas/reports";
import type { Db } from "../../db/client";
import {
  persistentSheets,
  reportFiles,
  reportSchedules,
  reports,
  scheduleRuns,
} from "../../db/schema";

/*
 * Schedule, spreadsheet and report-file rows the routes write or look up. Like queries.ts, every
 * function takes the organisation first and filters by it.
 */

type ScheduleFields = Omit<
  typeof reportSchedules.$inferInsert,
  "id" | "organizationId" | "createdAt" | "updatedAt"
>;
const schedule = (organizationId: string, scheduleId: string) =>
  and(eq(reportSchedules.id, scheduleId), eq(reportSchedules.organizationId, organizationId));

/** The organisation's spreadsheet of that platform, or undefined. */
export async function findPersistentSheet(
  organizationId: string,
  db: Db,
  sheetId: string,
  platform: ReportPlatform,
) {
  const [sheet] = await db
    .select({ id: persistentSheets.id })
    .from(persistentSheets)
    .where(
      and(
        eq(persistentSheets.id, sheetId),
        eq(persistentSheets.organizationId, organizationId),
        eq(persistentSheets.platform, platform),
      ),
    );
  return sheet;
}

/** The other schedules writing to a spreadsheet: their titles and tabs (null: default tabs). */
export async function schedulesWritingTo(
  organizationId: string,
  db: Db,
  sheetId: string,
  exceptScheduleId: string | undefined,
) {
  const rows = await db
    .select({
      id: reportSchedules.id,
      title: reportSchedules.title,
      tabName: reportSchedules.sheetTabName,
    })
    .from(reportSchedules)
    .where(
      and(
        eq(reportSchedules.organizationId, organizationId),
        eq(reportSchedules.persistentSheetId, sheetId),
      ),
    );
  return rows.filter((row) => row.id !== exceptScheduleId);
}

/** A spreadsheet to be created in Google by the schedule's first run. */
export async function insertPersistentSheet(
  organizationId: string,
  db: Db,
  platform: ReportPlatform,
  sheetName: string,
) {
  const [sheet] = await db
    .insert(persistentSheets)
    .values({ organizationId, platform, sheetName })
    .returning({ id: persistentSheets.id });
  return sheet!;
}

export async function insertSchedule(organizationId: string, db: Db, fields: ScheduleFields) {
  const [row] = await db
    .insert(reportSchedules)
    .values({ ...fields, organizationId })
    .returning();
  return row!;
}

/** The '(Initial Setup)' run of a persistent schedule; its slot makes it once per schedule. */
export async function insertInitialRun(organizationId: string, db: Db, scheduleId: string) {
  const [run] = await db
    .insert(scheduleRuns)
    .values({ organizationId, scheduleId, slot: `initial:${scheduleId}` })
    .returning({ id: scheduleRuns.id });
  return run!.id;
}

export const updateSchedule = (
  organizationId: string,
  db: Db,
  scheduleId: string,
  fields: Partial<ScheduleFields>,
) => db.update(reportSchedules).set(fields).where(schedule(organizationId, scheduleId));

/** A report's file with the report's title and time (for its download name), or undefined. */
export async function findReportFile(
  organizationId: string,
  db: Db,
  reportId: string,
  fileId: string,
) {
  const [row] = await db
    .select({ file: reportFiles, title: reports.title, createdAt: reports.createdAt })
    .from(reportFiles)
    .innerJoin(reports, eq(reports.id, reportFiles.reportId))
    .where(
      and(
        eq(reportFiles.id, fileId),
        eq(reportFiles.reportId, reportId),
        eq(reportFiles.organizationId, organizationId),
      ),
    );
  return row;
}
