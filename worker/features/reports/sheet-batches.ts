/**
 * Rows for Google Sheets' values.append, gathered into requests by size. Google asks for request
 * payloads of at most 2 MB and counts every request against 60 writes a minute per user
 * (developers.google.com/sheets/api/limits), so a request carries as many rows as fit in
 * SHEET_WRITE_BYTES of JSON: a 100,000-video export goes in about 16 requests instead of the
 * 50 it took at a fixed 2,000 rows, which put one export within 10 of that minute's limit.
 */
export const SHEET_WRITE_BYTES = 1_500_000;

const utf8 = new TextEncoder();
/**
 * The JSON around the rows of one request, as SheetsClient.append sends it, less the one comma
 * the first row does not need.
 */
const ENVELOPE_BYTES =
  utf8.encode(JSON.stringify({ majorDimension: "ROWS", values: [] })).byteLength - 1;

export class SheetRowBatches {
  private rows: unknown[][] = [];
  private bytes = ENVELOPE_BYTES;

  constructor(private readonly limitBytes = SHEET_WRITE_BYTES) {}

  /**
   * Adds a row; answers the rows gathered so far when this one would take the request past the
   * limit (they go in one request, and this row starts the next). A row larger than the limit on
   * its own still goes, alone: Google refuses it with its own message, which the run records.
   */
  add(row: unknown[]): unknown[][] | null {
    // The row's JSON in UTF-8 bytes, and the comma before it (the envelope took the first's off).
    const size = utf8.encode(JSON.stringify(row)).byteLength + 1;
    let full: unknown[][] | null = null;
    if (this.rows.length > 0 && this.bytes + size > this.limitBytes) full = this.take();
    this.rows.push(row);
    this.bytes += size;
    return full;
  }

  /** The rows not yet answered (empty when none). */
  take(): unknown[][] {
    const rows = this.rows;
    this.rows = [];
    this.bytes = ENVELOPE_BYTES;
    return rows;
  }
}
