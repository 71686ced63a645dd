import { reportsApi as routes } from "../../../shared/api/reports";
import { attachmentDisposition, reportDownloadName } from "../../../shared/report-file-name";
import { notFound } from "../../errors";
import { newRouter } from "../../lib/openapi";
import { findReportFile } from "./schedule-queries";

/**
 * Report files leave R2 only through here: the file must belong to this organisation and
 * report, else 404 as if it did not exist. Streamed, never buffered.
 */
export const reportDownloadRoutes = newRouter().openapi(routes.file, async (c) => {
  const { reportId, fileId } = c.req.valid("param");
  const row = await findReportFile(c.var.org.id, c.var.db, reportId, fileId);
  if (!row) throw notFound("Report file");
  const { file } = row;
  const object = await c.env.FILES.get(file.r2Key);
  if (!object) throw notFound("Report file");
  return new Response(object.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(object.size),
      // The report's title and time make the name unique (see shared/report-file-name.ts).
      "Content-Disposition": attachmentDisposition(
        reportDownloadName(row, file.filename, c.var.org.timezone),
      ),
      "Cache-Control": "private, no-store",
    },
  });
});
