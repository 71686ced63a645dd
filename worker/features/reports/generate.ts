import { and, eq } from "drizzle-orm";
import { csvHeaderLine, csvLine } from "../../../shared/csv";
import { resolveDateRange } from "../../../shared/date-ranges";
import { DEFAULT_TIME_ZONE } from "../../../shared/timezones";
import type { Db } from "../../db/client";
import { organizations, reports } from "../../db/schema";
import { yieldTurn } from "../../db/turn";
import {
  cells,
  childPages,
  headings,
  parentCsv,
  parentRows,
  REPORT_JSON_TAIL,
  type ReportPlatform,
  reportJsonHead,
  reportLayout,
} from "./report-data";
import { ReportFileWriter, recordReportFile, writeReportFile } from "./report-files";

type ReportRow = typeof reports.$inferSelect;

/** A report that cannot be produced; its message is shown on the Reports table. */
export const GENERATION_FAILED = "Failed to generate report";

export async function organizationZone(db: Db, organizationId: string): Promise<string> {
  const [org] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.timezone ?? DEFAULT_TIME_ZONE;
}

/**
 * Writes a report's three files to R2 (parent CSV, child CSV, data.json), reading the children
 * from D1 once, in keyset pages, and writing each page to both the CSV and the JSON file. The
 * date range is resolved now, on the organisation's calendar. Returns the number of child rows
 * (videos or episodes).
 */
export async function writeReportFiles(
  env: Pick<Env, "FILES">,
  db: Db,
  report: ReportRow,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  const platform = report.platform as ReportPlatform;
  const layout = reportLayout[platform];
  const range = resolveDateRange(report.dateRange, now, timeZone);
  const parents = await parentRows(db, report.organizationId, platform, report.selectedEntities);
  const spec = { organizationId: report.organizationId, reportId: report.id };
  await writeReportFile(
    env,
    db,
    {
      ...spec,
      kind: "parent_csv",
      filename: layout.parentFile,
      contentType: "text/csv; charset=utf-8",
    },
    parentCsv(layout.parent, parents),
    parents.length,
  );
  const csv = new ReportFileWriter(env.FILES, {
    ...spec,
    kind: "child_csv",
    filename: layout.childFile,
    contentType: "text/csv; charset=utf-8",
  });
  const json = new ReportFileWriter(env.FILES, {
    ...spec,
    kind: "json",
    filename: "data.json",
    contentType: "application/json",
  });
  const meta = {
    id: report.id,
    title: report.title,
    platform,
    dateRange: report.dateRange,
    from: range.start.toISOString(),
    to: range.end.toISOString(),
    generatedAt: now.toISOString(),
  };
  let rows = 0;
  try {
    await csv.write(csvHeaderLine(headings(layout.child)));
    await json.write(reportJsonHead(meta, layout.parent, parents, layout.child));
    for await (const page of childPages(
      db,
      report.organizationId,
      platform,
      report.selectedEntities,
      range,
    )) {
      await csv.write(page.map((row) => csvLine(cells(layout.child, row))).join(""));
      // A turn for other requests between the page's CSV lines and its JSON (see yieldTurn).
      await yieldTurn();
      await json.write(`${rows > 0 ? "," : ""}${page.map((row) => JSON.stringify(row)).join(",")}`);
      rows += page.length;
    }
    await json.write(REPORT_JSON_TAIL);
    await csv.close();
    await json.close();
  } catch (error) {
    await Promise.all([csv.abort(), json.abort()]);
    throw error;
  }
  await recordReportFile(db, csv, rows);
  await recordReportFile(db, json, rows);
  return rows;
}

/**
 * The `report.generate` job: queued -> generating -> completed (or failed with a message). A
 * redelivered message for a finished report does nothing; a failure marks the report failed at
 * once (never left "generating") and is retried by the queue, which may still complete it.
 */
export async function generateReport(
  env: Env,
  db: Db,
  organizationId: string,
  reportId: string,
): Promise<void> {
  const [report] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.organizationId, organizationId)));
  if (!report || report.status === "completed") return;
  await db
    .update(reports)
    .set({ status: "generating", errorMessage: null })
    .where(eq(reports.id, reportId));
  try {
    const rows = await writeReportFiles(
      env,
      db,
      report,
      await organizationZone(db, organizationId),
    );
    await db
      .update(reports)
      .set({ status: "completed", rowCount: rows, completedAt: new Date(), errorMessage: null })
      .where(eq(reports.id, reportId));
  } catch (error) {
    await db
      .update(reports)
      .set({ status: "failed", errorMessage: GENERATION_FAILED })
      .where(eq(reports.id, reportId));
    throw error;
  }
}

/** The dead-letter record of a report that kept failing (only in the message's organisation). */
export const markReportFailed = (db: Db, organizationId: string, reportId: string) =>
  db
    .update(reports)
    .set({ status: "failed", errorMessage: GENERATION_FAILED })
    .where(and(eq(reports.id, reportId), eq(reports.organizationId, organizationId)));
