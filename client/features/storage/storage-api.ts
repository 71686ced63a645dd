import { storageApi as routes } from "../../../shared/api/storage";
import { call } from "../../lib/api/client";

export type { DriveFile } from "../../../shared/schemas/storage";

/** The storage manager's calls; URLs and answer shapes come from shared/api/storage.ts. */
export const storageApi = {
  quota: (orgId: string) => call(routes.quota, { params: { orgId } }),
  files: (orgId: string, pageToken?: string) =>
    call(routes.files, { params: { orgId }, query: { pageToken } }),
  remove: (orgId: string, fileIds: string[]) =>
    call(routes.remove, { params: { orgId }, body: { fileIds } }),
};
