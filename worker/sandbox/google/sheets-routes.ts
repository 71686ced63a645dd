import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { loadDrive, saveDrive } from "./drive-state";
import { accountOfAccessToken } from "./tokens";

/*
 * Google Sheets v4 emulator: spreadsheets.create / get / batchUpdate (addSheet, deleteSheet),
 * values.update (valueInputOption required) and values.clear, with Google's error bodies.
 * Spreadsheets are kept in R2 under sandbox/google/<account>/sheets/<id>.json and appear in the
 * account's Drive, as files created with drive.file do. Magic accounts (by the address the
 * consent page was given): "quota…" is refused with 403 storageQuotaExceeded when creating;
 * "ratelimited…" gets 429 RESOURCE_EXHAUSTED on every values write.
 */

type Sheet = { sheetId: number; title: string; values: unknown[][] };
type Spreadsheet = { spreadsheetId: string; title: string; timeZone: string; sheets: Sheet[] };

const key = (account: string, id: string) =>
  `sandbox/google/${encodeURIComponent(account)}/sheets/${id}.json`;
const urlOf = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;
const googleError = (code: number, message: string, status: string, reason?: string) => ({
  error: {
    code,
    message,
    status,
    ...(reason ? { errors: [{ message, domain: "global", reason }] } : {}),
  },
});

function account(c: Context<AppEnv>) {
  return accountOfAccessToken((c.req.header("authorization") ?? "").replace(/^Bearer /, ""));
}

async function load(c: Context<AppEnv>, who: string, id: string): Promise<Spreadsheet | null> {
  const object = await c.env.FILES.get(key(who, id));
  return object ? ((await object.json()) as Spreadsheet) : null;
}
const save = (c: Context<AppEnv>, who: string, sheet: Spreadsheet) =>
  c.env.FILES.put(key(who, sheet.spreadsheetId), JSON.stringify(sheet), {
    httpMetadata: { contentType: "application/json" },
  });

const view = (s: Spreadsheet) => ({
  spreadsheetId: s.spreadsheetId,
  properties: { title: s.title, locale: "en_US", timeZone: s.timeZone, autoRecalc: "ON_CHANGE" },
  sheets: s.sheets.map((sheet, index) => ({
    properties: {
      sheetId: sheet.sheetId,
      title: sheet.title,
      index,
      sheetType: "GRID",
      gridProperties: { rowCount: Math.max(1000, sheet.values.length), columnCount: 26 },
    },
  })),
  spreadsheetUrl: urlOf(s.spreadsheetId),
});

/** "Videos!A1", "'My tab'!A5" or "Videos": the tab and the first row (1-based). */
function parseRange(range: string): { title: string; row: number } | null {
  const m = /^(?:'((?:[^']|'')+)'|([^!]+))(?:!([A-Z]+)(\d+)(?::[A-Z]+\d*)?)?$/.exec(range);
  if (!m) return null;
  return { title: (m[1] ?? m[2] ?? "").replace(/''/g, "'"), row: m[4] ? Number(m[4]) : 1 };
}

const createBody = z.object({
  properties: z.object({ title: z.string().min(1), timeZone: z.string().optional() }),
  sheets: z.array(z.object({ properties: z.object({ title: z.string().min(1) }) })).optional(),
});
const batchBody = z.object({
  requests: z
    .array(
      z.union([
        z.object({ addSheet: z.object({ properties: z.object({ title: z.string().min(1) }) }) }),
        z.object({ deleteSheet: z.object({ sheetId: z.number() }) }),
      ]),
    )
    .min(1),
});
const valuesBody = z.object({
  range: z.string().optional(),
  majorDimension: z.literal("ROWS").optional(),
  values: z.array(z.array(z.unknown())),
});

const BASE = "/sheets.googleapis.com/v4/spreadsheets";

export const googleSheetsSandbox = new Hono<AppEnv>()
  .post(BASE, async (c) => {
    const who = account(c);
    if (!who)
      return c.json(
        googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"),
        401,
      );
    if (who.startsWith("quota"))
      return c.json(
        googleError(
          403,
          "The user's Drive storage quota has been exceeded.",
          "PERMISSION_DENIED",
          "storageQuotaExceeded",
        ),
        403,
      );
    const body = createBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json(googleError(400, "Invalid JSON payload received.", "INVALID_ARGUMENT"), 400);
    const id = `sbx${crypto.randomUUID().replace(/-/g, "")}`;
    const titles = body.data.sheets?.map((s) => s.properties.title) ?? ["Sheet1"];
    const sheet: Spreadsheet = {
      spreadsheetId: id,
      title: body.data.properties.title,
      timeZone: body.data.properties.timeZone ?? "America/Los_Angeles",
      sheets: titles.map((title, i) => ({ sheetId: i === 0 ? 0 : 100_000 + i, title, values: [] })),
    };
    await save(c, who, sheet);
    const drive = await loadDrive(c.env.FILES, who);
    await saveDrive(c.env.FILES, who, [
      {
        id,
        name: sheet.title,
        mimeType: "application/vnd.google-apps.spreadsheet",
        createdTime: new Date().toISOString(),
      },
      ...drive,
    ]);
    return c.json(view(sheet));
  })
  .get(`${BASE}/:id`, async (c) => {
    const who = account(c);
    if (!who)
      return c.json(
        googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"),
        401,
      );
    const sheet = await load(c, who, c.req.param("id"));
    return sheet
      ? c.json(view(sheet))
      : c.json(googleError(404, "Requested entity was not found.", "NOT_FOUND"), 404);
  })
  // ":batchUpdate", ":clear" are part of the last path segment, as in Google's URLs.
  .post(`${BASE}/:rest{.+}`, async (c) => {
    const who = account(c);
    if (!who)
      return c.json(
        googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"),
        401,
      );
    const rest = c.req.param("rest");
    const batch = /^([^/]+):batchUpdate$/.exec(rest);
    const clear = /^([^/]+)\/values\/(.+):clear$/.exec(rest);
    const id = batch?.[1] ?? clear?.[1];
    const sheet = id ? await load(c, who, id) : null;
    if (!sheet)
      return c.json(googleError(404, "Requested entity was not found.", "NOT_FOUND"), 404);
    if (batch) {
      const body = batchBody.safeParse(await c.req.json().catch(() => null));
      if (!body.success)
        return c.json(googleError(400, "Invalid JSON payload received.", "INVALID_ARGUMENT"), 400);
      const next = structuredClone(sheet);
      const replies: unknown[] = [];
      for (const [i, request] of body.data.requests.entries()) {
        if ("addSheet" in request) {
          const title = request.addSheet.properties.title;
          // Atomic, like the real batch: one failing request applies none.
          if (next.sheets.some((s) => s.title === title))
            return c.json(
              googleError(
                400,
                `Invalid requests[${i}].addSheet: A sheet with the name "${title}" already exists. Please enter another name.`,
                "INVALID_ARGUMENT",
              ),
              400,
            );
          const sheetId = Math.max(0, ...next.sheets.map((s) => s.sheetId)) + 1;
          next.sheets.push({ sheetId, title, values: [] });
          replies.push({
            addSheet: {
              properties: { sheetId, title, index: next.sheets.length - 1, sheetType: "GRID" },
            },
          });
        } else {
          if (next.sheets.length === 1)
            return c.json(
              googleError(
                400,
                `Invalid requests[${i}].deleteSheet: You can't remove all the sheets in a document.`,
                "INVALID_ARGUMENT",
              ),
              400,
            );
          if (!next.sheets.some((s) => s.sheetId === request.deleteSheet.sheetId))
            return c.json(
              googleError(
                400,
                `Invalid requests[${i}].deleteSheet: No grid with id: ${request.deleteSheet.sheetId}`,
                "INVALID_ARGUMENT",
              ),
              400,
            );
          next.sheets = next.sheets.filter((s) => s.sheetId !== request.deleteSheet.sheetId);
          replies.push({});
        }
      }
      await save(c, who, next);
      return c.json({ spreadsheetId: next.spreadsheetId, replies });
    }
    if (who.startsWith("ratelimited"))
      return c.json(
        googleError(
          429,
          "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'.",
          "RESOURCE_EXHAUSTED",
        ),
        429,
      );
    const range = parseRange(decodeURIComponent(clear![2]!));
    const tab = range ? sheet.sheets.find((s) => s.title === range.title) : undefined;
    if (!range || !tab)
      return c.json(
        googleError(
          400,
          `Unable to parse range: ${decodeURIComponent(clear![2]!)}`,
          "INVALID_ARGUMENT",
        ),
        400,
      );
    tab.values = [];
    await save(c, who, sheet);
    return c.json({ spreadsheetId: sheet.spreadsheetId, clearedRange: `${tab.title}!A1:Z1000` });
  })
  .put(`${BASE}/:id/values/:range`, async (c) => {
    const who = account(c);
    if (!who)
      return c.json(
        googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"),
        401,
      );
    if (who.startsWith("ratelimited"))
      return c.json(
        googleError(
          429,
          "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'.",
          "RESOURCE_EXHAUSTED",
        ),
        429,
      );
    const input = c.req.query("valueInputOption");
    if (input !== "RAW" && input !== "USER_ENTERED")
      return c.json(
        googleError(400, "'valueInputOption' is required but not specified", "INVALID_ARGUMENT"),
        400,
      );
    const sheet = await load(c, who, c.req.param("id"));
    if (!sheet)
      return c.json(googleError(404, "Requested entity was not found.", "NOT_FOUND"), 404);
    const rangeText = decodeURIComponent(c.req.param("range"));
    const range = parseRange(rangeText);
    const tab = range ? sheet.sheets.find((s) => s.title === range.title) : undefined;
    if (!range || !tab)
      return c.json(
        googleError(400, `Unable to parse range: ${rangeText}`, "INVALID_ARGUMENT"),
        400,
      );
    const body = valuesBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json(googleError(400, "Invalid JSON payload received.", "INVALID_ARGUMENT"), 400);
    body.data.values.forEach((row, i) => {
      tab.values[range.row - 1 + i] = row;
    });
    await save(c, who, sheet);
    const columns = Math.max(0, ...body.data.values.map((r) => r.length));
    return c.json({
      spreadsheetId: sheet.spreadsheetId,
      updatedRange: rangeText,
      updatedRows: body.data.values.length,
      updatedColumns: columns,
      updatedCells: body.data.values.reduce((s, r) => s + r.length, 0),
    });
  });

/** What a spreadsheet holds (for tests and the sandbox README), by its id. */
export async function sandboxSpreadsheet(
  bucket: R2Bucket,
  accountEmail: string,
  id: string,
): Promise<Spreadsheet | null> {
  const object = await bucket.get(key(accountEmail, id));
  return object ? ((await object.json()) as Spreadsheet) : null;
}
