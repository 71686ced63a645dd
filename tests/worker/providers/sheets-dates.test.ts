import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { providerFetch } from "../../../worker/providers/transport";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { SheetsStore } from "../../../worker/sandbox/google/sheets-store";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { call } from "../support/http";
import {
  allTime,
  orgWithChannel,
  persistentSheetMade,
  reportsPage,
  runScheduleJob,
  scheduleBody,
  slotRun,
} from "../support/reports";
import { wallClock } from "../support/wall-clock";

/*
 * Dates in a Sheets export are Sheets dates: serial numbers shown by a date-time format, on the
 * wall clock of the spreadsheet's time zone, so the sheet sorts, filters and charts them as dates.
 */

const idOf = (url: string) => /\/d\/([^/]+)\//.exec(url)![1]!;
const PUBLISHED = 16;
const LAST_UPDATED = 17;

/** The wall clock a Sheets serial number shows ("2026-11-28 09:30:00"), read back independently. */
const shownAs = (serial: number) =>
  new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 19).replace("T", " ");
/** The wall clock of an instant in a zone, in the same order ("2026-11-28 01:30:00"). */
const wallIn = (iso: string, timeZone: string) => {
  const w = wallClock(new Date(iso), timeZone);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
};

async function videosByExternalId(organizationId: string) {
  const rows = await (await contentOf(organizationId)).select().from(schema.videos);
  return new Map(rows.map((v) => [v.externalId, v]));
}

describe("dates in a Google Sheets export", () => {
  it("are serial numbers in the spreadsheet's zone, with a date-time format over their rows", async () => {
    const account = `dates-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const { org, admin, token, channel } = await orgWithChannel("@bench-30");
    await connectGoogle(org.id, admin.session.accessToken, account);
    const created = await call(`/api/orgs/${org.id}/reports/schedules`, {
      body: scheduleBody(channel.id, { dateRange: allTime }),
      token,
    });
    const scheduleId = (created.json as { schedule: { id: string } }).schedule.id;
    const run = await slotRun(org.id, scheduleId, "2026-12-01T00:00:00.000Z");
    expect((await runScheduleJob(org.id, run.runId)).retryMessages).toEqual([]);
    const url = (await reportsPage(org.id, token)).schedules[0]!.lastRun!.sheetUrl!;
    const sheet = (await sandboxSpreadsheet(env.FILES, account, idOf(url)))!;
    // The spreadsheet is made in the organisation's zone (the default, Los Angeles).
    expect(sheet.timeZone).toBe("America/Los_Angeles");

    const [channels, videos] = sheet.sheets;
    const [heading, ...rows] = videos!.values;
    expect([heading![PUBLISHED], heading![LAST_UPDATED]]).toEqual(["Published", "Last Updated"]);
    expect(rows).toHaveLength(30);
    const stored = await videosByExternalId(org.id);
    for (const row of rows) {
      const video = stored.get(String(row[1]))!;
      expect(typeof row[PUBLISHED]).toBe("number");
      expect(shownAs(row[PUBLISHED] as number)).toBe(
        wallIn(video.publishDate.toISOString(), "America/Los_Angeles"),
      );
      expect(shownAs(row[LAST_UPDATED] as number)).toBe(
        wallIn(video.lastUpdated!.toISOString(), "America/Los_Angeles"),
      );
    }
    // Both date columns of the videos tab, rows 2 to 31, and the channels tab's Last Updated.
    const dateTime = { type: "DATE_TIME", pattern: "yyyy-mm-dd hh:mm:ss" };
    expect(videos!.numberFormats).toEqual([
      { startRow: 1, endRow: 31, startColumn: PUBLISHED, endColumn: PUBLISHED + 1, ...dateTime },
      {
        startRow: 1,
        endRow: 31,
        startColumn: LAST_UPDATED,
        endColumn: LAST_UPDATED + 1,
        ...dateTime,
      },
    ]);
    const channelsHeading = channels!.values[0]!;
    const channelDate = channelsHeading.indexOf("Last Updated");
    expect(typeof channels!.values[1]![channelDate]).toBe("number");
    expect(channels!.numberFormats).toEqual([
      { startRow: 1, endRow: 2, startColumn: channelDate, endColumn: channelDate + 1, ...dateTime },
    ]);
  });

  it("follow the zone the person gave the spreadsheet since, on the next run", async () => {
    const account = `dates-zone-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const { org, schedule, runJob, firstId } = await persistentSheetMade(account);
    // The person sets the spreadsheet's zone to India in Sheets (File > Settings).
    const store = new SheetsStore(env.FILES, account);
    const kept = (await store.load(firstId))!;
    await store.save({ ...kept, timeZone: "Asia/Kolkata" });

    const run = await slotRun(org.id, schedule.id, "2026-12-02T00:00:00.000Z");
    await runJob(run.runId);
    const sheet = (await sandboxSpreadsheet(env.FILES, account, firstId))!;
    const [heading, ...rows] = sheet.sheets[0]!.values;
    const published = heading!.indexOf("Published");
    const stored = await videosByExternalId(org.id);
    expect(rows).toHaveLength(40);
    for (const row of rows)
      expect(shownAs(row[published] as number)).toBe(
        wallIn(stored.get(String(row[1]))!.publishDate.toISOString(), "Asia/Kolkata"),
      );
  });
});

describe("the Sheets emulator's repeatCell", () => {
  it("refuses a format that reaches past the grid, naming the range, and applies nothing", async () => {
    const account = `grid-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const token = accessTokenFor(account);
    const google = (path: string, body: unknown) =>
      providerFetch(env)(`https://sheets.googleapis.com/v4/spreadsheets${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const made = (await (
      await google("", {
        properties: { title: "Grid" },
        sheets: [{ properties: { title: "Tab", gridProperties: { columnCount: 3 } } }],
      })
    ).json()) as { spreadsheetId: string; sheets: { properties: { sheetId: number } }[] };
    const sheetId = made.sheets[0]!.properties.sheetId;
    const format = (endRowIndex: number) => ({
      repeatCell: {
        range: { sheetId, startRowIndex: 1, endRowIndex, startColumnIndex: 2, endColumnIndex: 3 },
        cell: { userEnteredFormat: { numberFormat: { type: "DATE_TIME" } } },
        fields: "userEnteredFormat.numberFormat",
      },
    });
    const refused = await google(`/${made.spreadsheetId}:batchUpdate`, {
      requests: [format(10), format(1001)],
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 400,
        status: "INVALID_ARGUMENT",
        message:
          "Invalid requests[1].repeatCell: Range (Tab!C2:C1001) exceeds grid limits. Max rows: 1000, max columns: 3",
      },
    });
    // A format without its type is refused too ("When writing, this field must be set").
    const untyped = await google(`/${made.spreadsheetId}:batchUpdate`, {
      requests: [
        {
          repeatCell: {
            ...format(10).repeatCell,
            cell: { userEnteredFormat: { numberFormat: { pattern: "yyyy" } } },
          },
        },
      ],
    });
    expect(untyped.status).toBe(400);
    const sheet = (await sandboxSpreadsheet(env.FILES, account, made.spreadsheetId))!;
    expect(sheet.sheets[0]!.numberFormats ?? []).toEqual([]);
  });
});
