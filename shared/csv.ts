/*
 * CSV for downloads and exports (ARCHITECTURE section 10): RFC 4180 quoting, plus a guard against
 * formula injection: a text cell starting with = + - @ tab or CR is prefixed with ' so
 * spreadsheet apps show it as text. Numbers are written as numbers (a negative stays -5).
 */
import { wallClockIso } from "./zoned-time";

export type Cell = string | number | boolean | null | undefined | Date;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 says), so rows can be streamed one at a time. */
export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The UTF-8 byte-order mark. Excel on Windows reads a double-clicked CSV without one in the local
 * code page and garbles every non-ASCII title ("CafÃ©"); with it, Excel, Numbers, LibreOffice and
 * Google Sheets all read UTF-8. JSON files never carry one.
 */
export const CSV_BOM = "\uFEFF";

/** The first line of every CSV file we write: the byte-order mark, then the headings. */
export const csvHeaderLine = (headings: Cell[]) => `${CSV_BOM}${csvLine(headings)}`;

/**
 * One clipboard cell: tabs and line breaks inside a cell become spaces (TSV has no quoting that
 * every spreadsheet honours on paste), and text is guarded like CSV, since pasting "=..." into a
 * spreadsheet runs it as a formula just as opening a file does. The guard looks at the original
 * text, so a cell that began with a tab or CR is still caught after flattening.
 */
export function tsvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const raw = value instanceof Date ? value.toISOString() : value;
  const flat = raw.replace(/[\t\r\n]+/g, " ");
  return FORMULA_START.test(raw) ? `'${flat}` : flat;
}

/** Tab-separated text for "copy to clipboard" (spec section 2), one line per row. */
export const tsvLine = (cells: Cell[]) => cells.map(tsvCell).join("\t");

/**
 * Download names of the spec: youtube_videos_2026-11-22T10-42-00, on the organisation's clock
 * like every time the app shows (a file saved at 6:42 in Los Angeles is not named 14-42).
 */
export const exportFileName = (
  base: string,
  ext: "csv" | "json",
  timeZone: string,
  now: Date = new Date(),
) => `${base}_${wallClockIso(now, timeZone).replace(/:/g, "-")}.${ext}`;
