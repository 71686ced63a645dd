import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { FieldMaskError, partialResponse } from "../fields";
import { stall } from "../seeded";
import { addAppFile } from "./drive-state";
import { applyBatch, batchBody } from "./sheets-batch";
import { type SheetsQuotaRefusal, takeSheetsQuota } from "./sheets-quota";
import {
  a1Name,
  cellCount,
  columnLetters,
  NEW_SHEET_COLUMNS,
  NEW_SHEET_ROWS,
  ownedByAnother,
  parseA1,
  SheetsStore,
  type Spreadsheet,
  WORKBOOK_CELL_LIMIT,
} from "./sheets-store";
import { accountOfAccessToken } from "./tokens";

/*
 * Google Sheets v4 emulator (sheets.v4.json): spreadsheets.create / get / batchUpdate and
 * values.update / append / clear, with Google's grid rules and error bodies. A write that starts
 * outside a sheet's grid is refused ("exceeds grid limits"); one that starts inside and runs past
 * the end grows it; appends grow it; no workbook passes 10,000,000 cells. `fields` gives a
 * partial response. Magic accounts (the address given on the consent page): "quota…" is refused
 * with 403 storageQuotaExceeded when creating; "ratelimited…" gets 429 on every values write;
 * "flaky…" gets 503 on its first OUTAGE_APPENDS appends, then none (a Google outage in the middle
 * of an export, which the client leaves to the queue's retry); "slow-append…",
 * "slow-create…" and "slow-addsheet…" have their first such call applied and then answered only
 * after the client stopped waiting (a lost answer: Google did the work, the client cannot know).
 * Every account also meets Google's per-minute request quotas, per user and for the project
 * (sheets-quota.ts).
 */

export const googleError = (code: number, message: string, status: string, reason?: string) => ({
  error: {
    code,
    message,
    status,
    ...(reason ? { errors: [{ message, domain: "global", reason }] } : {}),
  },
});
const invalid = (c: Context<AppEnv>, message: string) =>
  c.json(googleError(400, message, "INVALID_ARGUMENT"), 400);
export const cellLimitMessage = `This action would increase the number of cells in the workbook above the limit of ${WORKBOOK_CELL_LIMIT} cells.`;

const urlOf = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;
const view = (s: Spreadsheet) => ({
  spreadsheetId: s.spreadsheetId,
  properties: { title: s.title, locale: "en_US", timeZone: s.timeZone, autoRecalc: "ON_CHANGE" },
  sheets: s.sheets.map((sheet, index) => ({
    properties: {
      sheetId: sheet.sheetId,
      title: sheet.title,
      index,
      sheetType: "GRID",
      gridProperties: { rowCount: sheet.rowCount, columnCount: sheet.columnCount },
    },
  })),
  spreadsheetUrl: urlOf(s.spreadsheetId),
});

const gridSchema = z.strictObject({
  rowCount: z.number().int().positive().optional(),
  columnCount: z.number().int().positive().optional(),
});
const createBody = z.strictObject({
  properties: z.strictObject({
    title: z.string().min(1),
    timeZone: z.string().optional(),
    locale: z.string().optional(),
  }),
  sheets: z
    .array(
      z.strictObject({
        properties: z.strictObject({
          title: z.string().min(1),
          gridProperties: gridSchema.optional(),
        }),
      }),
    )
    .optional(),
});
const valuesBody = z.strictObject({
  range: z.string().optional(),
  majorDimension: z.enum(["ROWS", "COLUMNS", "DIMENSION_UNSPECIFIED"]).optional(),
  values: z.array(z.array(z.unknown())),
});
const INPUT_OPTIONS = ["RAW", "USER_ENTERED"];
/** The most characters one cell may hold. */
export const CELL_CHARACTERS = 50_000;

function who(c: Context<AppEnv>) {
  return accountOfAccessToken((c.req.header("authorization") ?? "").replace(/^Bearer /, ""));
}
const unauthenticated = (c: Context<AppEnv>) =>
  c.json(
    googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"),
    401,
  );
const notFound = (c: Context<AppEnv>) =>
  c.json(googleError(404, "Requested entity was not found.", "NOT_FOUND"), 404);
const rateLimited = (
  c: Context<AppEnv>,
  { metric, limit }: SheetsQuotaRefusal = {
    metric: "Write requests",
    limit: "Write requests per minute per user",
  },
) =>
  c.json(
    googleError(
      429,
      `Quota exceeded for quota metric '${metric}' and limit '${limit}'.`,
      "RESOURCE_EXHAUSTED",
    ),
    429,
  );
const unavailable = (c: Context<AppEnv>) =>
  c.json(googleError(503, "The service is currently unavailable.", "UNAVAILABLE"), 503);
/**
 * Appends a "flaky…" account is refused before Google recovers. SheetsClient never repeats an
 * append in place (it may have been applied), so one refusal already sends the run back to the
 * queue, whose retry then completes it.
 */
export const OUTAGE_APPENDS = 1;
/** Whether this append of a "flaky…" account falls in its outage (counted per account). */
async function inOutage(bucket: R2Bucket, account: string): Promise<boolean> {
  const key = `sandbox/google/outages/${account}`;
  const served = Number((await (await bucket.get(key))?.text()) ?? 0);
  if (served >= OUTAGE_APPENDS) return false;
  await bucket.put(key, String(served + 1));
  return true;
}
/** The calls a "slow-<call>…" account gets a lost answer for, once. */
type SlowCall = "append" | "create" | "addsheet";
/** Longer than SheetsClient's 30 s timeout, so the client gives up first even at its default. */
export const SLOW_SHEETS_ANSWER_MS = 40_000;
/** Whether this call of a "slow-<call>…" account is its first of the kind (counted in R2). */
async function slowOnce(bucket: R2Bucket, account: string, call: SlowCall): Promise<boolean> {
  if (!account.startsWith(`slow-${call}`)) return false;
  const key = `sandbox/google/slow/${call}/${encodeURIComponent(account)}`;
  if (await bucket.head(key)) return false;
  await bucket.put(key, "1");
  return true;
}
/**
 * Holds a response until the client gives up (its signal aborts) or SLOW_SHEETS_ANSWER_MS pass:
 * the work is done, the answer comes too late to be read.
 */
const answerLate = (c: Context<AppEnv>) => stall(SLOW_SHEETS_ANSWER_MS, c.req.raw.signal);
const body = async <T extends z.ZodType>(c: Context<AppEnv>, schema: T) =>
  schema.safeParse(await c.req.json().catch(() => null));
const payloadError = (issues: z.core.$ZodIssue[]) =>
  `Invalid JSON payload received. ${issues[0]?.code === "unrecognized_keys" ? `Unknown name "${(issues[0] as { keys: string[] }).keys[0]}"` : `Invalid value at '${issues[0]?.path.join(".") ?? ""}'`}.`;

/** The sheet a range names, after Google's checks ("Unable to parse range"). */
function target(sheet: Spreadsheet, rangeText: string) {
  const range = parseA1(rangeText);
  const tab = range ? sheet.sheets.find((s) => s.title === range.title) : undefined;
  return range && tab ? { range, tab } : null;
}

const BASE = "/sheets.googleapis.com/v4/spreadsheets";
/** The path after /v4/spreadsheets, still percent-encoded (a range may hold "/" or ":"). */
const rawPath = (c: Context<AppEnv>) => {
  const path = new URL(c.req.url).pathname;
  return path.slice(path.indexOf(BASE) + BASE.length);
};

/**
 * values.update and values.append: the grid check, growth, the cell limit, then the write.
 * `appendAt` is set for appends (the first row after the sheet's data).
 */
async function writeRange(
  c: Context<AppEnv>,
  store: SheetsStore,
  sheet: Spreadsheet,
  rangeText: string,
  append: boolean,
) {
  const input = c.req.query("valueInputOption");
  if (!input || !INPUT_OPTIONS.includes(input))
    return invalid(c, "'valueInputOption' is required but not specified");
  if (append && !["OVERWRITE", "INSERT_ROWS", undefined].includes(c.req.query("insertDataOption")))
    return invalid(c, "Invalid value at 'insert_data_option'");
  const found = target(sheet, rangeText);
  if (!found) return invalid(c, `Unable to parse range: ${rangeText}`);
  const parsed = await body(c, valuesBody);
  if (!parsed.success) return invalid(c, payloadError(parsed.error.issues));
  const { range, tab } = found;
  const values = parsed.data.values;
  // Google refuses the whole write for one cell over its limit (not stated in sheets.v4.json;
  // the error as public reports quote it).
  if (values.some((row) => row.some((v) => typeof v === "string" && v.length > CELL_CHARACTERS)))
    return invalid(
      c,
      `Your input contains more than the maximum of ${CELL_CHARACTERS} characters in a single cell.`,
    );
  const startRow = append ? tab.lastRow + 1 : range.row;
  if (!append && (range.row >= tab.rowCount || range.column >= tab.columnCount))
    return invalid(
      c,
      `Range (${rangeText}) exceeds grid limits. Max rows: ${tab.rowCount}, max columns: ${tab.columnCount}`,
    );
  const width = Math.max(0, ...values.map((r) => r.length));
  // INSERT_ROWS inserts fresh rows for the data; OVERWRITE fills empty ones and grows if needed.
  const rows =
    append && c.req.query("insertDataOption") === "INSERT_ROWS"
      ? tab.rowCount + values.length
      : Math.max(tab.rowCount, startRow + values.length);
  const columns = Math.max(tab.columnCount, range.column + width);
  const grown = cellCount(sheet) - tab.rowCount * tab.columnCount + rows * columns;
  if (grown > WORKBOOK_CELL_LIMIT) return invalid(c, cellLimitMessage);
  const tableRange =
    tab.lastRow >= 0
      ? a1Name(tab.title, "A1", `${columnLetters(columns - 1)}${tab.lastRow + 1}`)
      : "";
  tab.rowCount = rows;
  tab.columnCount = columns;
  if (values.length) {
    await store.writeValues(sheet.spreadsheetId, tab.sheetId, startRow, range.column, values);
    tab.lastRow = Math.max(tab.lastRow, startRow + values.length - 1);
  }
  await store.save(sheet);
  const updated = {
    spreadsheetId: sheet.spreadsheetId,
    updatedRange: a1Name(
      tab.title,
      `${columnLetters(range.column)}${startRow + 1}`,
      `${columnLetters(range.column + Math.max(1, width) - 1)}${startRow + Math.max(1, values.length)}`,
    ),
    updatedRows: values.length,
    updatedColumns: width,
    updatedCells: values.reduce((s, r) => s + r.length, 0),
  };
  return c.json(
    append
      ? {
          spreadsheetId: sheet.spreadsheetId,
          ...(tableRange ? { tableRange } : {}),
          updates: updated,
        }
      : updated,
  );
}

export const googleSheetsSandbox = new Hono<AppEnv>()
  .post(BASE, async (c) => {
    const account = who(c);
    if (!account) return unauthenticated(c);
    const refusal = takeSheetsQuota("write", account);
    if (refusal) return rateLimited(c, refusal);
    // A full Drive. Google's answers carry `errors[]` only some of the time: an account named
    // quota-bare… gets the bare form (code, message, status), the others the reason too.
    if (account.startsWith("quota"))
      return c.json(
        googleError(
          403,
          "The user's Drive storage quota has been exceeded.",
          "PERMISSION_DENIED",
          account.startsWith("quota-bare") ? undefined : "storageQuotaExceeded",
        ),
        403,
      );
    const parsed = await body(c, createBody);
    if (!parsed.success) return invalid(c, payloadError(parsed.error.issues));
    const id = `sbx${crypto.randomUUID().replace(/-/g, "")}`;
    const tabs = parsed.data.sheets ?? [{ properties: { title: "Sheet1" } }];
    const sheet: Spreadsheet = {
      spreadsheetId: id,
      title: parsed.data.properties.title,
      timeZone: parsed.data.properties.timeZone ?? "America/Los_Angeles",
      sheets: tabs.map((t, i) => ({
        sheetId: i === 0 ? 0 : 100_000 + i,
        title: t.properties.title,
        rowCount: t.properties.gridProperties?.rowCount ?? NEW_SHEET_ROWS,
        columnCount: t.properties.gridProperties?.columnCount ?? NEW_SHEET_COLUMNS,
        lastRow: -1,
      })),
    };
    if (new Set(sheet.sheets.map((s) => s.title)).size !== sheet.sheets.length)
      return invalid(c, "Invalid spreadsheet: A sheet with that name already exists.");
    if (cellCount(sheet) > WORKBOOK_CELL_LIMIT) return invalid(c, cellLimitMessage);
    const created = new SheetsStore(c.env.FILES, account);
    await created.save(sheet);
    await created.own(id);
    await addAppFile(c.env.FILES, account, {
      id,
      name: sheet.title,
      mimeType: "application/vnd.google-apps.spreadsheet",
    });
    if (await slowOnce(c.env.FILES, account, "create")) await answerLate(c);
    return c.json(view(sheet));
  })
  .on(["GET", "POST", "PUT"], `${BASE}/*`, async (c) => {
    const account = who(c);
    if (!account) return unauthenticated(c);
    const refusal = takeSheetsQuota(c.req.method === "GET" ? "read" : "write", account);
    if (refusal) return rateLimited(c, refusal);
    const store = new SheetsStore(c.env.FILES, account);
    const path = rawPath(c);
    const get = c.req.method === "GET" ? /^\/([^/:]+)$/.exec(path) : null;
    const batch = c.req.method === "POST" ? /^\/([^/:]+):batchUpdate$/.exec(path) : null;
    const values =
      c.req.method === "PUT"
        ? /^\/([^/:]+)\/values\/([^/]+)()$/.exec(path)
        : c.req.method === "POST"
          ? /^\/([^/:]+)\/values\/([^/]+):(append|clear)$/.exec(path)
          : null;
    const id = get?.[1] ?? batch?.[1] ?? values?.[1];
    const sheet = id ? await store.load(decodeURIComponent(id)) : null;
    // A spreadsheet of another account is not hidden as Drive hides a file: Sheets answers 403
    // "The caller does not have permission" (PERMISSION_DENIED), which is what a schedule meets
    // after the organisation reconnects Google with another account.
    if (!sheet && id && (await ownedByAnother(c.env.FILES, account, decodeURIComponent(id))))
      return c.json(
        googleError(403, "The caller does not have permission", "PERMISSION_DENIED"),
        403,
      );
    if (!sheet) return notFound(c);
    if (get) {
      try {
        return c.json(partialResponse(view(sheet), c.req.query("fields")));
      } catch (error) {
        if (error instanceof FieldMaskError) return invalid(c, error.message);
        throw error;
      }
    }
    if (batch) {
      const parsed = await body(c, batchBody);
      if (!parsed.success) return invalid(c, payloadError(parsed.error.issues));
      const outcome = applyBatch(sheet, parsed.data.requests);
      if ("error" in outcome) return invalid(c, outcome.error);
      for (const sheetId of outcome.deleted) await store.clearValues(sheet.spreadsheetId, sheetId);
      await store.save(outcome.next);
      if (
        parsed.data.requests.some((r) => "addSheet" in r) &&
        (await slowOnce(c.env.FILES, account, "addsheet"))
      )
        await answerLate(c);
      return c.json({ spreadsheetId: sheet.spreadsheetId, replies: outcome.replies });
    }
    if (!values) return notFound(c);
    if (account.startsWith("ratelimited")) return rateLimited(c);
    if (
      account.startsWith("flaky") &&
      values[3] === "append" &&
      (await inOutage(c.env.FILES, account))
    )
      return unavailable(c);
    const rangeText = decodeURIComponent(values[2]!);
    if (values[3] === "clear") {
      const found = target(sheet, rangeText);
      if (!found) return invalid(c, `Unable to parse range: ${rangeText}`);
      await store.clearValues(sheet.spreadsheetId, found.tab.sheetId);
      found.tab.lastRow = -1;
      await store.save(sheet);
      return c.json({
        spreadsheetId: sheet.spreadsheetId,
        clearedRange: a1Name(
          found.tab.title,
          "A1",
          `${columnLetters(found.tab.columnCount - 1)}${found.tab.rowCount}`,
        ),
      });
    }
    const append = values[3] === "append";
    const answer = await writeRange(c, store, sheet, rangeText, append);
    if (append && answer.status === 200 && (await slowOnce(c.env.FILES, account, "append")))
      await answerLate(c);
    return answer;
  });

/** What a spreadsheet holds, by id (for tests): its grid and every sheet's rows. */
export async function sandboxSpreadsheet(bucket: R2Bucket, account: string, id: string) {
  const store = new SheetsStore(bucket, account);
  const sheet = await store.load(id);
  if (!sheet) return null;
  const sheets = [];
  for (const tab of sheet.sheets)
    sheets.push({ ...tab, values: await store.readValues(id, tab.sheetId, tab.lastRow) });
  return { ...sheet, sheets, cells: cellCount(sheet) };
}
