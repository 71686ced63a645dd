import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deleteFile } from "../../../worker/providers/google/drive";
import { SheetsClient, SheetsError } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { failureOf } from "../support/errors";

/*
 * Drive's files.delete "permanently deletes a file owned by the user without moving it to the
 * trash" (drive.v3.json): a deleted spreadsheet is gone from Sheets too, which answers 404.
 */

const account = () => `drive-del-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const get = async (who: string, id: string) => {
  const res = await providerFetch(env)(`https://sheets.googleapis.com/v4/spreadsheets/${id}`, {
    headers: { authorization: `Bearer ${accessTokenFor(who)}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe("a spreadsheet deleted through Drive", () => {
  it("answers 404 NOT_FOUND on spreadsheets.get; another spreadsheet keeps its rows", async () => {
    const who = account();
    const sheets = new SheetsClient(providerFetch(env), accessTokenFor(who));
    const doomed = await sheets.create("Doomed", [{ title: "Data", columns: 2 }], "UTC");
    const kept = await sheets.create("Kept", [{ title: "Data", columns: 2 }], "UTC");
    for (const { spreadsheetId } of [doomed, kept])
      await sheets.append(spreadsheetId, "Data", [
        ["a", 1],
        ["b", 2],
      ]);
    expect((await get(who, doomed.spreadsheetId)).status).toBe(200);

    await deleteFile(providerFetch(env), accessTokenFor(who), doomed.spreadsheetId);

    expect(await get(who, doomed.spreadsheetId)).toEqual({
      status: 404,
      body: {
        error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" },
      },
    });
    expect(
      await failureOf(sheets.append(doomed.spreadsheetId, "Data", [["c", 3]]), SheetsError),
    ).toMatchObject({ kind: "not_found", status: 404 });
    // Deleting one spreadsheet leaves the others as they were.
    expect((await get(who, kept.spreadsheetId)).status).toBe(200);
    expect(
      (await sandboxSpreadsheet(env.FILES, who, kept.spreadsheetId))!.sheets.map((s) => s.values),
    ).toEqual([
      [
        ["a", 1],
        ["b", 2],
      ],
    ]);
  });
});
