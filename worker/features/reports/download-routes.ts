import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { attachmentDisposition, reportDownloadName } from "../../../shared/report-file-name";
import { getDb } from "../../db/client";
import { reportFiles, reports } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";

const fileParams = z.object({
  reportId: z.string().uuid({ message: "Invalid report id" }),
  fileId: z.string().uuid({ message: "Invalid file id" }),
});

/**
 * Report files leave R2 only through here (under /api/orgs/:orgId/reports): the file must belong
 * to this organisation and report, else 404 as if it did not exist. Streamed, never buffered.
 */
export const reportDownloadRoutes = new Hono<AppEnv>().get(
  "/:reportId/files/:fileId",
  validate("param", fileParams),
  async (c) => {
    const { reportId, fileId } = c.req.valid("param");
    const [row] = await getDb(c.env)
      .select({ file: reportFiles, title: reports.title, createdAt: reports.createdAt })
      .from(reportFiles)
      .innerJoin(reports, eq(reports.id, reportFiles.reportId))
      .where(
        and(
          eq(reportFiles.id, fileId),
          eq(reportFiles.reportId, reportId),
          eq(reportFiles.organizationId, c.get("org").id),
        ),
      );
    if (!row) throw new ApiError("NOT_FOUND", "Report file not found");
    const { file } = row;
    const object = await c.env.FILES.get(file.r2Key);
    if (!object) throw new ApiError("NOT_FOUND", "Report file not found");
    return new Response(object.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(object.size),
        // The report's title and time make the name unique (see shared/report-file-name.ts).
        "Content-Disposition": attachmentDisposition(reportDownloadName(row, file.filename)),
        "Cache-Control": "private, no-store",
      },
    });
  },
);
