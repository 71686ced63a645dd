import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { providerFetch } from "../../../worker/providers/transport";
import { loadDrive } from "../../../worker/sandbox/google/drive-state";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { persistentSheetMade, reportsPage } from "../support/reports";

/*
 * "Update the same sheet" when the person removed that spreadsheet in Drive's web UI, which moves
 * it to the trash (it keeps its id for 30 days, and Sheets still answers for it): the next run
 * creates a new one and records it, rather than writing into the trash (audit F3).
 */

const idOf = (url: string) => /\/d\/([^/]+)\//.exec(url)![1]!;

describe("a persistent spreadsheet moved to the Drive trash between runs", () => {
  it("is created again by the next run; the trashed one is left as it was", async () => {
    const account = `trash-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const { org, token, adminToken, nextRun, first, firstId } = await persistentSheetMade(account);

    // The person removes it in Drive: Drive's UI trashes the file (files.update trashed: true).
    const trashed = await providerFetch(env)(
      `https://www.googleapis.com/drive/v3/files/${firstId}?fields=id,trashed`,
      {
        method: "PATCH",
        headers: {
          authorization: `Bearer ${accessTokenFor(account)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ trashed: true }),
      },
    );
    expect(await trashed.json()).toEqual({ id: firstId, trashed: true });
    // The storage manager lists only what is not in the trash, as before.
    const listed = await call(`/api/orgs/${org.id}/storage/files`, { token: adminToken });
    expect((listed.json as { files: Array<{ id: string }> }).files.map((f) => f.id)).not.toContain(
      firstId,
    );

    await nextRun();

    const view = await reportsPage(org.id, token);
    expect(view.schedules[0]!.lastRun).toMatchObject({ status: "succeeded", rowCount: 40 });
    const again = view.schedules[0]!.persistentSheet!;
    expect(again).toMatchObject({ id: first.id, sheetName: "Channel tracker" });
    const againId = idOf(again.spreadsheetUrl!);
    expect(againId).not.toBe(firstId);
    const [stored] = await (await contentOf(org.id)).select().from(schema.persistentSheets);
    expect(stored).toMatchObject({ spreadsheetId: againId, spreadsheetUrl: again.spreadsheetUrl });
    expect(view.schedules[0]!.lastRun!.sheetUrl).toContain(againId);
    const sheet = (await sandboxSpreadsheet(env.FILES, account, againId))!;
    expect(sheet.title).toBe("Channel tracker");
    expect(sheet.sheets.map((s) => [s.title, s.values.length])).toEqual([["Data", 41]]);

    // The trashed spreadsheet is still in the trash with the first run's rows, untouched.
    const drive = await loadDrive(env.FILES, account);
    expect(drive.find((f) => f.id === firstId)).toMatchObject({ trashed: true });
    expect(drive.find((f) => f.id === againId)).toMatchObject({ trashed: false });
    const old = (await sandboxSpreadsheet(env.FILES, account, firstId))!;
    expect(old.sheets.map((s) => [s.title, s.values.length])).toEqual([["Data", 41]]);
  });
});
