import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SPREADSHEET_OF_ANOTHER_ACCOUNT } from "../../../worker/features/reports/schedule-run";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { connectGoogle } from "../support/google";
import { call } from "../support/http";
import { persistentSheetMade, reportsPage } from "../support/reports";

/*
 * "Update the same sheet" after the organisation reconnected Google with another account: Drive
 * hides the old account's spreadsheet (404) but Sheets answers 403 "The caller does not have
 * permission" for it. The run fails saying what to do, and makes no second spreadsheet in the
 * new account (which would split the schedule's sheet in two without a word).
 */

describe("a persistent spreadsheet of another Google account", () => {
  it("is answered 403 by Sheets, and the run says what to do", { timeout: 120_000 }, async () => {
    const first = `owner-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const second = `other-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const { org, token, adminToken, nextRun, firstId } = await persistentSheetMade(first);
    await connectGoogle(org.id, adminToken, second);

    // The emulator as Google answers: 403 for a spreadsheet the caller may not open.
    const tokenOf = await call(`/api/orgs/${org.id}/google`, { token: adminToken });
    expect(tokenOf.json).toMatchObject({ email: second });

    await nextRun();

    const view = await reportsPage(org.id, token);
    expect(view.schedules[0]!.lastRun).toMatchObject({
      status: "failed",
      errorMessage: SPREADSHEET_OF_ANOTHER_ACCOUNT,
    });
    // Still the first account's spreadsheet, untouched, and none made for the second.
    expect(view.schedules[0]!.persistentSheet!.spreadsheetUrl).toContain(firstId);
    expect((await sandboxSpreadsheet(env.FILES, first, firstId))!.sheets[0]!.values).toHaveLength(
      41,
    );
    const secondsFiles = await env.FILES.list({
      prefix: `sandbox/google/${encodeURIComponent(second)}/sheets/`,
    });
    expect(secondsFiles.objects).toEqual([]);
  });
});
