import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { SheetsClient, SheetsError } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { loadDrive } from "../../../worker/sandbox/google/drive-state";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { failureOf } from "../support/errors";
import { contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { deliver } from "../support/jobs";
import {
  allTime,
  createSchedule,
  orgWithChannel,
  persistentTo,
  reportsPage,
  scheduleBody,
} from "../support/reports";

/*
 * Google applied a call but its answer came after the client's timeout ("slow-<call>…" sandbox
 * accounts). values.append, spreadsheets.create and addSheet are not safe to send again: the
 * client gives up on them at once ("unavailable"), and the queue's retry of the run writes the
 * data exactly once (audit F1).
 */

const QUICK_MS = 300;
/** Bindings whose Sheets client stops waiting after QUICK_MS (SHEETS_TIMEOUT_MS). */
const quick: Env = { ...env, SHEETS_TIMEOUT_MS: String(QUICK_MS) };
const account = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const client = (who: string) =>
  new SheetsClient(providerFetch(env), accessTokenFor(who), { timeoutMs: QUICK_MS });
const idOf = (url: string) => /\/d\/([^/]+)\//.exec(url)![1]!;
const lateAnswer = {
  kind: "unavailable",
  message: "Google Sheets did not answer in time; the export will be retried.",
};

describe("a Sheets call applied by Google but answered after the client's timeout", () => {
  it("an append is not sent again: the rows are in the tab once", async () => {
    const who = account("slow-append");
    const sheets = client(who);
    const { spreadsheetId } = await sheets.create("Lost", [{ title: "Data", columns: 2 }], "UTC");
    await sheets.write(spreadsheetId, "Data", 1, [["Title", "Views"]]);
    const rows = [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ];
    expect(await failureOf(sheets.append(spreadsheetId, "Data", rows), SheetsError)).toMatchObject(
      lateAnswer,
    );
    const sheet = (await sandboxSpreadsheet(env.FILES, who, spreadsheetId))!;
    expect(sheet.sheets[0]!.values).toEqual([["Title", "Views"], ...rows]);
  });

  it("a create is not sent again: one spreadsheet more in Drive", async () => {
    const who = account("slow-create");
    const before = (await loadDrive(env.FILES, who)).length;
    expect(
      await failureOf(
        client(who).create("Lost", [{ title: "Data", columns: 2 }], "UTC"),
        SheetsError,
      ),
    ).toMatchObject(lateAnswer);
    const drive = await loadDrive(env.FILES, who);
    expect(drive).toHaveLength(before + 1);
    expect(drive[0]!.name).toBe("Lost");
  });

  it("an addSheet is not sent again: no 'already exists' refusal", async () => {
    const who = account("slow-addsheet");
    const sheets = client(who);
    const { spreadsheetId } = await sheets.create("Tabs", [{ title: "Data", columns: 2 }], "UTC");
    expect(
      await failureOf(sheets.addTab(spreadsheetId, { title: "More", columns: 3 }), SheetsError),
    ).toMatchObject(lateAnswer);
    expect((await sheets.outline(spreadsheetId)).tabs.map((t) => t.title)).toEqual([
      "Data",
      "More",
    ]);
  });
});

describe("a schedule run whose Sheets answer was lost", () => {
  const setup = async (prefix: string) => {
    const who = account(prefix);
    const t = await orgWithChannel("@bench-40");
    await connectGoogle(t.org.id, t.admin.session.accessToken, who);
    const runOf = async (runId: string) =>
      (await (await contentOf(t.org.id)).select().from(schema.scheduleRuns)).find(
        (r) => r.id === runId,
      )!;
    const job = (runId: string) => ({
      type: "report.schedule-run",
      organizationId: t.org.id,
      runId,
    });
    return { ...t, who, runOf, job };
  };

  it("goes back to the queue after a lost append and writes each row once on redelivery", async () => {
    const t = await setup("slow-append");
    const before = (await loadDrive(env.FILES, t.who)).length;
    const { schedule } = await createSchedule(
      t.org.id,
      t.token,
      scheduleBody(t.channel.id, { dateRange: allTime }),
    );
    const [run] = await (await contentOf(t.org.id))
      .insert(schema.scheduleRuns)
      .values({
        organizationId: t.org.id,
        scheduleId: schedule.id,
        slot: "2026-12-01T00:00:00.000Z",
      })
      .returning();

    const first = await deliver([t.job(run!.id)], 1, "crosscast-jobs", quick);
    expect(first.retryMessages).toHaveLength(1);
    const waiting = await t.runOf(run!.id);
    expect(waiting).toMatchObject({ status: "queued", errorMessage: lateAnswer.message });
    expect(waiting.spreadsheetId).toEqual(expect.any(String));

    const second = await deliver([t.job(run!.id)], 2, "crosscast-jobs", quick);
    expect(second.retryMessages).toEqual([]);
    const done = await t.runOf(run!.id);
    expect(done).toMatchObject({ status: "succeeded", errorMessage: null, rowCount: 40 });
    expect(idOf(done.sheetUrl!)).toBe(waiting.spreadsheetId);
    // One spreadsheet in Drive, and the heading plus each row once in every tab.
    expect(await loadDrive(env.FILES, t.who)).toHaveLength(before + 1);
    const sheet = (await sandboxSpreadsheet(env.FILES, t.who, waiting.spreadsheetId!))!;
    expect(sheet.sheets.map((s) => [s.title, s.values.length])).toEqual([
      ["Channels", 2],
      ["Videos", 41],
    ]);
    // Each video once (column B is the video's id).
    const ids = sheet.sheets[1]!.values.slice(1).map((r) => r[1]);
    expect(new Set(ids).size).toBe(40);
  });

  it("goes back to the queue after a lost addSheet and adds its tab once on redelivery", async () => {
    const t = await setup("slow-addsheet");
    const first = await createSchedule(
      t.org.id,
      t.token,
      scheduleBody(t.channel.id, { dateRange: allTime, ...persistentTo("Shared", "Data") }),
    );
    expect(
      (await deliver([t.job(first.initialRunId!)], 1, "crosscast-jobs", quick)).retryMessages,
    ).toEqual([]);
    const page = await reportsPage(t.org.id, t.token);
    const spreadsheetId = idOf(page.schedules[0]!.persistentSheet!.spreadsheetUrl!);

    // A second schedule writes its own tab into that spreadsheet: Google adds the tab, the
    // answer is lost.
    const second = await createSchedule(
      t.org.id,
      t.token,
      scheduleBody(t.channel.id, {
        title: "Second",
        dateRange: allTime,
        isPersistent: true,
        destination: {
          kind: "existing",
          persistentSheetId: page.persistentSheets[0]!.id,
          tabName: "Weekly",
        },
      }),
    );
    const runId = second.initialRunId!;
    const attempt = await deliver([t.job(runId)], 1, "crosscast-jobs", quick);
    expect(attempt.retryMessages).toHaveLength(1);
    expect(await t.runOf(runId)).toMatchObject({
      status: "queued",
      errorMessage: lateAnswer.message,
    });

    const again = await deliver([t.job(runId)], 2, "crosscast-jobs", quick);
    expect(again.retryMessages).toEqual([]);
    expect(await t.runOf(runId)).toMatchObject({ status: "succeeded", errorMessage: null });
    const sheet = (await sandboxSpreadsheet(env.FILES, t.who, spreadsheetId))!;
    expect(sheet.sheets.map((s) => [s.title, s.values.length])).toEqual([
      ["Data", 41],
      ["Weekly", 41],
    ]);
  });
});
