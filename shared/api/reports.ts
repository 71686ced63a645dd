import { deletedResponseSchema, idsBodySchema } from "../schemas/common";
import {
  createReportSchema,
  createScheduleSchema,
  reportCreatedSchema,
  reportFileParamsSchema,
  reportsPageSchema,
  reportsQuerySchema,
  scheduleActiveBodySchema,
  scheduleCreatedSchema,
  scheduleParamsSchema,
  scheduleUpdatedSchema,
  updateScheduleSchema,
} from "../schemas/reports";
import { failures, file, jsonBody, orgParams, responds, routesOf } from "./define";

const route = routesOf("reports");
const scheduleParams = orgParams.extend(scheduleParamsSchema.shape);

/** One-time reports, recurring schedules and the reports' files. */
export const reportsApi = {
  page: route({
    method: "get",
    path: "/orgs/{orgId}/reports",
    summary: "Everything the Reports screen shows for one platform",
    request: { params: orgParams, query: reportsQuerySchema },
    responses: responds(200, "Reports, schedules and persistent sheets", reportsPageSchema),
  }),
  create: route({
    method: "post",
    path: "/orgs/{orgId}/reports",
    summary: "Create a one-time report (its files are written by a job)",
    request: { params: orgParams, body: jsonBody(createReportSchema) },
    responses: responds(201, "The report, queued", reportCreatedSchema),
  }),
  remove: route({
    method: "post",
    path: "/orgs/{orgId}/reports/delete",
    summary: "Delete one-time reports and their files",
    request: { params: orgParams, body: jsonBody(idsBodySchema()) },
    responses: responds(200, "How many were deleted", deletedResponseSchema),
  }),
  createSchedule: route({
    method: "post",
    path: "/orgs/{orgId}/reports/schedules",
    summary: "Create a recurring schedule (a persistent one runs its Initial Setup at once)",
    request: { params: orgParams, body: jsonBody(createScheduleSchema) },
    responses: responds(201, "The schedule", scheduleCreatedSchema),
  }),
  updateSchedule: route({
    method: "patch",
    path: "/orgs/{orgId}/reports/schedules/{scheduleId}",
    summary: "Change a recurring schedule",
    request: { params: scheduleParams, body: jsonBody(updateScheduleSchema) },
    responses: responds(200, "The schedule", scheduleUpdatedSchema),
  }),
  setActive: route({
    method: "post",
    path: "/orgs/{orgId}/reports/schedules/{scheduleId}/active",
    summary: "Pause or resume a recurring schedule",
    request: { params: scheduleParams, body: jsonBody(scheduleActiveBodySchema) },
    responses: responds(200, "Whether it is active", scheduleActiveBodySchema),
  }),
  removeSchedules: route({
    method: "post",
    path: "/orgs/{orgId}/reports/schedules/delete",
    summary: "Delete recurring schedules",
    request: { params: orgParams, body: jsonBody(idsBodySchema()) },
    responses: responds(200, "How many were deleted", deletedResponseSchema),
  }),
  file: route({
    method: "get",
    path: "/orgs/{orgId}/reports/{reportId}/files/{fileId}",
    summary: "Download a report's file (streamed from storage)",
    request: { params: orgParams.extend(reportFileParamsSchema.shape) },
    responses: {
      200: file("The file", "text/csv", "application/json"),
      ...failures,
    },
  }),
};
