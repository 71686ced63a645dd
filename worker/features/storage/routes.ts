import { storageApi as routes } from "../../../shared/api/storage";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { DriveError, deleteFile, getQuota, listFiles } from "../../providers/google/drive";
import { providerFetch } from "../../providers/transport";
import { requireAdmin } from "../auth/middleware";
import { googleAccessToken } from "../google/connection";
import { audit } from "../organization/audit";

/** Drive's reasons for a rate limit it answers with 403, not 429 (Drive's "Resolve errors"). */
const RATE_LIMIT_REASONS = new Set(["userRateLimitExceeded", "rateLimitExceeded"]);

/**
 * Drive's refusal as our answer: its outages and rate limits are Google's (503, 429, whether
 * Drive said 429 or 403 with a rate-limit reason), anything else a request Drive would not take
 * (400). None is ours to answer with a 500.
 */
const driveFailure = (error: unknown, what: string) =>
  error instanceof DriveError
    ? new ApiError(
        error.status >= 500
          ? "UNAVAILABLE"
          : error.status === 429 || RATE_LIMIT_REASONS.has(error.reason)
            ? "RATE_LIMITED"
            : "BAD_REQUEST",
        `${what}: ${error.message}`,
        { reason: error.reason },
      )
    : error;

/** Empty pages followed before a files answer gives up and returns what it has. */
const EMPTY_PAGES_FOLLOWED = 5;

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
    const asked = c.req.valid("query").pageToken;
    try {
      // "Partial or empty result pages are possible even before the end of the files list has
      // been reached" (files.list): an empty page with a token is not the end, so it is followed
      // rather than shown as "No files yet" beside Load More Files.
      let page = await listFiles(fetcher, token, asked);
      for (
        let i = 0;
        i < EMPTY_PAGES_FOLLOWED && page.files.length === 0 && page.nextPageToken;
        i++
      )
        page = await listFiles(fetcher, token, page.nextPageToken);
      return reply(c, routes.files, {
        files: page.files,
        nextPageToken: page.nextPageToken ?? null,
      });
    } catch (error) {
      // A page token Drive no longer takes "should be discarded, and pagination should be
      // restarted from the first page" (FileList.nextPageToken): the page says so and starts over.
      if (asked && error instanceof DriveError && error.status === 400)
        throw new ApiError("BAD_REQUEST", "That page of files is no longer available.", {
          reason: "page_token_rejected",
          field: "pageToken",
        });
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
