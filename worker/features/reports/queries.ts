import { and, desc, eq, gt, inArray, isNull, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ReportPlatform } from "../../../shared/schemas/reports";
import { idChunks } from "../../db/batch";
import type { Db } from "../../db/client";
import {
  googleConnections,
  persistentSheets,
  reportSchedules,
  reports,
  scheduleRuns,
} from "../../db/schema";
import { ApiError } from "../../errors";

/*
 * Report rows. Every function takes the organisation first and filters by it.
 */

/** The Reports screen lists at most this many one-time reports of a platform (newest first). */
export const REPORTS_LIST_LIMIT = 500;

type NewReport = Omit<typeof reports.$inferInsert, "organizationId">;
const report = (organizationId: string, reportId: string) =>
  and(eq(reports.id, reportId), eq(reports.organizationId, organizationId));

export const insertReport = (organizationId: string, db: Db, values: NewReport) =>
  db.insert(reports).values({ ...values, organizationId });

export const failReport = (organizationId: string, db: Db, reportId: string, message: string) =>
  db
    .update(reports)
    .set({ status: "failed", errorMessage: message })
    .where(report(organizationId, reportId));

/** A statement (batchable) marking the report completed with its row count. */
export const completeReport = (organizationId: string, db: Db, reportId: string, rows: number) =>
  db
    .update(reports)
    .set({ status: "completed", completedAt: new Date(), rowCount: rows })
    .where(report(organizationId, reportId));

/** The Reports screen's one-time reports of a platform (multi-channel ones have their own tab). */
export const listReports = (organizationId: string, db: Db, platform: ReportPlatform) =>
  db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.organizationId, organizationId),
        eq(reports.platform, platform),
        isNull(reports.previewId),
      ),
    )
    .orderBy(desc(reports.createdAt))
    .limit(REPORTS_LIST_LIMIT);

export const listSchedules = (organizationId: string, db: Db, platform: ReportPlatform) =>
  db
    .select()
    .from(reportSchedules)
    .where(
      and(
        eq(reportSchedules.organizationId, organizationId),
        eq(reportSchedules.platform, platform),
      ),
    )
    .orderBy(desc(reportSchedules.createdAt));

export const listPersistentSheets = (organizationId: string, db: Db, platform: ReportPlatform) =>
  db
    .select()
    .from(persistentSheets)
    .where(
      and(
        eq(persistentSheets.organizationId, organizationId),
        eq(persistentSheets.platform, platform),
      ),
    )
    .orderBy(desc(persistentSheets.createdAt));

/** Whether spreadsheet exports can run: a connected Google account that works. */
export async function sheetsAvailable(organizationId: string, db: Db) {
  const [google] = await db
    .select({ status: googleConnections.status })
    .from(googleConnections)
    .where(eq(googleConnections.organizationId, organizationId));
  return google?.status === "active";
}

/**
 * The newest run of each schedule, however many schedules there are (ids go in chunks under
 * D1's parameter limit) and however many runs each has (only the newest is read).
 */
export async function latestRuns(organizationId: string, db: Db, scheduleIds: string[]) {
  const newest = alias(scheduleRuns, "newer");
  const runs: Array<typeof scheduleRuns.$inferSelect> = [];
  for (const ids of idChunks(scheduleIds))
    runs.push(
      ...(await db
        .select()
        .from(scheduleRuns)
        .where(
          and(
            eq(scheduleRuns.organizationId, organizationId),
            inArray(scheduleRuns.scheduleId, ids),
            notExists(
              db
                .select({ id: newest.id })
                .from(newest)
                .where(
                  and(
                    eq(newest.scheduleId, scheduleRuns.scheduleId),
                    gt(newest.createdAt, scheduleRuns.createdAt),
                  ),
                ),
            ),
          ),
        )),
    );
  return new Map(runs.map((run) => [run.scheduleId, run]));
}

/** One schedule of the organisation; NOT_FOUND when absent or someone else's. */
export async function findSchedule(organizationId: string, db: Db, scheduleId: string) {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(
      and(eq(reportSchedules.id, scheduleId), eq(reportSchedules.organizationId, organizationId)),
    );
  if (!row) throw new ApiError("NOT_FOUND", "Recurring report not found");
  return row;
}

/** Which of these ids are the organisation's one-time reports. */
export async function ownReportIds(organizationId: string, db: Db, ids: string[]) {
  const own: string[] = [];
  for (const group of idChunks(ids))
    own.push(
      ...(
        await db
          .select({ id: reports.id })
          .from(reports)
          .where(
            and(
              eq(reports.organizationId, organizationId),
              inArray(reports.id, group),
              isNull(reports.previewId),
            ),
          )
      ).map((r) => r.id),
    );
  return own;
}

export async function deleteReports(organizationId: string, db: Db, ids: string[]) {
  for (const group of idChunks(ids))
    await db
      .delete(reports)
      .where(and(eq(reports.organizationId, organizationId), inArray(reports.id, group)));
}

export async function deleteSchedules(organizationId: string, db: Db, ids: string[]) {
  let deleted = 0;
  for (const group of idChunks(ids))
    deleted += (
      await db
        .delete(reportSchedules)
        .where(
          and(
            eq(reportSchedules.organizationId, organizationId),
            inArray(reportSchedules.id, group),
          ),
        )
        .returning({ id: reportSchedules.id })
    ).length;
  return deleted;
}
