import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { enqueueDueSchedules } from "../../../worker/features/reports/due-schedules";
import { writeReportFiles } from "../../../worker/features/reports/generate";
import { childPages } from "../../../worker/features/reports/report-data";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { call, envelope } from "../support/http";
import { deliver } from "../support/jobs";
import {
  allTime,
  createSchedule,
  existingSheet,
  orgWithChannel,
  persistentTo,
  reportsPage,
  runScheduleJob,
  scheduleBody,
} from "../support/reports";
import { wallClock } from "../support/wall-clock";

const page = reportsPage;
const runGenerate = (organizationId: string, reportId: string) =>
  deliver([{ type: "report.generate", organizationId, reportId }]);

describe("one-time reports", () => {
  it("are generated into R2 by the job and downloaded through the authorised route", async () => {
    const { org, token, channel } = await orgWithChannel();
    const created = await call(`/api/orgs/${org.id}/reports`, {
      body: {
        title: " Weekly videos ",
        platform: "youtube",
        dateRange: allTime,
        selectedEntities: [channel.id],
      },
      token,
    });
    expect(created.status).toBe(201);
    const reportId = (created.json as { report: { id: string } }).report.id;
    expect((await page(org.id, token)).reports[0]).toMatchObject({
      id: reportId,
      title: "Weekly videos",
      status: "queued",
      files: [],
    });

    expect((await runGenerate(org.id, reportId)).retryMessages).toEqual([]);
    const report = (await page(org.id, token)).reports[0]!;
    expect(report).toMatchObject({ status: "completed", rowCount: 120, exportType: "one-time" });
    expect(report.files.map((f) => f.filename).sort()).toEqual([
      "channels.csv",
      "data.json",
      "videos.csv",
    ]);

    const videosFile = report.files.find((f) => f.filename === "videos.csv")!;
    const download = await call(`/api/orgs/${org.id}/reports/${reportId}/files/${videosFile.id}`, {
      token,
    });
    expect(download.status).toBe(200);
    expect(download.res.headers.get("content-type")).toContain("text/csv");
    // Saved under a name of its own (title and time), not a bare videos.csv that collides; the
    // time on the organisation's clock (Los Angeles by default), as the Reports list shows it.
    const wall = wallClock(new Date(report.createdAt), "America/Los_Angeles");
    const stamp = `${wall.year}-${wall.month}-${wall.day}_${wall.hour}-${wall.minute}-${wall.second}`;
    expect(download.res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="weekly-videos_${stamp}_videos\\.csv"`),
    );
    const lines = download.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Video Title,Video ID,Channel,Views,Likes,Comments,First 24H Views,First 48H Views,First 7D Views,Trailing 1D Views,Trailing 1W Views,Trailing 1M Views,Trailing 1Y Views,Watch Time (Hours),Avg View Duration (s),Source,Published,Last Updated",
    );
    expect(lines).toHaveLength(121);
    const json = JSON.parse(
      (
        await call(
          `/api/orgs/${org.id}/reports/${reportId}/files/${report.files.find((f) => f.kind === "json")!.id}`,
          { token },
        )
      ).text,
    );
    expect(json.channels).toHaveLength(1);
    expect(json.videos).toHaveLength(120);
    expect(json.report).toMatchObject({ id: reportId, platform: "youtube" });

    // Another organisation gets 404 for the file, with its own org or ours in the path.
    const stranger = await createOrgWithMembers();
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/reports/${reportId}/files/${videosFile.id}`, {
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${org.id}/reports/${reportId}/files/${videosFile.id}`, {
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${org.id}/reports?platform=youtube`, {
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
  });

  it("keep the date range: exactly the videos published inside it, bounds included (pinned clock)", async () => {
    const { org, token, channel } = await orgWithChannel();
    // now = 20 Nov 2026 12:00 in Los Angeles; 90 days back is 22 Aug 12:00 PDT = 19:00 UTC
    // (worked out by hand: the window crosses the end of daylight saving time).
    const now = new Date("2026-11-20T20:00:00.000Z");
    const start = Date.parse("2026-08-22T19:00:00.000Z");
    for (const [i, at] of [start - 1, start, now.getTime(), now.getTime() + 1].entries())
      await (await contentOf(org.id)).insert(schema.videos).values({
        organizationId: org.id,
        channelId: channel.id,
        externalId: `edge-${i}`,
        title: `Edge ${i}`,
        publishDate: new Date(at),
      });
    const created = await call(`/api/orgs/${org.id}/reports`, {
      body: {
        title: "Recent",
        platform: "youtube",
        dateRange: { type: "90days", range: null },
        selectedEntities: [channel.id],
      },
      token,
    });
    const reportId = (created.json as { report: { id: string } }).report.id;
    const [report] = await (await contentOf(org.id))
      .select()
      .from(schema.reports)
      .where(eq(schema.reports.id, reportId));
    const rows = await writeReportFiles(
      env,
      await contentOf(org.id),
      report!,
      "America/Los_Angeles",
      now,
    );
    const all = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.organizationId, org.id));
    const expected = all.filter(
      (v) => v.publishDate.getTime() >= start && v.publishDate.getTime() <= now.getTime(),
    );
    expect(rows).toBe(expected.length);
    expect(expected.map((v) => v.externalId)).toEqual(expect.arrayContaining(["edge-1", "edge-2"]));
    expect(expected.map((v) => v.externalId)).not.toContain("edge-0");
    expect(expected.map((v) => v.externalId)).not.toContain("edge-3");
    // The file holds exactly those videos, one line each under the header.
    const key = `reports/${org.id}/${reportId}/`;
    const listed = await env.FILES.list({ prefix: key });
    const videosCsv = listed.objects.find((o) => o.key.endsWith("videos.csv"))!;
    const text = await (await env.FILES.get(videosCsv.key))!.text();
    const ids = text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => expected.find((v) => line.includes(v.externalId))?.externalId);
    expect(ids.filter(Boolean)).toHaveLength(expected.length);
  });

  it("let other work run between the pages they read, not only once the report is written", async () => {
    // Locally D1 answers inside the same workerd process, so a chain of page reads never waits on
    // a socket, and workerd reads its sockets and fires timers only when nothing else is ready: a
    // 100,000-video report kept every other request waiting until it was written. A timer set
    // as the report starts stands for those requests: it must get its turn before the last page.
    const { org, channel } = await orgWithChannel();
    const seen: string[] = [];
    const other = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      seen.push("other work");
    });
    const everything = { start: new Date(0), end: new Date("2100-01-01T00:00:00.000Z") };
    for await (const rows of childPages(
      await contentOf(org.id),
      org.id,
      "youtube",
      [channel.id],
      everything,
      50,
    ))
      seen.push(`${rows.length} videos`);
    await other;
    expect(seen.filter((s) => s !== "other work")).toEqual(["50 videos", "50 videos", "20 videos"]);
    expect(seen.at(-1)).not.toBe("other work");
  });

  it("refuse bad input with the dialog's messages", async () => {
    const { org, token, channel } = await orgWithChannel();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { title: "  ", platform: "youtube", dateRange: allTime, selectedEntities: [channel.id] },
        "Please enter a report title",
      ],
      [
        { title: "x", platform: "youtube", dateRange: allTime, selectedEntities: [] },
        "Please select at least one YouTube channel",
      ],
      [
        { title: "x", platform: "simplecast", dateRange: allTime, selectedEntities: [] },
        "Please select at least one podcast show",
      ],
      [
        {
          title: "x",
          platform: "youtube",
          dateRange: { type: "custom", range: null },
          selectedEntities: [channel.id],
        },
        "Please select both start and end dates for custom range",
      ],
    ];
    for (const [body, message] of cases) {
      const r = await call(`/api/orgs/${org.id}/reports`, { body, token });
      expect(r.status).toBe(400);
      expect(envelope(r.json).message).toContain(message);
    }
    expect((await page(org.id, token)).reports).toEqual([]);
  });

  it("a failing R2 marks the report failed, never left generating; a later delivery completes it", async () => {
    const { org, token, channel } = await orgWithChannel();
    const reportId = (
      (
        await call(`/api/orgs/${org.id}/reports`, {
          body: {
            title: "Flaky",
            platform: "youtube",
            dateRange: allTime,
            selectedEntities: [channel.id],
          },
          token,
        })
      ).json as { report: { id: string } }
    ).report.id;
    const broken: Env = {
      ...env,
      FILES: {
        ...env.FILES,
        put: () => Promise.reject(new Error("R2 unavailable")),
        createMultipartUpload: () => Promise.reject(new Error("R2 unavailable")),
      } as unknown as R2Bucket,
    };
    const first = await deliver(
      [{ type: "report.generate", organizationId: org.id, reportId }],
      1,
      "crosscast-jobs",
      broken,
    );
    expect(first.retryMessages).toHaveLength(1);
    expect((await page(org.id, token)).reports[0]).toMatchObject({
      status: "failed",
      errorMessage: "Failed to generate report",
      files: [],
    });
    await runGenerate(org.id, reportId);
    expect((await page(org.id, token)).reports[0]).toMatchObject({
      status: "completed",
      errorMessage: null,
    });
  });

  it("deleting removes the rows and every R2 object, only in the caller's organisation", async () => {
    const { org, token, channel } = await orgWithChannel("@bench-10");
    const ids: string[] = [];
    for (const title of ["A", "B"]) {
      const id = (
        (
          await call(`/api/orgs/${org.id}/reports`, {
            body: {
              title,
              platform: "youtube",
              dateRange: allTime,
              selectedEntities: [channel.id],
            },
            token,
          })
        ).json as { report: { id: string } }
      ).report.id;
      await runGenerate(org.id, id);
      ids.push(id);
    }
    expect((await env.FILES.list({ prefix: `reports/${org.id}/` })).objects).toHaveLength(6);
    const stranger = await createOrgWithMembers();
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/reports/delete`, {
          body: { ids },
          token: stranger.admin.session.accessToken,
        })
      ).json,
    ).toEqual({ deleted: 0 });
    expect(
      (await call(`/api/orgs/${org.id}/reports/delete`, { body: { ids: [ids[0]] }, token })).json,
    ).toEqual({ deleted: 1 });
    expect((await env.FILES.list({ prefix: `reports/${org.id}/${ids[0]}/` })).objects).toHaveLength(
      0,
    );
    expect((await env.FILES.list({ prefix: `reports/${org.id}/${ids[1]}/` })).objects).toHaveLength(
      3,
    );
    expect((await page(org.id, token)).reports.map((r) => r.id)).toEqual([ids[1]]);
  });
});

describe("recurring schedules", () => {
  it("refuse frequency, day and time combinations that do not fit", async () => {
    const { org, token, channel } = await orgWithChannel("@bench-10");
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ frequency: "daily", dayOfWeek: 1 }, "Only weekly schedules have a day of the week"],
      [{ frequency: "weekly" }, "A weekly schedule needs a day of the week"],
      [{ frequency: "weekly", dayOfWeek: 7 }, "dayOfWeek"],
      [{ frequency: "monthly" }, "A monthly schedule needs a day of the month"],
      [{ frequency: "monthly", dayOfMonth: 32 }, "dayOfMonth"],
      [
        { frequency: "monthly", dayOfMonth: 5, dayOfWeek: 2 },
        "Only weekly schedules have a day of the week",
      ],
      [{ scheduledTime: "07:00" }, "Time of day must be one of 00:00, 06:00, 12:00 or 18:00 UTC"],
      [{ frequency: "hourly" }, "frequency"],
      [{ isPersistent: true }, "Choose where the persistent sheet goes"],
      [
        { destination: { kind: "new", sheetName: "x", tabStructure: "default" } },
        "Only 'Update the same sheet' schedules have a destination",
      ],
      [
        {
          isPersistent: true,
          destination: { kind: "new", sheetName: " ", tabStructure: "default" },
        },
        "Please enter a spreadsheet name",
      ],
    ];
    for (const [extra, message] of bad) {
      const r = await call(`/api/orgs/${org.id}/reports/schedules`, {
        body: scheduleBody(channel.id, extra),
        token,
      });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(envelope(r.json).message).toContain(message);
    }
    expect((await page(org.id, token)).schedules).toEqual([]);
    expect(
      (
        await call(`/api/orgs/${org.id}/reports/schedules`, {
          body: scheduleBody(channel.id, {
            frequency: "monthly",
            dayOfMonth: 31,
            scheduledTime: "18:00",
          }),
          token,
        })
      ).status,
    ).toBe(201);
  });

  it("run exactly when due over a simulated week, once per slot even when cron fires twice", async () => {
    const { org, admin, token, channel } = await orgWithChannel("@bench-10");
    await call(`/api/orgs/${org.id}/timezone`, {
      method: "PATCH",
      body: { timezone: "UTC" },
      token: admin.session.accessToken,
    });
    const create = async (extra: Record<string, unknown>) =>
      (
        (
          await call(`/api/orgs/${org.id}/reports/schedules`, {
            body: scheduleBody(channel.id, extra),
            token,
          })
        ).json as { schedule: { id: string } }
      ).schedule.id;
    const daily = await create({ scheduledTime: "00:00" });
    const weekly = await create({ frequency: "weekly", dayOfWeek: 1, scheduledTime: "12:00" });
    const monthly = await create({ frequency: "monthly", dayOfMonth: 31, scheduledTime: "18:00" });
    const paused = await create({ scheduledTime: "06:00" });
    await call(`/api/orgs/${org.id}/reports/schedules/${paused}/active`, {
      body: { isActive: false },
      token,
    });

    // Tuesday 24 November 2026 00:00 UTC to Tuesday 1 December, every hour, fired twice.
    const start = Date.UTC(2026, 10, 24);
    for (let hour = 0; hour < 7 * 24; hour++) {
      const slot = new Date(start + hour * 3_600_000);
      await enqueueDueSchedules(env, await contentOf(org.id), slot);
      await enqueueDueSchedules(env, await contentOf(org.id), slot);
    }
    const runs = await (await contentOf(org.id))
      .select()
      .from(schema.scheduleRuns)
      .where(eq(schema.scheduleRuns.organizationId, org.id));
    const slots = (id: string) =>
      runs
        .filter((r) => r.scheduleId === id)
        .map((r) => r.slot)
        .sort();
    expect(slots(daily)).toEqual(
      Array.from({ length: 7 }, (_, d) => new Date(start + d * 86_400_000).toISOString()),
    );
    // Monday 30 November at 12:00.
    expect(slots(weekly)).toEqual(["2026-11-30T12:00:00.000Z"]);
    // "Day 31" runs on November's last day.
    expect(slots(monthly)).toEqual(["2026-11-30T18:00:00.000Z"]);
    expect(slots(paused)).toEqual([]);
  });

  it("write a new spreadsheet on each run, with the run's outcome on the schedule's row", async () => {
    const { org, admin, token, channel } = await orgWithChannel("@bench-30");
    await connectGoogle(org.id, admin.session.accessToken, "sheets.writer@gmail.com");
    const id = (
      (
        await call(`/api/orgs/${org.id}/reports/schedules`, {
          body: scheduleBody(channel.id, { dateRange: allTime }),
          token,
        })
      ).json as { schedule: { id: string } }
    ).schedule.id;
    const urls: string[] = [];
    for (const slot of ["2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z"]) {
      const [run] = await (await contentOf(org.id))
        .insert(schema.scheduleRuns)
        .values({ organizationId: org.id, scheduleId: id, slot })
        .returning();
      expect((await runScheduleJob(org.id, run!.id)).retryMessages).toEqual([]);
      const schedule = (await page(org.id, token)).schedules[0]!;
      expect(schedule.lastRun).toMatchObject({
        status: "succeeded",
        rowCount: 30,
        errorMessage: null,
      });
      urls.push(schedule.lastRun!.sheetUrl!);
    }
    expect(new Set(urls).size).toBe(2);
    const sheet = await sandboxSpreadsheet(
      env.FILES,
      "sheets.writer@gmail.com",
      /\/d\/([^/]+)\//.exec(urls[1]!)![1]!,
    );
    expect(sheet!.sheets.map((s) => s.title)).toEqual(["Channels", "Videos"]);
    const videos = sheet!.sheets[1]!.values;
    expect(videos).toHaveLength(31);
    expect(videos[0]![0]).toBe("Video Title");
    // RAW numbers stay numbers.
    expect(typeof videos[1]![3]).toBe("number");
    const reports = (await page(org.id, token)).reports;
    expect(reports).toHaveLength(2);
    expect(
      reports.every(
        (r) => r.exportType === "recurring" && r.googleSheetUrl && r.files.length === 3,
      ),
    ).toBe(true);
  });

  it("a persistent schedule runs its Initial Setup at once, then replaces the same tab on each run", async () => {
    const { org, admin, token, channel } = await orgWithChannel("@bench-40");
    await connectGoogle(org.id, admin.session.accessToken, "sheets.keeper@gmail.com");
    const { initialRunId, schedule } = await createSchedule(
      org.id,
      token,
      scheduleBody(channel.id, { dateRange: allTime, ...persistentTo("Channel tracker", "Data") }),
    );
    await runScheduleJob(org.id, initialRunId!);
    let view = await page(org.id, token);
    expect(view.schedules[0]).toMatchObject({
      isPersistent: true,
      sheetTabName: "Data",
      persistentSheet: { sheetName: "Channel tracker" },
      lastRun: { status: "succeeded" },
    });
    expect(view.reports[0]!.title).toBe("Daily export (Initial Setup)");
    const url = view.schedules[0]!.persistentSheet!.spreadsheetUrl!;
    expect(view.persistentSheets).toHaveLength(1);

    // A later run writes into the same spreadsheet, replacing the tab rather than appending.
    const [run] = await (await contentOf(org.id))
      .insert(schema.scheduleRuns)
      .values({ organizationId: org.id, scheduleId: schedule.id, slot: "2026-12-01T00:00:00.000Z" })
      .returning();
    await runScheduleJob(org.id, run!.id);
    view = await page(org.id, token);
    expect(view.schedules[0]!.persistentSheet!.spreadsheetUrl).toBe(url);
    const sheet = await sandboxSpreadsheet(
      env.FILES,
      "sheets.keeper@gmail.com",
      /\/d\/([^/]+)\//.exec(url)![1]!,
    );
    expect(sheet!.sheets.map((s) => s.title)).toEqual(["Data"]);
    expect(sheet!.sheets[0]!.values).toHaveLength(41);

    // Another schedule can add a tab to that existing spreadsheet.
    const second = await call(`/api/orgs/${org.id}/reports/schedules`, {
      body: scheduleBody(channel.id, {
        title: "Second",
        ...existingSheet(view.persistentSheets[0]!.id, "Weekly"),
      }),
      token,
    });
    await runScheduleJob(org.id, (second.json as { initialRunId: string }).initialRunId);
    expect(
      (await sandboxSpreadsheet(
        env.FILES,
        "sheets.keeper@gmail.com",
        sheet!.spreadsheetId,
      ))!.sheets.map((s) => s.title),
    ).toEqual(["Data", "Weekly"]);

    // A third may not write a tab another already writes (in any case): each run clears its
    // tabs, so the two would wipe each other's rows.
    const clash = await call(`/api/orgs/${org.id}/reports/schedules`, {
      body: scheduleBody(channel.id, {
        title: "Clash",
        ...existingSheet(view.persistentSheets[0]!.id, "weekly"),
      }),
      token,
    });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({
      error: {
        message:
          'The recurring report "Second" already writes the tab "Weekly" of this spreadsheet. Choose another tab name.',
        field: "destination.tabName",
      },
    });
    // Saving a schedule with its own tab again is not a clash with itself.
    const secondId = (second.json as { schedule: { id: string } }).schedule.id;
    const resaved = await call(`/api/orgs/${org.id}/reports/schedules/${secondId}`, {
      method: "PATCH",
      body: scheduleBody(channel.id, {
        title: "Second",
        ...existingSheet(view.persistentSheets[0]!.id, "Weekly"),
      }),
      token,
    });
    expect(resaved.status, resaved.text).toBe(200);
  });

  it("a schedule on default tabs, edited with its spreadsheet kept, still writes both tabs", async () => {
    const { org, admin, token, channel } = await orgWithChannel("@bench-12");
    await connectGoogle(org.id, admin.session.accessToken, "sheets.keeper@gmail.com");
    const { schedule } = await createSchedule(
      org.id,
      token,
      scheduleBody(channel.id, { ...persistentTo("Two tabs", null) }),
    );
    const sheetId = (await page(org.id, token)).persistentSheets[0]!.id;
    const edit = await call(`/api/orgs/${org.id}/reports/schedules/${schedule.id}`, {
      method: "PATCH",
      body: scheduleBody(channel.id, {
        title: "Renamed",
        ...existingSheet(sheetId),
      }),
      token,
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await page(org.id, token)).schedules[0]).toMatchObject({
      title: "Renamed",
      sheetTabName: null,
      persistentSheet: { sheetName: "Two tabs" },
    });
    // Another schedule's own tab named like a default tab is refused too.
    const clash = await call(`/api/orgs/${org.id}/reports/schedules`, {
      body: scheduleBody(channel.id, {
        title: "Videos only",
        ...existingSheet(sheetId, "Videos"),
      }),
      token,
    });
    expect(clash.status).toBe(409);
  });

  it("a Google failure is recorded on the run with a clear message, and the report files are kept", async () => {
    const { org, admin, token, channel } = await orgWithChannel("@bench-10");
    await connectGoogle(org.id, admin.session.accessToken, "quota.full@gmail.com");
    const id = (
      (
        await call(`/api/orgs/${org.id}/reports/schedules`, {
          body: scheduleBody(channel.id, { dateRange: allTime }),
          token,
        })
      ).json as { schedule: { id: string } }
    ).schedule.id;
    const [run] = await (await contentOf(org.id))
      .insert(schema.scheduleRuns)
      .values({ organizationId: org.id, scheduleId: id, slot: "2026-12-01T00:00:00.000Z" })
      .returning();
    expect((await runScheduleJob(org.id, run!.id)).retryMessages).toEqual([]);
    const view = await page(org.id, token);
    expect(view.schedules[0]!.lastRun).toMatchObject({
      status: "failed",
      sheetUrl: null,
      errorMessage: expect.stringContaining("Drive is full"),
    });
    expect(view.reports[0]).toMatchObject({
      status: "completed",
      googleSheetUrl: null,
      errorMessage: expect.stringContaining("Google Sheets:"),
    });
    expect(view.reports[0]!.files).toHaveLength(3);
  });

  it("without a Google connection the banner shows and runs fail with a reconnect message", async () => {
    const { org, token, channel } = await orgWithChannel("@bench-10");
    expect((await page(org.id, token)).sheetsAvailable).toBe(false);
    const id = (
      (
        await call(`/api/orgs/${org.id}/reports/schedules`, {
          body: scheduleBody(channel.id),
          token,
        })
      ).json as { schedule: { id: string } }
    ).schedule.id;
    const [run] = await (await contentOf(org.id))
      .insert(schema.scheduleRuns)
      .values({ organizationId: org.id, scheduleId: id, slot: "2026-12-01T00:00:00.000Z" })
      .returning();
    await runScheduleJob(org.id, run!.id);
    expect((await page(org.id, token)).schedules[0]!.lastRun).toMatchObject({
      status: "failed",
      errorMessage: expect.stringContaining("No Google account is connected"),
    });
  });

  it("edit, deactivate and delete, only within the organisation", async () => {
    const { org, token, channel } = await orgWithChannel("@bench-10");
    const id = (
      (
        await call(`/api/orgs/${org.id}/reports/schedules`, {
          body: scheduleBody(channel.id),
          token,
        })
      ).json as { schedule: { id: string } }
    ).schedule.id;
    const { platform: _p, ...update } = scheduleBody(channel.id, {
      title: "Weekly now",
      frequency: "weekly",
      dayOfWeek: 5,
      scheduledTime: "12:00",
    });
    expect(
      (
        await call(`/api/orgs/${org.id}/reports/schedules/${id}`, {
          method: "PATCH",
          body: update,
          token,
        })
      ).status,
    ).toBe(200);
    await call(`/api/orgs/${org.id}/reports/schedules/${id}/active`, {
      body: { isActive: false },
      token,
    });
    expect((await page(org.id, token)).schedules[0]).toMatchObject({
      title: "Weekly now",
      frequency: "weekly",
      dayOfWeek: 5,
      scheduledTime: "12:00",
      isActive: false,
    });

    const stranger = await createOrgWithMembers();
    const theirs = stranger.admin.session.accessToken;
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/reports/schedules/${id}`, {
          method: "PATCH",
          body: update,
          token: theirs,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/reports/schedules/${id}/active`, {
          body: { isActive: true },
          token: theirs,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/reports/schedules/delete`, {
          body: { ids: [id] },
          token: theirs,
        })
      ).json,
    ).toEqual({ deleted: 0 });
    expect(
      (await call(`/api/orgs/${org.id}/reports/schedules/delete`, { body: { ids: [id] }, token }))
        .json,
    ).toEqual({ deleted: 1 });
    expect((await page(org.id, token)).schedules).toEqual([]);
  });
});
