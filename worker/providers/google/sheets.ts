import { z } from "zod";
import type { Fetcher } from "../transport";

/*
 * Google Sheets v4: the calls recurring exports make. Values are written RAW (nothing a cell holds
 * is ever evaluated as a formula). Errors become SheetsError with a message a user can act on.
 */

const BASE = "https://sheets.googleapis.com/v4/spreadsheets";

const sheetPropertiesSchema = z.object({
  sheetId: z.number(),
  title: z.string(),
  gridProperties: z.object({ rowCount: z.number(), columnCount: z.number() }).partial().optional(),
});
const spreadsheetSchema = z.object({
  spreadsheetId: z.string(),
  sheets: z.array(z.object({ properties: sheetPropertiesSchema })).default([]),
});
/**
 * A partial response (`fields=sheets.properties(...)`) holds only what was asked for: no
 * spreadsheetId, and no `sheets` key at all if the spreadsheet somehow had none.
 */
const outlineSchema = z.object({
  properties: z.object({ timeZone: z.string().optional() }).optional(),
  sheets: z.array(z.object({ properties: sheetPropertiesSchema })).default([]),
});
/** A tab to create: its title and how many columns its table needs (the grid is cut to fit). */
export type NewTab = { title: string; columns: number };
/** A column of dates: its 0-based index, and how many data rows sit under the heading row. */
export type DateColumn = { sheetId: number; column: number; rows: number };
const errorSchema = z.object({
  error: z.object({
    code: z.number(),
    message: z.string(),
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string() })).optional(),
  }),
});

export type SheetsErrorKind =
  | "workbook_full"
  | "unauthorized"
  | "storage_quota"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "unavailable"
  | "invalid";

/** A failed Sheets call; `message` is what the schedule's run shows. */
export class SheetsError extends Error {
  constructor(
    readonly kind: SheetsErrorKind,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const spreadsheetUrl = (spreadsheetId: string, sheetId?: number) =>
  `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit${sheetId === undefined ? "" : `#gid=${sheetId}`}`;

/** A sheet name inside an A1 range: quoted, with quotes doubled. */
export const a1 = (title: string, cell = "A1") => `'${title.replace(/'/g, "''")}'!${cell}`;

function toError(status: number, body: unknown): SheetsError {
  const parsed = errorSchema.safeParse(body);
  const reason = parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined;
  const detail = parsed.success ? parsed.data.error.message : `Google Sheets answered ${status}`;
  if (status === 401)
    return new SheetsError(
      "unauthorized",
      status,
      "Google refused the connection's credentials. An administrator needs to reconnect Google in Organization Settings.",
    );
  // The reason comes in `errors[]`, which Google sends only some of the time; the message says
  // it always.
  const driveFull =
    reason === "storageQuotaExceeded" || /storage quota has been exceeded/i.test(detail);
  if (status === 403 && driveFull)
    return new SheetsError(
      "storage_quota",
      status,
      "The connected Google account's Drive is full, so Google would not store the export. Free up space in Drive (Admin storage) and try again.",
    );
  if (status === 403)
    return new SheetsError("forbidden", status, `Google Sheets refused access: ${detail}`);
  if (status === 404)
    return new SheetsError(
      "not_found",
      status,
      "The spreadsheet no longer exists or is not shared with the connected Google account.",
    );
  if (status === 429)
    return new SheetsError(
      "rate_limited",
      status,
      "Google Sheets is rate limiting this account; the export will be retried.",
    );
  if (status >= 500)
    return new SheetsError(
      "unavailable",
      status,
      "Google Sheets is unavailable; the export will be retried.",
    );
  if (/limit of [\d,]+ cells/.test(detail))
    return new SheetsError(
      "workbook_full",
      status,
      "The spreadsheet is full: Google allows at most 10,000,000 cells in one spreadsheet. Edit the schedule to use a new spreadsheet, or remove tabs from this one.",
    );
  return new SheetsError("invalid", status, `Google Sheets refused the request: ${detail}`);
}

/**
 * The waits before each retry of a 429, plus up to a second of jitter: Google asks for
 * exponential backoff up to about a minute (developers.google.com/sheets/api/limits, "Resolve
 * time-based quota errors"), and its write quota is counted per minute (60 a minute per user),
 * so the waits (62 s in all) reach into the next minute. Waiting costs a queue delivery no CPU;
 * a run refused past them goes back to the queue.
 */
export const RATE_LIMIT_WAITS_MS = [2_000, 4_000, 8_000, 16_000, 32_000];

/** How long one Sheets call may take before the client stops waiting (an append carries 1.5 MB). */
export const SHEETS_TIMEOUT_MS = 30_000;

/**
 * Whether a request may be sent again after a lost answer. A timeout, a network failure or a 5xx
 * does not say Google did not apply it: repeating values.clear, values.update (same cells, same
 * values) or spreadsheets.get leaves the same result, but repeating values.append writes its
 * rows a second time, spreadsheets.create makes a second file and addSheet fails "already
 * exists". Those throw "unavailable" at once instead, and the queue's retry of the run (which
 * reuses the recorded spreadsheet and clears each tab before writing it) writes them once.
 */
type Repeat = "repeatable" | "once";

export class SheetsClient {
  constructor(
    private readonly fetcher: Fetcher,
    private readonly accessToken: string,
    private readonly opts: {
      maxRetries?: number;
      sleep?: (ms: number) => Promise<void>;
      timeoutMs?: number;
    } = {},
  ) {}

  private async call(path: string, init: RequestInit, repeat: Repeat): Promise<unknown> {
    const sleep = this.opts.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
    const outageRetries = repeat === "repeatable" ? (this.opts.maxRetries ?? 2) : 0;
    const limitRetries = this.opts.maxRetries ?? RATE_LIMIT_WAITS_MS.length;
    let outages = 0;
    let limits = 0;
    for (;;) {
      let res: Response;
      try {
        res = await this.fetcher(`${BASE}${path}`, {
          ...init,
          headers: {
            Authorization: `Bearer ${this.accessToken}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? SHEETS_TIMEOUT_MS),
        });
      } catch (error) {
        if (outages < outageRetries) {
          await sleep(500 * 2 ** outages++);
          continue;
        }
        // AbortSignal.timeout rejects with a DOMException named TimeoutError.
        const timedOut =
          typeof error === "object" &&
          error !== null &&
          "name" in error &&
          error.name === "TimeoutError";
        throw new SheetsError(
          "unavailable",
          0,
          timedOut
            ? "Google Sheets did not answer in time; the export will be retried."
            : "Google Sheets could not be reached; the export will be retried.",
        );
      }
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) return body;
      const error = toError(res.status, body);
      // A rate limit is waited out (its quota is per minute) whatever the request: a 429 is a
      // refusal, nothing was applied. An outage gets a short retry here when the request is
      // repeatable, and then the queue's; the rest are final.
      if (error.kind === "rate_limited" && limits < limitRetries) {
        const wait = RATE_LIMIT_WAITS_MS[Math.min(limits++, RATE_LIMIT_WAITS_MS.length - 1)]!;
        await sleep(wait + Math.floor(Math.random() * 1_000));
        continue;
      }
      if (error.kind === "unavailable" && outages < outageRetries) {
        await sleep(1000 * 2 ** outages++);
        continue;
      }
      throw error;
    }
  }

  /** spreadsheets.create with the tabs, each grid as wide as its table (fewer idle cells). */
  async create(title: string, tabs: NewTab[], timeZone: string) {
    const body = {
      properties: { title, timeZone },
      sheets: tabs.map((t) => ({
        properties: { title: t.title, gridProperties: { columnCount: t.columns } },
      })),
    };
    const sheet = spreadsheetSchema.parse(
      await this.call("", { method: "POST", body: JSON.stringify(body) }, "once"),
    );
    return { spreadsheetId: sheet.spreadsheetId, sheets: sheet.sheets.map((s) => s.properties) };
  }

  /**
   * The spreadsheet's time zone and tabs, read as a partial response (only those properties
   * travel). The zone is what its date cells are written in.
   */
  async outline(spreadsheetId: string) {
    const sheet = outlineSchema.parse(
      await this.call(
        `/${encodeURIComponent(spreadsheetId)}?fields=properties.timeZone,sheets.properties(sheetId,title,gridProperties)`,
        { method: "GET" },
        "repeatable",
      ),
    );
    return {
      timeZone: sheet.properties?.timeZone,
      tabs: sheet.sheets.map((s) => s.properties),
    };
  }

  /**
   * Gives date columns a date-time number format (repeatCell over their data rows), so the
   * serial numbers written there show and sort as dates. Setting a format again changes nothing,
   * so a lost answer may be repeated.
   */
  async formatDates(spreadsheetId: string, columns: DateColumn[], pattern: string) {
    if (columns.length === 0) return;
    await this.call(
      `/${encodeURIComponent(spreadsheetId)}:batchUpdate`,
      {
        method: "POST",
        body: JSON.stringify({
          requests: columns.map(({ sheetId, column, rows }) => ({
            repeatCell: {
              range: {
                sheetId,
                startRowIndex: 1,
                endRowIndex: rows + 1,
                startColumnIndex: column,
                endColumnIndex: column + 1,
              },
              cell: { userEnteredFormat: { numberFormat: { type: "DATE_TIME", pattern } } },
              fields: "userEnteredFormat.numberFormat",
            },
          })),
        }),
      },
      "repeatable",
    );
  }

  async addTab(spreadsheetId: string, tab: NewTab): Promise<number> {
    const reply = z
      .object({
        replies: z.array(z.object({ addSheet: z.object({ properties: sheetPropertiesSchema }) })),
      })
      .parse(
        await this.call(
          `/${encodeURIComponent(spreadsheetId)}:batchUpdate`,
          {
            method: "POST",
            body: JSON.stringify({
              requests: [
                {
                  addSheet: {
                    properties: { title: tab.title, gridProperties: { columnCount: tab.columns } },
                  },
                },
              ],
            }),
          },
          "once",
        ),
      );
    return reply.replies[0]!.addSheet.properties.sheetId;
  }

  async clear(spreadsheetId: string, tab: string) {
    await this.call(
      `/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(a1(tab).replace(/!A1$/, ""))}:clear`,
      { method: "POST", body: "{}" },
      "repeatable",
    );
  }

  /** values.update from `startRow` (1-based), RAW. The range must start inside the grid. */
  async write(spreadsheetId: string, tab: string, startRow: number, values: unknown[][]) {
    await this.call(
      `/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(a1(tab, `A${startRow}`))}?valueInputOption=RAW`,
      { method: "PUT", body: JSON.stringify({ majorDimension: "ROWS", values }) },
      "repeatable",
    );
  }

  /**
   * values.append after the tab's last row, RAW. OVERWRITE fills rows the grid already has and
   * grows it only as far as the data needs (INSERT_ROWS would add rows on every run and a
   * persistent tab would creep toward the workbook's cell limit).
   */
  async append(spreadsheetId: string, tab: string, values: unknown[][]) {
    await this.call(
      `/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(a1(tab))}:append?valueInputOption=RAW&insertDataOption=OVERWRITE`,
      { method: "POST", body: JSON.stringify({ majorDimension: "ROWS", values }) },
      "once",
    );
  }
}
