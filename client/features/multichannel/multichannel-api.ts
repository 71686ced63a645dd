import { multiChannelApi as routes } from "../../../shared/api/multichannel";
import { reportsApi } from "../../../shared/api/reports";
import { reportDownloadName } from "../../../shared/report-file-name";
import type { ContentRequest, PreviewRequest } from "../../../shared/schemas/multichannel";
import { call, urlOf } from "../../lib/api/client";
import { type DownloadProgress, downloadFile } from "../../lib/api/download";
import { routeQuery } from "../../lib/query/route-query";

/** The multi-channel calls: each a route of shared/api/multichannel.ts, parsed by its schema. */
export const multiChannelApi = {
  content: (orgId: string, body: ContentRequest) =>
    call(routes.content, { params: { orgId }, body }),
  createPreview: (orgId: string, body: PreviewRequest) =>
    call(routes.createPreview, { params: { orgId }, body }),
  ticket: (orgId: string, previewId: string) =>
    call(routes.ticket, { params: { orgId, previewId } }),
  reopen: (orgId: string, previewId: string) =>
    call(routes.reopen, { params: { orgId, previewId } }),
  generate: (orgId: string, previewId: string) =>
    call(routes.report, { params: { orgId, previewId } }),
  remove: (orgId: string, ids: string[]) =>
    call(routes.remove, { params: { orgId }, body: { ids } }),
  /** Saves a report file under a name unique to its report (see shared/report-file-name.ts). */
  download: (
    orgId: string,
    report: { id: string; title: string; createdAt: string },
    file: { id: string; filename: string },
    timeZone: string,
    onProgress?: DownloadProgress,
  ) =>
    downloadFile(
      urlOf(reportsApi.file, { params: { orgId, reportId: report.id, fileId: file.id } }),
      reportDownloadName(report, file.filename, timeZone),
      onProgress,
    ),
};

/** The multi-channel cached reads, keyed and typed by their routes. */
export const multiChannelQueries = {
  list: routeQuery(routes.list),
  preview: routeQuery(routes.preview, (orgId, previewId: string) => ({
    params: { orgId, previewId },
  })),
};

/** The spec's messages for this flow (sections 5 and 8). */
export const multiChannelMessages = {
  loadFailed: "Failed to load multi-channel reports",
  loadMergeFailed: "Failed to load merge options. Please try again.",
  previewFailed: "Failed to generate preview. Please try again.",
  previewGenerated: "Preview generated successfully!",
  loadPreviewFailed: "Failed to load preview data",
  generateFailed: "Failed to generate report",
  generated: (n: number) =>
    `Multi-channel report generated successfully! ${n} pieces of content included.`,
  deleted: (n: number) => `${n} multi-channel report(s) deleted`,
  deleteFailed: "Failed to delete reports",
};
