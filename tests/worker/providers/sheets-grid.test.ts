import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  RATE_LIMIT_WAITS_MS,
  SheetsClient,
  SheetsError,
} from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { failureOf } from "../support/errors";

const account = () => `grid-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const client = (who: string) =>
  new SheetsClient(providerFetch(env), accessTokenFor(who), { sleep: async () => undefined });
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => [`row ${from + i}`, from + i, "“quoted”, with a comma"]);
const raw = (who: string, path: string, init: RequestInit = {}) =>
  providerFetch(env)(`https://sheets.googleapis.com/v4/spreadsheets${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accessTokenFor(who)}`, "content-type": "application/json" },
  });

describe("the Sheets grid, as Google enforces it", () => {
  it("refuses a write that starts outside the grid with Google's words", async () => {
    const who = account();
    const { spreadsheetId } = await client(who).create(
      "Grid",
      [{ title: "Tab", columns: 26 }],
      "UTC",
    );
    const error = await failureOf(
      client(who).write(spreadsheetId, "Tab", 1001, rows(1)),
      SheetsError,
    );
    expect(error.message).toContain(
      "Range ('Tab'!A1001) exceeds grid limits. Max rows: 1000, max columns: 26",
    );
    // The old export path (values.update at A2002 on a new tab) is exactly this refusal.
    expect(
      (await failureOf(client(who).write(spreadsheetId, "Tab", 2002, rows(1)), SheetsError)).status,
    ).toBe(400);
  });

  it("refuses a cell over 50,000 characters, and writes nothing of that call", async () => {
    const who = account();
    const sheets = client(who);
    const { spreadsheetId } = await sheets.create("Grid", [{ title: "Tab", columns: 3 }], "UTC");
    const error = await failureOf(
      sheets.write(spreadsheetId, "Tab", 1, [["fine"], ["x".repeat(50_001)]]),
      SheetsError,
    );
    expect([error.status, error.kind]).toEqual([400, "invalid"]);
    expect(error.message).toContain(
      "Your input contains more than the maximum of 50000 characters in a single cell.",
    );
    const stored = await sandboxSpreadsheet(env.FILES, who, spreadsheetId);
    expect(stored!.sheets[0]!.values).toEqual([]);
    await sheets.write(spreadsheetId, "Tab", 1, [["x".repeat(50_000)]]);
  });

  it("grows the grid when a write starts inside it and runs past the end", async () => {
    const who = account();
    const sheets = client(who);
    const { spreadsheetId } = await sheets.create("Grid", [{ title: "Tab", columns: 3 }], "UTC");
    await sheets.write(spreadsheetId, "Tab", 999, rows(5));
    const {
      tabs: [tab],
    } = await sheets.outline(spreadsheetId);
    expect(tab!.gridProperties).toEqual({ rowCount: 1003, columnCount: 3 });
  });

  it("appends after the last row, growing the grid, and a clear empties it", async () => {
    const who = account();
    const sheets = client(who);
    const { spreadsheetId } = await sheets.create("Grid", [{ title: "Tab", columns: 3 }], "UTC");
    await sheets.write(spreadsheetId, "Tab", 1, [["Name", "n", "Note"]]);
    for (let i = 0; i < 3; i++) await sheets.append(spreadsheetId, "Tab", rows(700, i * 700));
    let sheet = (await sandboxSpreadsheet(env.FILES, who, spreadsheetId))!;
    expect(sheet.sheets[0]!.values).toHaveLength(2101);
    expect(sheet.sheets[0]!.values[2100]).toEqual(["row 2099", 2099, "“quoted”, with a comma"]);
    expect(sheet.sheets[0]!.rowCount).toBe(2101);
    await sheets.clear(spreadsheetId, "Tab");
    await sheets.write(spreadsheetId, "Tab", 1, [["Name"]]);
    await sheets.append(spreadsheetId, "Tab", rows(2));
    sheet = (await sandboxSpreadsheet(env.FILES, who, spreadsheetId))!;
    expect(sheet.sheets[0]!.values.map((r) => r[0])).toEqual(["Name", "row 0", "row 1"]);
  });

  it("holds a workbook to 10,000,000 cells, every sheet counted, with a clear message", async () => {
    const who = account();
    const sheets = client(who);
    const { spreadsheetId } = await sheets.create("Big", [{ title: "A", columns: 26 }], "UTC");
    const appendRows = (length: number) =>
      raw(who, `/${spreadsheetId}:batchUpdate`, {
        method: "POST",
        body: JSON.stringify({
          requests: [{ appendDimension: { sheetId: 0, dimension: "ROWS", length } }],
        }),
      });
    // 384,000 rows x 26 columns = 9,984,000 cells: allowed.
    expect((await appendRows(383_000)).status).toBe(200);
    // One more sheet of 1,000 x 26 would make 10,010,000.
    const refused = await failureOf(
      sheets.addTab(spreadsheetId, { title: "B", columns: 26 }),
      SheetsError,
    );
    expect(refused).toMatchObject({ kind: "workbook_full", status: 400 });
    expect(refused.message).toContain("at most 10,000,000 cells");
    // A narrower one fits: 9,984,000 + 1,000 x 10.
    await sheets.addTab(spreadsheetId, { title: "C", columns: 10 });
    // 1,700 rows need 701 more grid rows (7,010 cells) than the 6,000 left: refused, nothing written.
    await sheets.write(spreadsheetId, "C", 1, [["heading"]]);
    expect((await failureOf(sheets.append(spreadsheetId, "C", rows(1700)), SheetsError)).kind).toBe(
      "workbook_full",
    );
    const sheet = (await sandboxSpreadsheet(env.FILES, who, spreadsheetId))!;
    expect(sheet.cells).toBe(9_994_000);
    expect(sheet.sheets[1]!.values).toEqual([["heading"]]);
  });
});

describe("a Sheets rate limit (429), as Google advises handling it", () => {
  /** Google's 429 for its per-minute write quota, `refusals` times, then the sandbox itself. */
  const limitedFor = (refusals: number): typeof fetch => {
    let left = refusals;
    const sandbox = providerFetch(env);
    return async (input, init) => {
      if (left-- > 0)
        return Response.json(
          {
            error: {
              code: 429,
              message:
                "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'.",
              status: "RESOURCE_EXHAUSTED",
            },
          },
          { status: 429 },
        );
      return sandbox(input, init);
    };
  };

  it("is waited out with growing waits, and the write then lands", async () => {
    const who = account();
    const { spreadsheetId } = await client(who).create(
      "Limited",
      [{ title: "Tab", columns: 3 }],
      "UTC",
    );
    const waits: number[] = [];
    const limited = new SheetsClient(limitedFor(3), accessTokenFor(who), {
      sleep: async (ms) => void waits.push(ms),
    });
    await limited.append(spreadsheetId, "Tab", rows(5));
    const sheet = (await sandboxSpreadsheet(env.FILES, who, spreadsheetId))!;
    expect(sheet.sheets[0]!.values.map((r) => r[0])).toEqual(rows(5).map((r) => r[0]));
    expect(waits).toHaveLength(3);
    for (const [i, wait] of waits.entries()) {
      expect(wait).toBeGreaterThanOrEqual(RATE_LIMIT_WAITS_MS[i]!);
      expect(wait).toBeLessThan(RATE_LIMIT_WAITS_MS[i]! + 1_000);
    }
  });

  it("fails with our words once about a minute of waits has not freed the quota", async () => {
    const who = `ratelimited-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
    const { spreadsheetId } = await client(who).create(
      "Limited",
      [{ title: "Tab", columns: 3 }],
      "UTC",
    );
    const waits: number[] = [];
    const limited = new SheetsClient(providerFetch(env), accessTokenFor(who), {
      sleep: async (ms) => void waits.push(ms),
    });
    const error = await failureOf(limited.append(spreadsheetId, "Tab", rows(1)), SheetsError);
    expect(error.kind).toBe("rate_limited");
    expect(error.message).toBe(
      "Google Sheets is rate limiting this account; the export will be retried.",
    );
    // Past a whole minute, so the per-minute quota had its chance to come back.
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(60_000);
  });
});
