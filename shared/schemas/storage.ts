import { z } from "zod";

/*
 * The storage manager (/admin/storage): the connected Google Drive's quota and the files the app
 * created there. Sizes are numeric strings, as Google sends them; an absent limit is unlimited.
 */

export const storageQuotaResponseSchema = z.object({
  quota: z.object({
    limit: z.string().optional(),
    usage: z.string(),
    usageInDrive: z.string().optional(),
    usageInDriveTrash: z.string().optional(),
  }),
});
export const driveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.string().optional(),
  createdTime: z.string().optional(),
});
export type DriveFile = z.infer<typeof driveFileSchema>;
export const storageFilesQuerySchema = z.object({ pageToken: z.string().max(500).optional() });
export const storageFilesResponseSchema = z.object({
  files: z.array(driveFileSchema),
  nextPageToken: z.string().nullable(),
});
export const storageDeleteBodySchema = z.object({
  fileIds: z
    .array(z.string().min(1).max(200))
    .min(1, { message: "Please select files to delete" })
    .max(100),
});
/** One outcome per file, so one failure does not hide the others (spec: "x of n"). */
export const storageDeleteResponseSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), success: z.boolean(), error: z.string().optional() }),
  ),
  deleted: z.number(),
  requested: z.number(),
});
