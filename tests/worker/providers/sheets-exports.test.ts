import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { reportsPageSchema } from "../../../shared/schemas/reports";
import { schema } from "../../../worker/db/client";
import { loadDrive } from "../../../worker/sandbox/google/drive-state";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { bindingOf, contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";
import { deliver, recordingQueue } from "../support/jobs";
import { allTime, existingSheet, persistentTo, scheduleBody, slotRun } from "../support/reports";

/*
 * Recurring Sheets exports against the grid-enforcing emulator (issue 13's "Done when"): one
 * persistent schedule run three times into the same sheet, an existing-spreadsheet destination,
 * and a 100,000-row tab.
 */

async function setup(handle: string, account: string) {
  const org = await connectedOrg();
  const token = org.member.session.accessToken;
  const channel = await ingestedChannel(org.org.id, token, handle);
  await connectGoogle(org.org.id, org.admin.session.accessToken, account);
  const schedules = async () =>
    reportsPageSchema.parse(
      (await call(`/api/orgs/${org.org.id}/reports?platform=youtube`, { token })).json,
    );
  const createSchedule = async (extra: Record<string, unknown>) => {
    const r = await call(`/api/orgs/${org.org.id}/reports/schedules`, {
      body: scheduleBody(channel.id, { dateRange: allTime, ...extra }),
      token,
    });
    if (r.status !== 201) throw new Error(`schedule: ${r.status} ${r.text}`);
    return r.json as { schedule: { id: string }; initialRunId: string };
  };
  const run = async (scheduleId: string, slot: string) => {
    const [row] = await (await contentOf(org.org.id))
      .insert(schema.scheduleRuns)
      .values({ organizationId: org.org.id, scheduleId, slot })
      .returning();
    return runJob(org.org.id, row!.id);
  };
  const runJob = async (organizationId: string, runId: string) => {
    const result = await deliver([{ type: "report.schedule-run", organizationId, runId }]);
    expect(result.retryMessages).toEqual([]);
  };
  return { ...org, token, channel, schedules, createSchedule, run, runJob };
}

const idOf = (url: string) => /\/d\/([^/]+)\//.exec(url)![1]!;

/** The videos tab's heading row, as the report's CSV has it (reports.test.ts). */
const VIDEO_HEADINGS = [
  "Video Title",
  "Video ID",
  "Channel",
  "Views",
  "Likes",
  "Comments",
  "First 24H Views",
  "First 48H Views",
  "First 7D Views",
  "Trailing 1D Views",
  "Trailing 1W Views",
  "Trailing 1M Views",
  "Trailing 1Y Views",
  "Watch Time (Hours)",
  "Avg View Duration (s)",
  "Source",
  "Published",
  "Last Updated",
];

describe("recurring Sheets exports against Google's grid", () => {
  it("runs one persistent schedule three times into the same sheet, then into an existing spreadsheet", {
    timeout: 120_000,
  }, async () => {
    const account = `persist-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const t = await setup("@bench-1500", account);
    const created = await t.createSchedule(persistentTo("Tracker — “weekly”", "Données ✓"));
    await t.runJob(t.org.id, created.initialRunId);
    for (const slot of ["2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z"])
      await t.run(created.schedule.id, slot);
    const view = await t.schedules();
    const runs = await (await contentOf(t.org.id)).select().from(schema.scheduleRuns);
    const mine = runs.filter((r) => r.scheduleId === created.schedule.id);
    expect(mine.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const url = view.schedules[0]!.persistentSheet!.spreadsheetUrl!;
    const sheet = (await sandboxSpreadsheet(env.FILES, account, idOf(url)))!;
    expect(sheet.sheets.map((s) => s.title)).toEqual(["Données ✓"]);
    // 1,500 rows + heading each time, replaced rather than piled up, the grid grown past 1,000.
    expect(sheet.sheets[0]!.values).toHaveLength(1501);
    expect(sheet.sheets[0]!.rowCount).toBe(1501);
    expect(sheet.sheets[0]!.values[0]).toEqual(VIDEO_HEADINGS);
    expect(sheet.sheets[0]!.columnCount).toBe(VIDEO_HEADINGS.length);

    // A second schedule adds its tab to that existing spreadsheet, on each of its runs.
    const second = await t.createSchedule({
      title: "Second",
      ...existingSheet(view.persistentSheets[0]!.id, "Weekly"),
    });
    await t.runJob(t.org.id, second.initialRunId);
    await t.run(second.schedule.id, "2026-12-03T00:00:00.000Z");
    const both = (await sandboxSpreadsheet(env.FILES, account, idOf(url)))!;
    expect(both.sheets.map((s) => [s.title, s.values.length])).toEqual([
      ["Données ✓", 1501],
      ["Weekly", 1501],
    ]);
    const secondRuns = (
      await (await contentOf(t.org.id)).select().from(schema.scheduleRuns)
    ).filter((r) => r.scheduleId === second.schedule.id);
    expect(secondRuns.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("sends a run refused by Google's request quota back later, without spending the queue's retries", {
    timeout: 120_000,
  }, async () => {
    // "ratelimited…": Google answers 429 to every values write, past the client's minute of waits.
    const account = `ratelimited-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const t = await setup("@bench-30", account);
    const created = await t.createSchedule({});
    const { job, now: runOf } = await slotRun(
      t.org.id,
      created.schedule.id,
      "2026-12-02T00:00:00.000Z",
    );
    const queue = recordingQueue();
    /** One delivery, the client's waits (2 s to 32 s) passing on a fake clock. */
    const deliverWaiting = async (attempts: number) => {
      const realTimeout = setTimeout;
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      try {
        let settled = false;
        const delivering = deliver([job], attempts, "crosscast-jobs", {
          ...env,
          JOBS: queue.queue,
        });
        void delivering.finally(() => {
          settled = true;
        });
        while (!settled) {
          await vi.advanceTimersByTimeAsync(1_000);
          await new Promise((resolve) => realTimeout(resolve, 2));
        }
        return await delivering;
      } finally {
        vi.useRealTimers();
      }
    };

    const first = await deliverWaiting(1);
    expect(first.retryMessages).toEqual([]);
    expect(queue.sent).toEqual([{ ...job, deferrals: 1 }]);
    expect(await runOf()).toMatchObject({
      status: "queued",
      errorMessage: "Google Sheets is rate limiting this account; the export will be retried.",
    });

    // Six hours on, a refusal takes the queue's retries as any failure does.
    await (await contentOf(t.org.id))
      .update(schema.scheduleRuns)
      .set({ createdAt: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(schema.scheduleRuns.id, job.runId));
    const late = await deliverWaiting(2);
    expect(late.retryMessages).toHaveLength(1);
    expect(queue.sent).toHaveLength(1);
    expect((await runOf()).status).toBe("queued");
  });

  it("retries a new-spreadsheet run after a Google outage into the spreadsheet it created", {
    timeout: 120_000,
  }, async () => {
    // "flaky…": Google answers 503 to the first appends, longer than the client's own retries.
    const account = `flaky-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const t = await setup("@bench-1500", account);
    const before = (await loadDrive(env.FILES, account)).length;
    const created = await t.createSchedule({});
    const { job, now: runOf } = await slotRun(
      t.org.id,
      created.schedule.id,
      "2026-12-01T00:00:00.000Z",
    );

    const first = await deliver([job]);
    expect(first.retryMessages).toHaveLength(1);
    const failed = await runOf();
    expect(failed).toMatchObject({
      status: "queued",
      errorMessage: "Google Sheets is unavailable; the export will be retried.",
    });
    expect(failed.spreadsheetId).toEqual(expect.any(String));

    const second = await deliver([job], 2);
    expect(second.retryMessages).toEqual([]);
    const done = await runOf();
    expect(done.status).toBe("succeeded");
    // One spreadsheet in the person's Drive, the one the first attempt created, written once.
    expect(idOf(done.sheetUrl!)).toBe(failed.spreadsheetId);
    const drive = await loadDrive(env.FILES, account);
    expect(drive).toHaveLength(before + 1);
    expect(drive[0]!.id).toBe(failed.spreadsheetId);
    const sheet = (await sandboxSpreadsheet(env.FILES, account, failed.spreadsheetId!))!;
    expect(sheet.sheets.map((s) => [s.title, s.values.length])).toEqual([
      ["Channels", 2],
      ["Videos", 1501],
    ]);
    expect(sheet.sheets[1]!.values[0]).toEqual(VIDEO_HEADINGS);
  });

  it("exports a 100,000-row tab", { timeout: 600_000 }, async () => {
    const account = `bigtab-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const t = await setup("@bench-10", account);
    // 99,990 more videos on the channel, written straight to the organisation's database (the
    // export is under test here).
    await env[await bindingOf(t.org.id)]
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 99990)
       insert into videos (id, organization_id, channel_id, external_id, title, views, likes,
         comments, duration_seconds, publish_date, last_updated, created_at)
       select lower(hex(randomblob(16))), ?1, ?2, 'bulk-' || i, 'Bulk “video” ' || i || ', part ' || (i % 7),
         i * 3, i, i % 50, 300, ?3 - i * 60000, ?3, ?3 from n`,
      )
      .bind(t.org.id, t.channel.id, Date.now() - 86_400_000)
      .run();
    const created = await t.createSchedule(persistentTo("Everything", "All videos"));
    const started = Date.now();
    await t.runJob(t.org.id, created.initialRunId);
    const seconds = (Date.now() - started) / 1000;
    const view = await t.schedules();
    expect(view.schedules[0]!.lastRun).toMatchObject({ status: "succeeded", rowCount: 100_000 });
    const sheet = (await sandboxSpreadsheet(
      env.FILES,
      account,
      idOf(view.schedules[0]!.persistentSheet!.spreadsheetUrl!),
    ))!;
    const tab = sheet.sheets[0]!;
    expect(tab.values).toHaveLength(100_001);
    expect(tab.rowCount).toBe(100_001);
    expect(tab.values[0]).toEqual(VIDEO_HEADINGS);
    expect(sheet.cells).toBe(100_001 * VIDEO_HEADINGS.length);
    console.log(
      `figure: 100,000-row tab exported in ${seconds.toFixed(1)} s (${sheet.cells} cells)`,
    );
  });
});
