import { z } from "zod";

/*
 * The emulated spreadsheets, kept in R2 so they persist across requests and restarts:
 *   sandbox/google/<account>/sheets/<id>.json              properties and every sheet's grid size
 *   sandbox/google/<account>/sheets/<id>/<sheetId>/<n>.json rows n*BLOCK .. (n+1)*BLOCK-1
 * Values live in blocks so a write touches only the rows it covers: a 100,000-row tab written
 * 2,000 rows at a time never re-reads the whole tab. The grid (rowCount x columnCount) is
 * Google's: a new sheet is 1,000 x 26, a write may not start outside it, and a workbook holds at
 * most 10,000,000 cells counting every cell of every sheet.
 */

export const NEW_SHEET_ROWS = 1000;
export const NEW_SHEET_COLUMNS = 26;
export const WORKBOOK_CELL_LIMIT = 10_000_000;
const BLOCK = 5000;

/** A number format a repeatCell set on a range of cells (0-based, ends exclusive). */
const numberFormatSchema = z.object({
  startRow: z.number(),
  endRow: z.number(),
  startColumn: z.number(),
  endColumn: z.number(),
  type: z.string(),
  pattern: z.string().optional(),
});
export type NumberFormatRange = z.infer<typeof numberFormatSchema>;

const sheetMetaSchema = z.object({
  sheetId: z.number(),
  title: z.string(),
  rowCount: z.number(),
  columnCount: z.number(),
  /** Highest row index (0-based) holding a value, -1 when empty: where an append goes. */
  lastRow: z.number(),
  /** Number formats set on ranges, later ones over earlier ones (values.clear keeps them). */
  numberFormats: z.array(numberFormatSchema).optional(),
});
const spreadsheetSchema = z.object({
  spreadsheetId: z.string(),
  title: z.string(),
  timeZone: z.string(),
  sheets: z.array(sheetMetaSchema),
});
export type SheetMeta = z.infer<typeof sheetMetaSchema>;
export type Spreadsheet = z.infer<typeof spreadsheetSchema>;
type Rows = unknown[][];

const base = (account: string, id: string) =>
  `sandbox/google/${encodeURIComponent(account)}/sheets/${id}`;
const blockKey = (account: string, id: string, sheetId: number, n: number) =>
  `${base(account, id)}/${sheetId}/${n}.json`;

/** Which account made each spreadsheet: Sheets tells another account it may not open one. */
const ownerKey = (id: string) => `sandbox/google/spreadsheet-owners/${id}`;
/** Whether another account than `account` made spreadsheet `id`. */
export async function ownedByAnother(bucket: R2Bucket, account: string, id: string) {
  const owner = await bucket.get(ownerKey(id));
  return owner !== null && (await owner.text()) !== account;
}

export const cellCount = (s: Spreadsheet) =>
  s.sheets.reduce((sum, sheet) => sum + sheet.rowCount * sheet.columnCount, 0);

export class SheetsStore {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly account: string,
  ) {}

  async load(id: string): Promise<Spreadsheet | null> {
    const object = await this.bucket.get(`${base(this.account, id)}.json`);
    return object ? spreadsheetSchema.parse(await object.json()) : null;
  }

  async save(sheet: Spreadsheet) {
    await this.bucket.put(`${base(this.account, sheet.spreadsheetId)}.json`, JSON.stringify(sheet));
  }

  /** Records the account as the new spreadsheet's owner. */
  async own(id: string) {
    await this.bucket.put(ownerKey(id), this.account);
  }

  private async block(id: string, sheetId: number, n: number): Promise<Rows> {
    const object = await this.bucket.get(blockKey(this.account, id, sheetId, n));
    return object ? ((await object.json()) as Rows) : [];
  }

  /** Writes `values` with their first cell at (row, column), both 0-based. */
  async writeValues(id: string, sheetId: number, row: number, column: number, values: Rows) {
    for (let n = Math.floor(row / BLOCK); n * BLOCK < row + values.length; n++) {
      const rows = await this.block(id, sheetId, n);
      for (
        let r = Math.max(row, n * BLOCK);
        r < Math.min(row + values.length, (n + 1) * BLOCK);
        r++
      ) {
        const at = r - n * BLOCK;
        const current = rows[at] ?? [];
        values[r - row]!.forEach((value, i) => {
          current[column + i] = value;
        });
        rows[at] = current;
      }
      await this.bucket.put(blockKey(this.account, id, sheetId, n), JSON.stringify(rows));
    }
  }

  /** Every row of a sheet (empty rows as []), for tests and the contract checks. */
  async readValues(id: string, sheetId: number, lastRow: number): Promise<Rows> {
    const out: Rows = [];
    for (let n = 0; n * BLOCK <= lastRow; n++) {
      const rows = await this.block(id, sheetId, n);
      for (let r = 0; r < BLOCK && n * BLOCK + r <= lastRow; r++) out.push(rows[r] ?? []);
    }
    return out;
  }

  /** Removes the spreadsheet and every row block of its sheets (Drive's files.delete). */
  async remove(id: string) {
    let cursor: string | undefined;
    do {
      const listed = await this.bucket.list({ prefix: `${base(this.account, id)}/`, cursor });
      if (listed.objects.length) await this.bucket.delete(listed.objects.map((o) => o.key));
      cursor = listed.truncated ? listed.cursor : undefined;
    } while (cursor);
    await this.bucket.delete(`${base(this.account, id)}.json`);
  }

  async clearValues(id: string, sheetId: number) {
    const listed = await this.bucket.list({ prefix: `${base(this.account, id)}/${sheetId}/` });
    if (listed.objects.length) await this.bucket.delete(listed.objects.map((o) => o.key));
  }
}

/** A1 notation: "Tab", "'My tab'!A5", "Tab!B2:D9". Rows and columns are 0-based here. */
export function parseA1(
  range: string,
): { title: string; row: number; column: number; whole: boolean } | null {
  const m = /^(?:'((?:[^']|'')+)'|([^!':]+))(?:!([A-Z]{1,3})(\d+)(?::[A-Z]{1,3}\d*)?)?$/.exec(
    range,
  );
  if (!m) return null;
  const title = (m[1] ?? m[2] ?? "").replace(/''/g, "'");
  if (!m[3]) return { title, row: 0, column: 0, whole: true };
  const column = [...m[3]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const row = Number(m[4]) - 1;
  return row < 0 ? null : { title, row, column, whole: false };
}

export const columnLetters = (index: number): string => {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

/** Google's name for a range in answers: quoted only when the title needs it. */
export const a1Name = (title: string, from: string, to?: string) => {
  const name = /^[A-Za-z0-9_]+$/.test(title) ? title : `'${title.replace(/'/g, "''")}'`;
  return `${name}!${from}${to ? `:${to}` : ""}`;
};
