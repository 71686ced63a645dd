import { z } from "zod";
import { reportDownloadName } from "../../../shared/report-file-name";
import {
  type ContentRequest,
  contentSummarySchema,
  finalReportResultSchema,
  multiChannelListSchema,
  type PreviewRequest,
  previewViewSchema,
} from "../../../shared/schemas/multichannel";
import { api } from "../../lib/api/client";
import { downloadFile } from "../../lib/api/download";
import { orgQuery } from "../../lib/query/define-query";

const base = (orgId: string) => `/api/orgs/${orgId}/multi-channel`;

export const multiChannelApi = {
  list: (orgId: string) => api(base(orgId), multiChannelListSchema),
  content: (orgId: string, body: ContentRequest) =>
    api(`${base(orgId)}/content`, contentSummarySchema, { body }),
  createPreview: (orgId: string, body: PreviewRequest) =>
    api(`${base(orgId)}/previews`, z.object({ previewId: z.string() }), { body }),
  preview: (orgId: string, previewId: string) =>
    api(`${base(orgId)}/previews/${previewId}`, previewViewSchema),
  ticket: (orgId: string, previewId: string) =>
    api(
      `${base(orgId)}/previews/${previewId}/ticket`,
      z.object({ ticket: z.string(), url: z.string() }),
      { method: "POST" },
    ),
  reopen: (orgId: string, previewId: string) =>
    api(`${base(orgId)}/previews/${previewId}/reopen`, z.object({ status: z.string() }), {
      method: "POST",
    }),
  generate: (orgId: string, previewId: string) =>
    api(`${base(orgId)}/previews/${previewId}/report`, finalReportResultSchema, { method: "POST" }),
  remove: (orgId: string, ids: string[]) =>
    api(`${base(orgId)}/delete`, z.object({ deleted: z.number() }), { body: { ids } }),
  /** Saves a report file under a name unique to its report (see shared/report-file-name.ts). */
  download: (
    orgId: string,
    report: { id: string; title: string; createdAt: string },
    file: { id: string; filename: string },
  ) => {
    const reportId = report.id;
    return downloadFile(
      `/api/orgs/${orgId}/reports/${reportId}/files/${file.id}`,
      reportDownloadName(report, file.filename),
    );
  },
};

export const multiChannelQueries = {
  list: orgQuery("multi-channel", "list", multiChannelApi.list),
  preview: orgQuery("multi-channel", "preview", multiChannelApi.preview),
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
