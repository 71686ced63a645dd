import { deletedResponseSchema, idsBodySchema } from "../schemas/common";
import {
  contentRequestSchema,
  contentSummarySchema,
  finalReportResultSchema,
  multiChannelListSchema,
  previewCreatedSchema,
  previewParamsSchema,
  previewRequestSchema,
  previewViewSchema,
  reopenedSchema,
  roomTicketSchema,
  socketQuerySchema,
} from "../schemas/multichannel";
import { failures, jsonBody, orgParams, responds, routesOf } from "./define";

const route = routesOf("multi-channel");
const previewParams = orgParams.extend(previewParamsSchema.shape);

/** Multi-channel reports: merge options, previews (the collaborative board) and final reports. */
export const multiChannelApi = {
  list: route({
    method: "get",
    path: "/orgs/{orgId}/multi-channel",
    summary: "The Multi-Channel tab: its counts and its reports",
    request: { params: orgParams },
    responses: responds(200, "Counts and reports", multiChannelListSchema),
  }),
  content: route({
    method: "post",
    path: "/orgs/{orgId}/multi-channel/content",
    summary: "Merge Content Options: how much content a selection holds and its duplicates",
    request: { params: orgParams, body: jsonBody(contentRequestSchema) },
    responses: responds(200, "The selection's content", contentSummarySchema),
  }),
  createPreview: route({
    method: "post",
    path: "/orgs/{orgId}/multi-channel/previews",
    summary: "Generate a preview: merge, match and seed the board",
    request: { params: orgParams, body: jsonBody(previewRequestSchema) },
    responses: responds(201, "The new preview", previewCreatedSchema),
  }),
  preview: route({
    method: "get",
    path: "/orgs/{orgId}/multi-channel/previews/{previewId}",
    summary: "A board: the preview, its content and the current arrangement",
    request: { params: previewParams },
    responses: responds(200, "The board", previewViewSchema),
  }),
  ticket: route({
    method: "post",
    path: "/orgs/{orgId}/multi-channel/previews/{previewId}/ticket",
    summary: "A single-use ticket for the board's WebSocket",
    request: { params: previewParams },
    responses: responds(200, "The ticket and the socket's URL", roomTicketSchema),
  }),
  reopen: route({
    method: "post",
    path: "/orgs/{orgId}/multi-channel/previews/{previewId}/reopen",
    summary: "Reopen a completed preview for editing",
    request: { params: previewParams },
    responses: responds(200, "The preview is a draft again", reopenedSchema),
  }),
  report: route({
    method: "post",
    path: "/orgs/{orgId}/multi-channel/previews/{previewId}/report",
    summary: "Generate Final Report: save the arrangement and write the report's files",
    request: { params: previewParams },
    responses: responds(200, "The report and its files", finalReportResultSchema),
  }),
  remove: route({
    method: "post",
    path: "/orgs/{orgId}/multi-channel/delete",
    summary: "Delete multi-channel reports with their previews, boards and files",
    request: {
      params: orgParams,
      body: jsonBody(idsBodySchema("Select at least one report", 100)),
    },
    responses: responds(200, "How many were deleted", deletedResponseSchema),
  }),
  socket: routesOf("multi-channel", { public: true })({
    method: "get",
    path: "/orgs/{orgId}/multi-channel/previews/{previewId}/socket",
    summary: "The board's WebSocket (opened with a ticket, since a browser cannot send a header)",
    request: { params: previewParams, query: socketQuerySchema },
    responses: { 101: { description: "Switching to the WebSocket protocol" }, ...failures },
  }),
};
