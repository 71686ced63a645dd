import { reportsApi as routes } from "../../../shared/api/reports";
import { reportDownloadName } from "../../../shared/report-file-name";
import type {
  CreateReport,
  CreateSchedule,
  ReportPlatform,
  UpdateSchedule,
} from "../../../shared/schemas/reports";
import { call, urlOf } from "../../lib/api/client";
import { type DownloadProgress, downloadFile } from "../../lib/api/download";
import { routeQuery } from "../../lib/query/route-query";

/** The Reports calls: each a route of shared/api/reports.ts, its answer parsed by its schema. */
export const reportsApi = {
  create: (orgId: string, body: CreateReport) => call(routes.create, { params: { orgId }, body }),
  remove: (orgId: string, ids: string[]) =>
    call(routes.remove, { params: { orgId }, body: { ids } }),
  createSchedule: (orgId: string, body: CreateSchedule) =>
    call(routes.createSchedule, { params: { orgId }, body }),
  updateSchedule: (orgId: string, scheduleId: string, body: UpdateSchedule) =>
    call(routes.updateSchedule, { params: { orgId, scheduleId }, body }),
  setActive: (orgId: string, scheduleId: string, isActive: boolean) =>
    call(routes.setActive, { params: { orgId, scheduleId }, body: { isActive } }),
  removeSchedules: (orgId: string, ids: string[]) =>
    call(routes.removeSchedules, { params: { orgId }, body: { ids } }),
  /** Saves a report file under a name unique to its report (see shared/report-file-name.ts). */
  download: (
    orgId: string,
    report: { id: string; title: string; createdAt: string },
    file: { id: string; filename: string },
    timeZone: string,
    onProgress?: DownloadProgress,
  ) =>
    downloadFile(
      urlOf(routes.file, { params: { orgId, reportId: report.id, fileId: file.id } }),
      reportDownloadName(report, file.filename, timeZone),
      onProgress,
    ),
};

/** The Reports tab's cached reads: one platform's reports and schedules, typed by the route. */
export const reportQueries = {
  page: routeQuery(routes.page, (orgId, platform: ReportPlatform) => ({
    params: { orgId },
    query: { platform },
  })),
};
