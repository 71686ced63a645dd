import type { Arrangement } from "../../../shared/schemas/arrangement";
import type { BoardContent } from "../../../shared/schemas/multichannel";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import type { Logger } from "../../lib/logger";
import { completeReport, failReport, insertReport } from "../reports/queries";
import { reportFileViews, writeReportFile } from "../reports/report-files";
import {
  buildFinalReport,
  comprehensiveCsv,
  contentCount,
  matchesCsv,
  reportJson,
} from "./final-report";
import { linkReport, type PreviewRow } from "./queries";

const CSV = "text/csv; charset=utf-8";

/**
 * Generate Final Report's files: a report row (generating), the matches CSV, the comprehensive
 * CSV and the JSON, then the row completed and linked to the preview. A failed write marks the
 * report failed and answers the spec's "Failed to generate report".
 */
export async function generateFinalReport(
  env: Env,
  db: Db,
  log: Logger,
  by: { organizationId: string; userId: string },
  preview: PreviewRow,
  board: { arrangement: Arrangement; content: BoardContent },
) {
  const { organizationId } = by;
  const report = buildFinalReport(board.arrangement, board.content);
  const reportId = crypto.randomUUID();
  await insertReport(organizationId, db, {
    id: reportId,
    title: preview.title,
    platform: "multi-channel",
    exportType: "one-time",
    dateRange: preview.dateRange,
    selectedEntities: [...preview.selectedChannels, ...preview.selectedShows],
    status: "generating",
    previewId: preview.id,
    createdByUserId: by.userId,
  });
  const spec = { organizationId, reportId };
  const count = contentCount(report);
  try {
    const matches = { ...spec, kind: "matches_csv", contentType: CSV } as const;
    await writeReportFile(
      env,
      db,
      { ...matches, filename: "multi-channel-matches.csv" },
      matchesCsv(report),
      report.matchedContent.length,
    );
    const all = { ...spec, kind: "comprehensive_csv", contentType: CSV } as const;
    await writeReportFile(
      env,
      db,
      { ...all, filename: "comprehensive-multi-channel-report.csv" },
      comprehensiveCsv(report),
      count,
    );
    await writeReportFile(
      env,
      db,
      { ...spec, kind: "json", filename: "data.json", contentType: "application/json" },
      reportJson(report, {
        title: preview.title,
        previewId: preview.id,
        generatedAt: new Date().toISOString(),
      }),
    );
  } catch (error) {
    log.error("multi-channel: writing the report files failed", { reportId, error: String(error) });
    await failReport(organizationId, db, reportId, "Failed to generate report");
    throw new ApiError("INTERNAL", "Failed to generate report", { reason: "report_files_failed" });
  }
  await db.batch([
    completeReport(organizationId, db, reportId, count),
    linkReport(organizationId, db, preview.id, reportId),
  ]);
  const files = await reportFileViews(db, organizationId, [reportId]);
  return { reportId, contentCount: count, files };
}
