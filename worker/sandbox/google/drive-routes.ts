import { type Context, Hono } from "hono";
import type { AppEnv } from "../../env";
import { loadDrive, SANDBOX_DRIVE_LIMIT, saveDrive } from "./drive-state";
import { accountOfAccessToken } from "./tokens";

const googleError = (code: number, message: string, reason: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }], status },
});

function account(c: Context<AppEnv>) {
  return accountOfAccessToken((c.req.header("authorization") ?? "").replace(/^Bearer /, ""));
}
const unauthenticated = (c: Context<AppEnv>) =>
  c.json(
    googleError(
      401,
      "Request had invalid authentication credentials.",
      "authError",
      "UNAUTHENTICATED",
    ),
    401,
  );

/** Drive v3: about.get (quota), files.list with page tokens, files.delete. */
export const googleDriveSandbox = new Hono<AppEnv>()
  .get("/www.googleapis.com/drive/v3/about", async (c) => {
    const who = account(c);
    if (!who) return unauthenticated(c);
    if (!c.req.query("fields"))
      return c.json(
        googleError(
          400,
          "The 'fields' parameter is required for this method.",
          "required",
          "INVALID_ARGUMENT",
        ),
        400,
      );
    const files = await loadDrive(c.env.FILES, who);
    const usage = files.reduce((sum, f) => sum + Number(f.size ?? 0), 0) + 2_400_000_000;
    return c.json({
      storageQuota: {
        limit: String(SANDBOX_DRIVE_LIMIT),
        usage: String(usage),
        usageInDrive: String(usage - 300_000_000),
        usageInDriveTrash: "300000000",
      },
    });
  })
  .get("/www.googleapis.com/drive/v3/files", async (c) => {
    const who = account(c);
    if (!who) return unauthenticated(c);
    const pageSize = Math.min(1000, Math.max(1, Number(c.req.query("pageSize") ?? 100) || 100));
    const offset = Number(c.req.query("pageToken") ?? 0) || 0;
    const files = await loadDrive(c.env.FILES, who);
    const page = files.slice(offset, offset + pageSize);
    const next = offset + pageSize < files.length ? String(offset + pageSize) : undefined;
    return c.json({
      kind: "drive#fileList",
      incompleteSearch: false,
      ...(next ? { nextPageToken: next } : {}),
      files: page,
    });
  })
  .delete("/www.googleapis.com/drive/v3/files/:fileId", async (c) => {
    const who = account(c);
    if (!who) return unauthenticated(c);
    const id = c.req.param("fileId");
    const files = await loadDrive(c.env.FILES, who);
    const file = files.find((f) => f.id === id);
    if (!file)
      return c.json(googleError(404, `File not found: ${id}.`, "notFound", "NOT_FOUND"), 404);
    if (file.name.includes("(locked)"))
      return c.json(
        googleError(
          403,
          "The user does not have sufficient permissions for this file.",
          "insufficientFilePermissions",
          "PERMISSION_DENIED",
        ),
        403,
      );
    await saveDrive(
      c.env.FILES,
      who,
      files.filter((f) => f.id !== id),
    );
    return c.body(null, 204);
  });
