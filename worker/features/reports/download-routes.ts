import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "../../db/client";
import { reportFiles } from "../../db/schema";
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
    const [file] = await getDb(c.env)
      .select()
      .from(reportFiles)
      .where(
        and(
          eq(reportFiles.id, fileId),
          eq(reportFiles.reportId, reportId),
          eq(reportFiles.organizationId, c.get("org").id),
        ),
      );
    if (!file) throw new ApiError("NOT_FOUND", "Report file not found");
    const object = await c.env.FILES.get(file.r2Key);
    if (!object) throw new ApiError("NOT_FOUND", "Report file not found");
    return new Response(object.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(object.size),
        // The name is ours (never user input), so it needs no escaping beyond the quotes.
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);
