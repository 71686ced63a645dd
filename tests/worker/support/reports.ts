import { expect } from "vitest";
import { reportsPageSchema, scheduleCreatedSchema } from "../../../shared/schemas/reports";
import { schema } from "../../../worker/db/client";
import { contentOf } from "./factories";
import { connectGoogle } from "./google";
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
/** A new spreadsheet with one tab of that name, or the default tabs when the name is null. */
export const persistentTo = (sheetName: string, tabName: string | null) => ({
  isPersistent: true,
  destination:
    tabName === null
      ? { kind: "new", sheetName, tabStructure: "default" }
      : { kind: "new", sheetName, tabStructure: "custom", tabName },
});

/** An existing spreadsheet: one tab of that name, or its default tabs when none is given. */
export const existingSheet = (persistentSheetId: string, tabName?: string) => ({
  isPersistent: true,
  destination: { kind: "existing", persistentSheetId, ...(tabName ? { tabName } : {}) },
});

/** Creates a schedule as the Reports page does; its id and its Initial Setup run (persistent). */
export async function createSchedule(orgId: string, token: string, body: object) {
  const created = await call(`/api/orgs/${orgId}/reports/schedules`, { body, token });
  if (created.status !== 201) throw new Error(`schedule not created: ${created.status}`);
  return scheduleCreatedSchema.parse(created.json);
}

/**
 * A run of a schedule in one cron slot, inserted as the cron does: the run, its queue message and
 * a reader of its row as it is now.
 */
export async function slotRun(organizationId: string, scheduleId: string, slot: string) {
  const content = await contentOf(organizationId);
  const [run] = await content
    .insert(schema.scheduleRuns)
    .values({ organizationId, scheduleId, slot })
    .returning();
  const runId = run!.id;
  return {
    runId,
    job: { type: "report.schedule-run", organizationId, runId } as const,
    now: async () =>
      (await content.select().from(schema.scheduleRuns)).find((r) => r.id === runId)!,
  };
}

/**
 * "Update the same sheet": an organisation with a 40-video channel and Google connected as
 * `account`, a persistent schedule into "Channel tracker" (tab Data), its Initial Setup run done,
 * and the spreadsheet it made.
 */
export async function persistentSheetMade(account: string) {
  const setup = await orgWithChannel("@bench-40");
  const { org, token } = setup;
  const adminToken = setup.admin.session.accessToken;
  await connectGoogle(org.id, adminToken, account);
  const runJob = async (runId: string) =>
    expect((await runScheduleJob(org.id, runId)).retryMessages).toEqual([]);
  const { initialRunId, schedule } = await createSchedule(
    org.id,
    token,
    scheduleBody(setup.channel.id, {
      dateRange: allTime,
      ...persistentTo("Channel tracker", "Data"),
    }),
  );
  await runJob(initialRunId!);
  const first = (await reportsPage(org.id, token)).schedules[0]!.persistentSheet!;
  const firstId = /\/d\/([^/]+)\//.exec(first.spreadsheetUrl!)![1]!;
  /** The schedule's next run (the 1 December slot), inserted as the cron does and run. */
  const nextRun = async () =>
    runJob((await slotRun(org.id, schedule.id, "2026-12-01T00:00:00.000Z")).runId);
  return { ...setup, adminToken, runJob, nextRun, schedule, first, firstId };
}
