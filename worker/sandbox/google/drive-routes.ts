import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { FieldMaskError, partialResponse } from "../fields";
import { DriveQueryError, parseDriveOrder, parseDriveQuery } from "./drive-query";
import { type DriveFile, loadDrive, SANDBOX_DRIVE_LIMIT, saveDrive } from "./drive-state";
import { SheetsStore } from "./sheets-store";
import { accountOfAccessToken } from "./tokens";

/*
 * Drive v3 under the drive.file scope (drive.v3.json): about.get (quota), files.list (q, orderBy,
 * pageSize, pageToken, fields), files.get (metadata, fields), files.update (metadata only: name
 * and trashed, as Drive's web UI "Remove" trashes a file) and files.delete. Only files this app
 * created are listed, read, changed or deleted (another file answers 404, as if it did not
 * exist); the quota counts every file. A delete is permanent ("without moving it to the trash"):
 * a deleted spreadsheet's contents go with it. A trashed file keeps its id and its contents
 * (Sheets still serves it; whether real Sheets refuses writes to a trashed file is not
 * documented) until it is restored (trashed: false) or deleted.
 */

const googleError = (
  code: number,
  message: string,
  reason: string,
  status: string,
  location?: string,
) => ({
  error: {
    code,
    message,
    errors: [
      {
        message,
        domain: "global",
        reason,
        ...(location ? { locationType: "parameter", location } : {}),
      },
    ],
    status,
  },
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
const invalidValue = (c: Context<AppEnv>, location: string) =>
  c.json(googleError(400, "Invalid Value", "invalid", "INVALID_ARGUMENT", location), 400);

/** A file resource as Drive sends it (before `fields` trims it). */
const resource = (f: DriveFile) => ({
  kind: "drive#file",
  id: f.id,
  name: f.name,
  mimeType: f.mimeType,
  ...(f.size !== undefined ? { size: f.size, quotaBytesUsed: f.size } : { quotaBytesUsed: "0" }),
  createdTime: f.createdTime,
  modifiedTime: f.modifiedTime ?? f.createdTime,
  trashed: f.trashed,
});
/** Without `fields`, files.list sends only these of each file (Drive v3's default). */
const DEFAULT_LIST_FIELDS = "kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)";

const notFound = (c: Context<AppEnv>, id: string) =>
  c.json(googleError(404, `File not found: ${id}.`, "notFound", "NOT_FOUND", "fileId"), 404);
const cannotChange = (c: Context<AppEnv>) =>
  c.json(
    googleError(
      403,
      "The user does not have sufficient permissions for this file.",
      "insufficientFilePermissions",
      "PERMISSION_DENIED",
    ),
    403,
  );
/** Without `fields`, files.get and files.update send only these (Drive v3's default). */
const DEFAULT_FILE_FIELDS = "kind,id,name,mimeType";
/** A file's metadata as `fields` asks for it, or Drive's 400 for a malformed mask. */
function fileAnswer(c: Context<AppEnv>, file: DriveFile) {
  try {
    return c.json(partialResponse(resource(file), c.req.query("fields") ?? DEFAULT_FILE_FIELDS));
  } catch (error) {
    if (error instanceof FieldMaskError) return invalidValue(c, "fields");
    throw error;
  }
}
/**
 * The File fields files.update changes here (request body: a File). Drive accepts more; the
 * emulator refuses what it does not keep rather than pretend to store it.
 */
const updateBody = z.strictObject({
  name: z.string().min(1).optional(),
  trashed: z.boolean().optional(),
});
/** The app's file with this id (drive.file sees no other), or undefined. */
const appFile = (files: DriveFile[], id: string) =>
  files.find((f) => f.id === id && f.createdByApp);

/** The signed-in account's Drive and the app's file the path names, or Drive's refusal. */
async function targetFile(c: Context<AppEnv>) {
  const who = account(c);
  if (!who) return unauthenticated(c);
  const id = c.req.param("fileId") ?? "";
  const files = await loadDrive(c.env.FILES, who);
  const file = appFile(files, id);
  return file ? { who, id, files, file } : notFound(c, id);
}

/** Page tokens are opaque to clients; here they carry the offset of the next page. */
const tokenFor = (offset: number) => btoa(`sbx-page:${offset}`);
const offsetOf = (token: string | undefined) => {
  if (token === undefined) return 0;
  try {
    const m = /^sbx-page:(\d+)$/.exec(atob(token));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
};

export const googleDriveSandbox = new Hono<AppEnv>()
  .get("/www.googleapis.com/drive/v3/about", async (c) => {
    const who = account(c);
    if (!who) return unauthenticated(c);
    const fields = c.req.query("fields");
    if (!fields)
      return c.json(
        googleError(
          400,
          "The 'fields' parameter is required for this method.",
          "required",
          "INVALID_ARGUMENT",
          "fields",
        ),
        400,
      );
    const files = await loadDrive(c.env.FILES, who);
    // A "quota…" account (its spreadsheets are refused for storage, sheets-routes.ts) shows a
    // full Drive here too, so the storage page the refusal points to agrees with it.
    const usage = who.startsWith("quota")
      ? SANDBOX_DRIVE_LIMIT + 1_000_000
      : files.reduce((sum, f) => sum + Number(f.size ?? 0), 0) + 2_400_000_000;
    const about = {
      kind: "drive#about",
      user: { kind: "drive#user", emailAddress: who, displayName: who.split("@")[0] },
      storageQuota: {
        limit: String(SANDBOX_DRIVE_LIMIT),
        usage: String(usage),
        usageInDrive: String(usage - 300_000_000),
        usageInDriveTrash: "300000000",
      },
    };
    try {
      return c.json(partialResponse(about, fields));
    } catch (error) {
      if (error instanceof FieldMaskError) return invalidValue(c, "fields");
      throw error;
    }
  })
  .get("/www.googleapis.com/drive/v3/files", async (c) => {
    const who = account(c);
    if (!who) return unauthenticated(c);
    // Drive signals a rate limit with 403 and a reason, not 429 ("drive-ratelimited…" accounts).
    if (who.startsWith("drive-ratelimited"))
      return c.json(
        googleError(403, "User rate limit exceeded.", "userRateLimitExceeded", "PERMISSION_DENIED"),
        403,
      );
    const sizeText = c.req.query("pageSize");
    const pageSize = sizeText === undefined ? 100 : Number(sizeText);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      return invalidValue(c, "pageSize");
    const offset = offsetOf(c.req.query("pageToken"));
    if (offset === null) return invalidValue(c, "pageToken");
    let visible: DriveFile[];
    try {
      const matches = parseDriveQuery(c.req.query("q"));
      const order = parseDriveOrder(c.req.query("orderBy"));
      visible = (await loadDrive(c.env.FILES, who))
        .filter((f) => f.createdByApp && matches(f))
        .sort(order);
    } catch (error) {
      if (error instanceof DriveQueryError) return invalidValue(c, error.parameter);
      throw error;
    }
    // "Partial or empty result pages are possible even before the end of the files list has been
    // reached" (files.list, pageSize): an account named partial-pages… gets an empty first page
    // whose token leads to the files.
    const emptyFirst = who.startsWith("partial-pages") && c.req.query("pageToken") === undefined;
    const page = emptyFirst ? [] : visible.slice(offset, offset + pageSize);
    const next = emptyFirst
      ? tokenFor(0)
      : offset + pageSize < visible.length
        ? tokenFor(offset + pageSize)
        : undefined;
    const list = {
      kind: "drive#fileList",
      incompleteSearch: false,
      ...(next ? { nextPageToken: next } : {}),
      files: page.map(resource),
    };
    try {
      return c.json(partialResponse(list, c.req.query("fields") ?? DEFAULT_LIST_FIELDS));
    } catch (error) {
      if (error instanceof FieldMaskError) return invalidValue(c, "fields");
      throw error;
    }
  })
  .get("/www.googleapis.com/drive/v3/files/:fileId", async (c) => {
    const who = account(c);
    if (!who) return unauthenticated(c);
    // Only metadata: a Google Sheets file has no bytes to download (alt=media).
    const alt = c.req.query("alt");
    if (alt !== undefined && alt !== "json") return invalidValue(c, "alt");
    const id = c.req.param("fileId");
    const file = appFile(await loadDrive(c.env.FILES, who), id);
    return file ? fileAnswer(c, file) : notFound(c, id);
  })
  .patch("/www.googleapis.com/drive/v3/files/:fileId", async (c) => {
    const target = await targetFile(c);
    if (target instanceof Response) return target;
    const { who, id, files, file } = target;
    const parsed = updateBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message =
        issue?.code === "unrecognized_keys"
          ? `Invalid JSON payload received. Unknown name "${issue.keys[0]}": Cannot find field.`
          : issue?.path.length
            ? `Invalid JSON payload received. Invalid value at '${issue.path.join(".")}'.`
            : "Invalid JSON payload received. Expected a File object.";
      return c.json(googleError(400, message, "invalid", "INVALID_ARGUMENT"), 400);
    }
    // "Only the owner may trash a file" (File.trashed); the locked export stands for one the
    // connected account cannot change.
    if (file.name.includes("(locked)")) return cannotChange(c);
    const now = new Date().toISOString();
    const changed: DriveFile = { ...file, ...parsed.data, modifiedTime: now };
    await saveDrive(
      c.env.FILES,
      who,
      files.map((f) => (f.id === id ? changed : f)),
    );
    return fileAnswer(c, changed);
  })
  .delete("/www.googleapis.com/drive/v3/files/:fileId", async (c) => {
    const target = await targetFile(c);
    if (target instanceof Response) return target;
    const { who, id, files, file } = target;
    if (file.name.includes("(locked)")) return cannotChange(c);
    await saveDrive(
      c.env.FILES,
      who,
      files.filter((f) => f.id !== id),
    );
    // Deleted for good (no trash): a spreadsheet's contents go too, so Sheets answers 404 for it.
    if (file.mimeType === "application/vnd.google-apps.spreadsheet")
      await new SheetsStore(c.env.FILES, who).remove(id);
    return c.body(null, 204);
  });
