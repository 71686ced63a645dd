import { z } from "zod";
import { reportDownloadName } from "../../../shared/report-file-name";
import {
  type CreateReport,
  type CreateSchedule,
  reportsPageSchema,
  type UpdateSchedule,
} from "../../../shared/schemas/reports";
import { api } from "../../lib/api/client";
import { downloadFile } from "../../lib/api/download";
import { orgQuery } from "../../lib/query/define-query";

const base = (orgId: string) => `/api/orgs/${orgId}/reports`;

export const reportsApi = {
  page: (orgId: string, platform: string) =>
    api(`${base(orgId)}?platform=${platform}`, reportsPageSchema),
  create: (orgId: string, body: CreateReport) =>
    api(base(orgId), z.object({ report: z.object({ id: z.string() }) }), { body }),
  remove: (orgId: string, ids: string[]) =>
    api(`${base(orgId)}/delete`, z.object({ deleted: z.number() }), { body: { ids } }),
  createSchedule: (orgId: string, body: CreateSchedule) =>
    api(
      `${base(orgId)}/schedules`,
      z.object({ schedule: z.object({ id: z.string() }), initialRunId: z.string().nullable() }),
      { body },
    ),
  updateSchedule: (orgId: string, id: string, body: UpdateSchedule) =>
    api(`${base(orgId)}/schedules/${id}`, z.object({ schedule: z.object({ id: z.string() }) }), {
      method: "PATCH",
      body,
    }),
  setActive: (orgId: string, id: string, isActive: boolean) =>
    api(`${base(orgId)}/schedules/${id}/active`, z.object({ isActive: z.boolean() }), {
      body: { isActive },
    }),
  removeSchedules: (orgId: string, ids: string[]) =>
    api(`${base(orgId)}/schedules/delete`, z.object({ deleted: z.number() }), { body: { ids } }),
  /** Saves a report file under a name unique to its report (see shared/report-file-name.ts). */
  download: (
    orgId: string,
    report: { id: string; title: string; createdAt: string },
    file: { id: string; filename: string },
  ) => {
    const reportId = report.id;
    return downloadFile(
      `${base(orgId)}/${reportId}/files/${file.id}`,
      reportDownloadName(report, file.filename),
    );
  },
};

/** The Reports tab's cached reads: one platform's reports and schedules. */
export const reportQueries = {
  page: orgQuery("reports", "page", reportsApi.page),
};
