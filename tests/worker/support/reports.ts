import { reportsPageSchema, scheduleCreatedSchema } from "../../../shared/schemas/reports";
import { call } from "./http";
import { connectedOrg, ingestedChannel } from "./ingestion";
import { deliver } from "./jobs";

/** The Reports tests' organisation: a member's token and one ingested sandbox channel. */
export async function orgWithChannel(handle = "@bench-120") {
  const setup = await connectedOrg();
  const token = setup.member.session.accessToken;
  const channel = await ingestedChannel(setup.org.id, token, handle);
  return { ...setup, token, channel };
}

export const allTime = { type: "alltime", range: null } as const;

/** The Reports page's read, parsed by its route's schema. */
export const reportsPage = async (orgId: string, token: string, platform = "youtube") =>
  reportsPageSchema.parse(
    (await call(`/api/orgs/${orgId}/reports?platform=${platform}`, { token })).json,
  );

/** Delivers a schedule run's queue message, as the queue would. */
export const runScheduleJob = (organizationId: string, runId: string) =>
  deliver([{ type: "report.schedule-run", organizationId, runId }]);

/** A daily, non-persistent schedule of one channel over 30 days; `extra` overrides any field. */
export const scheduleBody = (channelId: string, extra: Record<string, unknown> = {}) => ({
  title: "Daily export",
  platform: "youtube",
  dateRange: { type: "30days", range: null },
  selectedEntities: [channelId],
  frequency: "daily",
  dayOfWeek: null,
  dayOfMonth: null,
  scheduledTime: "00:00",
  isPersistent: false,
  destination: null,
  ...extra,
});

/** "Update the same sheet" into a new spreadsheet with one custom tab. */
export const persistentTo = (sheetName: string, tabName: string) => ({
  isPersistent: true,
  destination: { kind: "new", sheetName, tabStructure: "custom", tabName },
});

/** Creates a schedule as the Reports page does; its id and its Initial Setup run (persistent). */
export async function createSchedule(orgId: string, token: string, body: object) {
  const created = await call(`/api/orgs/${orgId}/reports/schedules`, { body, token });
  if (created.status !== 201) throw new Error(`schedule not created: ${created.status}`);
  return scheduleCreatedSchema.parse(created.json);
}
