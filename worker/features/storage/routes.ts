import { storageApi as routes } from "../../../shared/api/storage";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { DriveError, deleteFile, getQuota, listFiles } from "../../providers/google/drive";
import { providerFetch } from "../../providers/transport";
import { requireAdmin } from "../auth/middleware";
import { googleAccessToken } from "../google/connection";
import { audit } from "../organization/audit";

const driveFailure = (error: unknown, what: string) =>
  error instanceof DriveError
    ? new ApiError(error.status === 401 ? "BAD_REQUEST" : "INTERNAL", `${what}: ${error.message}`, {
        reason: error.reason,
      })
    : error;

const admin = { middleware: [requireAdmin] };

/** The storage manager (/admin/storage): the connected Drive's quota and the files the app made. */
export const storageRoutes = newRouter()
  .openapi({ ...routes.quota, ...admin }, async (c) => {
    const fetcher = providerFetch(c.env);
    const token = await googleAccessToken(c.var.db, c.env, fetcher, c.var.org.id);
    try {
      return reply(c, routes.quota, { quota: await getQuota(fetcher, token) });
    } catch (error) {
      throw driveFailure(error, "Failed to load storage quota");
    }
  })
  .openapi({ ...routes.files, ...admin }, async (c) => {
    const fetcher = providerFetch(c.env);
    const token = await googleAccessToken(c.var.db, c.env, fetcher, c.var.org.id);
    try {
      const page = await listFiles(fetcher, token, c.req.valid("query").pageToken);
      return reply(c, routes.files, {
        files: page.files,
        nextPageToken: page.nextPageToken ?? null,
      });
    } catch (error) {
      throw driveFailure(error, "Failed to load files");
    }
  })
  .openapi({ ...routes.remove, ...admin }, async (c) => {
    const { db, primary, org, userId } = c.var;
    const fetcher = providerFetch(c.env);
    const token = await googleAccessToken(db, c.env, fetcher, org.id);
    const { fileIds } = c.req.valid("json");
    // One by one so that one failure does not hide the others' outcome (spec: "x of n").
    const results = [];
    for (const id of fileIds) {
      try {
        await deleteFile(fetcher, token, id);
        results.push({ id, success: true });
      } catch (error) {
        results.push({
          id,
          success: false,
          error: error instanceof DriveError ? error.message : "Delete failed",
        });
      }
    }
    const deleted = results.filter((r) => r.success).length;
    await audit(primary, {
      organizationId: org.id,
      actorUserId: userId,
      action: "storage.files_deleted",
      targetType: "drive_file",
      details: { requested: fileIds.length, deleted },
    });
    return reply(c, routes.remove, { results, deleted, requested: fileIds.length });
  });
