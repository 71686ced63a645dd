import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { persistentSheetMade, reportsPage } from "../support/reports";

/*
 * "Update the same sheet" when the person deleted that spreadsheet: the next run creates it again
 * (same name, same tab), the Recurring Reports list shows its new address, and the run's rows
 * are in it.
 */

const idOf = (url: string) => /\/d\/([^/]+)\//.exec(url)![1]!;

describe("a persistent spreadsheet deleted between runs", () => {
  it("is created again by the next run, with a new address", { timeout: 120_000 }, async () => {
    const account = `regrow-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const { org, token, adminToken, nextRun, first, firstId } = await persistentSheetMade(account);
    const page = () => reportsPage(org.id, token);
    const stored = async () =>
      (await (await contentOf(org.id)).select().from(schema.persistentSheets)).map((s) => ({
        id: s.id,
        spreadsheetId: s.spreadsheetId,
        spreadsheetUrl: s.spreadsheetUrl,
      }));
    expect(await stored()).toEqual([
      { id: first.id, spreadsheetId: firstId, spreadsheetUrl: first.spreadsheetUrl },
    ]);

    // An administrator deletes the spreadsheet in the storage manager.
    const del = await call(`/api/orgs/${org.id}/storage/delete`, {
      body: { fileIds: [firstId] },
      token: adminToken,
    });
    expect(del.json).toMatchObject({ deleted: 1, requested: 1 });

    await nextRun();

    const view = await page();
    expect(view.schedules[0]!.lastRun).toMatchObject({ status: "succeeded", rowCount: 40 });
    const again = view.schedules[0]!.persistentSheet!;
    expect(again).toMatchObject({ id: first.id, sheetName: "Channel tracker" });
    expect(again.spreadsheetUrl).not.toBe(first.spreadsheetUrl);
    const againId = idOf(again.spreadsheetUrl!);
    expect(againId).not.toBe(firstId);
    expect(await stored()).toEqual([
      { id: first.id, spreadsheetId: againId, spreadsheetUrl: again.spreadsheetUrl },
    ]);
    expect(view.schedules[0]!.lastRun!.sheetUrl).toContain(againId);
    const sheet = (await sandboxSpreadsheet(env.FILES, account, againId))!;
    expect(sheet.title).toBe("Channel tracker");
    expect(sheet.sheets.map((s) => [s.title, s.values.length])).toEqual([["Data", 41]]);
    expect(sheet.sheets[0]!.values[0]![0]).toBe("Video Title");
  });
});
