import {
  type TableColumn,
  type TableName,
  tableColumns,
  tableNames,
} from "../../../shared/table-columns";
import { DAY_MS, zoneOffset } from "../../../shared/zoned-time";
import type { DateColumn } from "../../providers/google/sheets";
import type { Row } from "../tables/rows";
import { cells } from "./report-data";

/*
 * Dates in Google Sheets exports. Written RAW, an ISO timestamp stays a string: the sheet sorts
 * it as text and cannot chart it, filter it by date or subtract it from another. So a date cell
 * carries Sheets' own serial number (days since 30 December 1899, the time of day as the
 * fraction; developers.google.com/sheets/api/guides/formats, "About date & time values") and its
 * column gets a date-time format. Serial numbers have no zone: they are the wall clock of the
 * spreadsheet's time zone, which is what its NOW() and TODAY() use, so the cell shows the time
 * in that zone. CSV and JSON files keep ISO timestamps in UTC.
 */

/** Where each table's dates (ISO timestamps) sit among its downloaded columns (0-based). */
const datePositions = new Map<TableName, readonly number[]>(
  tableNames.map((table) => [
    table,
    tableColumns[table]
      .filter((c: TableColumn) => c.exportAs)
      .flatMap((c: TableColumn, i) => (c.kind === "date" ? [i] : [])),
  ]),
);

const SERIAL_ZERO_MS = Date.UTC(1899, 11, 30);
/** How a date column shows its serial numbers: unambiguous in every locale. */
export const SHEET_DATE_PATTERN = "yyyy-mm-dd hh:mm:ss";

/**
 * The zone the serial numbers are written in: the spreadsheet's, if this runtime knows it.
 * Google's list of spreadsheet zones is CLDR's and Intl knows them all today; if one is ever
 * missing, the organisation's zone is used rather than failing the export.
 */
export function serialZone(spreadsheetZone: string | undefined, fallback: string): string {
  if (!spreadsheetZone) return fallback;
  try {
    zoneOffset(spreadsheetZone, Date.now());
    return spreadsheetZone;
  } catch {
    return fallback;
  }
}

/** An instant as Sheets' serial number, on the wall clock of `timeZone`. */
export function sheetSerial(iso: string, timeZone: string): number {
  const at = Date.parse(iso);
  return (at + zoneOffset(timeZone, at) - SERIAL_ZERO_MS) / DAY_MS;
}

/** A row's cells for a spreadsheet: as the CSV has them, with dates as serial numbers. */
export function sheetCells(table: TableName, row: Row, timeZone: string): unknown[] {
  const values: unknown[] = cells(table, row);
  for (const at of datePositions.get(table) ?? []) {
    const value = values[at];
    if (typeof value === "string" && !Number.isNaN(Date.parse(value)))
      values[at] = sheetSerial(value, timeZone);
  }
  return values;
}

/** The date columns of a tab that holds `rows` data rows under its heading row. */
export const dateColumnsOf = (table: TableName, sheetId: number, rows: number): DateColumn[] =>
  rows === 0 ? [] : (datePositions.get(table) ?? []).map((column) => ({ sheetId, column, rows }));
