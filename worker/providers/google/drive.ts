import { z } from "zod";
import type { Fetcher } from "../transport";

const BASE = "https://www.googleapis.com/drive/v3";

export const driveQuotaSchema = z.object({
  limit: z.string().optional(),
  usage: z.string(),
  usageInDrive: z.string().optional(),
  usageInDriveTrash: z.string().optional(),
});
const aboutSchema = z.object({ storageQuota: driveQuotaSchema });
export const driveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.string().optional(),
  createdTime: z.string().optional(),
});
const fileListSchema = z.object({
  files: z.array(driveFileSchema),
  nextPageToken: z.string().optional(),
});
const trashedSchema = z.object({ trashed: z.boolean() });
const googleErrorSchema = z.object({
  error: z.object({
    code: z.number(),
    message: z.string(),
    errors: z.array(z.object({ reason: z.string() })).optional(),
  }),
});

export class DriveError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

async function driveCall(
  fetcher: Fetcher,
  accessToken: string,
  path: string,
  init: RequestInit = {},
) {
  const res = await fetcher(`${BASE}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(15_000),
  });
  if (res.ok) return res;
  const parsed = googleErrorSchema.safeParse(await res.json().catch(() => null));
  const reason = parsed.success ? (parsed.data.error.errors?.[0]?.reason ?? "error") : "error";
  throw new DriveError(
    res.status,
    reason,
    parsed.success ? parsed.data.error.message : `Drive answered ${res.status}`,
  );
}

/** Drive storage quota (numeric strings, as Google sends them; limit absent means unlimited). */
export async function getQuota(fetcher: Fetcher, accessToken: string) {
  const res = await driveCall(fetcher, accessToken, "/about?fields=storageQuota");
  return aboutSchema.parse(await res.json()).storageQuota;
}

/** One page of the files the app can see (drive.file: the ones it created), newest first. */
export async function listFiles(
  fetcher: Fetcher,
  accessToken: string,
  pageToken?: string,
  pageSize = 50,
) {
  const params = new URLSearchParams({
    pageSize: String(pageSize),
    fields: "nextPageToken,files(id,name,mimeType,size,createdTime)",
    orderBy: "createdTime desc",
    q: "trashed = false",
  });
  if (pageToken) params.set("pageToken", pageToken);
  const res = await driveCall(fetcher, accessToken, `/files?${params}`);
  return fileListSchema.parse(await res.json());
}

export async function deleteFile(fetcher: Fetcher, accessToken: string, fileId: string) {
  await driveCall(fetcher, accessToken, `/files/${encodeURIComponent(fileId)}`, {
    method: "DELETE",
  });
}

/**
 * Whether a file is in the person's Drive trash (files.get with fields=trashed; drive.file
 * covers the files this app created). Removing a file in Drive's web UI trashes it: it keeps its
 * id and stays readable and writable for 30 days, so only this flag tells it apart.
 */
export async function isTrashed(fetcher: Fetcher, accessToken: string, fileId: string) {
  const res = await driveCall(
    fetcher,
    accessToken,
    `/files/${encodeURIComponent(fileId)}?fields=trashed`,
  );
  return trashedSchema.parse(await res.json()).trashed;
}
