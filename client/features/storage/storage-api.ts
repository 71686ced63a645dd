import { z } from "zod";
import { api } from "../../lib/api/client";

const quotaSchema = z.object({
  quota: z.object({
    limit: z.string().optional(),
    usage: z.string(),
    usageInDrive: z.string().optional(),
    usageInDriveTrash: z.string().optional(),
  }),
});
const fileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.string().optional(),
  createdTime: z.string().optional(),
});
export type DriveFile = z.infer<typeof fileSchema>;
const filesSchema = z.object({ files: z.array(fileSchema), nextPageToken: z.string().nullable() });
const deleteSchema = z.object({
  results: z.array(z.object({ id: z.string(), success: z.boolean() })),
  deleted: z.number(),
  requested: z.number(),
});

const base = (orgId: string) => `/api/orgs/${orgId}/storage`;
export const storageApi = {
  quota: (orgId: string) => api(`${base(orgId)}/quota`, quotaSchema),
  files: (orgId: string, pageToken?: string) =>
    api(
      `${base(orgId)}/files${pageToken ? `?pageToken=${encodeURIComponent(pageToken)}` : ""}`,
      filesSchema,
    ),
  remove: (orgId: string, fileIds: string[]) =>
    api(`${base(orgId)}/delete`, deleteSchema, { body: { fileIds } }),
};
