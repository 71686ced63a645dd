import {
  storageDeleteBodySchema,
  storageDeleteResponseSchema,
  storageFilesQuerySchema,
  storageFilesResponseSchema,
  storageQuotaResponseSchema,
} from "../schemas/storage";
import { jsonBody, orgParams, responds, routesOf } from "./define";

const route = routesOf("storage");

/** The storage manager (admins only): the connected Drive's quota and the app's files. */
export const storageApi = {
  quota: route({
    method: "get",
    path: "/orgs/{orgId}/storage/quota",
    summary: "The connected Google Drive's quota (admins only)",
    request: { params: orgParams },
    responses: responds(200, "The quota", storageQuotaResponseSchema),
  }),
  files: route({
    method: "get",
    path: "/orgs/{orgId}/storage/files",
    summary: "The files the app created in that Drive, a page at a time (admins only)",
    request: { params: orgParams, query: storageFilesQuerySchema },
    responses: responds(200, "A page of files", storageFilesResponseSchema),
  }),
  remove: route({
    method: "post",
    path: "/orgs/{orgId}/storage/delete",
    summary: "Delete files from that Drive, one outcome per file (admins only)",
    request: { params: orgParams, body: jsonBody(storageDeleteBodySchema) },
    responses: responds(200, "What was deleted", storageDeleteResponseSchema),
  }),
};
