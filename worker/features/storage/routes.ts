import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";
import { DriveError, deleteFile, getQuota, listFiles } from "../../providers/google/drive";
import { providerFetch } from "../../providers/transport";
import { googleAccessToken } from "../google/connection";
import { audit } from "../organization/audit";

const driveFailure = (error: unknown, what: string) =>
  error instanceof DriveError
    ? new ApiError(error.status === 401 ? "BAD_REQUEST" : "INTERNAL", `${what}: ${error.message}`, {
        reason: error.reason,
      })
    : error;

/** The storage manager (/admin/storage): the connected Drive's quota and the files the app made. Admins only. */
export const storageRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .get("/quota", async (c) => {
    const fetcher = providerFetch(c.env);
    const token = await googleAccessToken(getDb(c.env), c.env, fetcher, c.get("org").id);
    try {
      return c.json({ quota: await getQuota(fetcher, token) });
    } catch (error) {
      throw driveFailure(error, "Failed to load storage quota");
    }
  })
  .get(
    "/files",
    validate("query", z.object({ pageToken: z.string().max(500).optional() })),
    async (c) => {
      const fetcher = providerFetch(c.env);
      const token = await googleAccessToken(getDb(c.env), c.env, fetcher, c.get("org").id);
      try {
        const page = await listFiles(fetcher, token, c.req.valid("query").pageToken);
        return c.json({ files: page.files, nextPageToken: page.nextPageToken ?? null });
      } catch (error) {
        throw driveFailure(error, "Failed to load files");
      }
    },
  )
  .post(
    "/delete",
    validate(
      "json",
      z.object({
        fileIds: z
          .array(z.string().min(1).max(200))
          .min(1, { message: "Please select files to delete" })
          .max(100),
      }),
    ),
    async (c) => {
      const db = getDb(c.env);
      const fetcher = providerFetch(c.env);
      const token = await googleAccessToken(db, c.env, fetcher, c.get("org").id);
      const { fileIds } = c.req.valid("json");
      // One by one so that one failure does not hide the others' outcome (spec: "x of n").
      const results = [];
      for (const id of fileIds) {
        try {
          await deleteFile(fetcher, token, id);
          results.push({ id, success: true as const });
        } catch (error) {
          results.push({
            id,
            success: false as const,
            error: error instanceof DriveError ? error.message : "Delete failed",
          });
        }
      }
      const deleted = results.filter((r) => r.success).length;
      await audit(db, {
        organizationId: c.get("org").id,
        actorUserId: c.get("userId"),
        action: "storage.files_deleted",
        targetType: "drive_file",
        details: { requested: fileIds.length, deleted },
      });
      return c.json({ results, deleted, requested: fileIds.length });
    },
  );
