import { z } from "zod";
import {
  a1Name,
  cellCount,
  columnLetters,
  NEW_SHEET_COLUMNS,
  NEW_SHEET_ROWS,
  type NumberFormatRange,
  type SheetMeta,
  type Spreadsheet,
  WORKBOOK_CELL_LIMIT,
} from "./sheets-store";

/*
 * spreadsheets.batchUpdate, the requests the emulator knows (Request in sheets.v4.json): addSheet,
 * deleteSheet, appendDimension, updateSheetProperties (grid size) and repeatCell (a number format
 * over a range, kept on the sheet). Atomic like Google's: one
 * failing request applies none, and the error names it ("Invalid requests[1].addSheet: ...").
 */

const grid = z.strictObject({
  rowCount: z.number().int().positive().optional(),
  columnCount: z.number().int().positive().optional(),
});
const requests = z.union([
  z.strictObject({
    addSheet: z.strictObject({
      properties: z.strictObject({ title: z.string().min(1), gridProperties: grid.optional() }),
    }),
  }),
  z.strictObject({ deleteSheet: z.strictObject({ sheetId: z.number().int() }) }),
  z.strictObject({
    appendDimension: z.strictObject({
      sheetId: z.number().int(),
      dimension: z.enum(["ROWS", "COLUMNS"]),
      length: z.number().int().positive(),
    }),
  }),
  z.strictObject({
    updateSheetProperties: z.strictObject({
      properties: z.strictObject({ sheetId: z.number().int(), gridProperties: grid }),
      fields: z.string().min(1),
    }),
  }),
]);
const gridRange = z.strictObject({
  sheetId: z.number().int(),
  startRowIndex: z.number().int().nonnegative().optional(),
  endRowIndex: z.number().int().nonnegative().optional(),
  startColumnIndex: z.number().int().nonnegative().optional(),
  endColumnIndex: z.number().int().nonnegative().optional(),
});
const numberFormatTypes = [
  "TEXT",
  "NUMBER",
  "PERCENT",
  "CURRENCY",
  "DATE",
  "TIME",
  "DATE_TIME",
  "SCIENTIFIC",
] as const;
/** repeatCell, for the part of CellData the emulator keeps: a cell's number format. */
const repeatCell = z.strictObject({
  repeatCell: z.strictObject({
    range: gridRange,
    cell: z.strictObject({
      userEnteredFormat: z.strictObject({
        // "When writing, this field must be set" (NumberFormat.type).
        numberFormat: z.strictObject({
          type: z.enum(numberFormatTypes),
          pattern: z.string().optional(),
        }),
      }),
    }),
    fields: z.string().min(1),
  }),
});
const request = z.union([...requests.options, repeatCell]);
export const batchBody = z.strictObject({ requests: z.array(request).min(1) });
type BatchRequest = z.infer<typeof request>;

type Outcome = { next: Spreadsheet; replies: unknown[]; deleted: number[] } | { error: string };

const noGrid = (sheetId: number) => `No grid with id: ${sheetId}`;
const limit = `This action would increase the number of cells in the workbook above the limit of ${WORKBOOK_CELL_LIMIT} cells.`;

/**
 * A repeatCell of a number format: the range must lie inside the grid (Google refuses one that
 * reaches past it, as it does a write that starts outside), and the field mask must name it.
 */
function repeat(
  find: (sheetId: number) => SheetMeta | undefined,
  { range, cell, fields }: z.infer<typeof repeatCell>["repeatCell"],
): unknown | string {
  const sheet = find(range.sheetId);
  if (!sheet) return noGrid(range.sheetId);
  const startRow = range.startRowIndex ?? 0;
  const endRow = range.endRowIndex ?? sheet.rowCount;
  const startColumn = range.startColumnIndex ?? 0;
  const endColumn = range.endColumnIndex ?? sheet.columnCount;
  if (startRow > endRow || startColumn > endColumn)
    return "The range's start index must not be after its end index.";
  if (endRow > sheet.rowCount || endColumn > sheet.columnCount)
    return `Range (${a1Name(sheet.title, `${columnLetters(startColumn)}${startRow + 1}`, `${columnLetters(Math.max(startColumn, endColumn - 1))}${endRow}`)}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`;
  const masked = fields.split(",").map((f) => f.trim());
  if (
    !masked.some(
      (f) => f === "*" || f === "userEnteredFormat" || f === "userEnteredFormat.numberFormat",
    )
  )
    return "At least one field must be specified in 'fields', and it must name the cell's number format.";
  const { type, pattern } = cell.userEnteredFormat.numberFormat;
  const added = { startRow, endRow, startColumn, endColumn, type, ...(pattern ? { pattern } : {}) };
  // A format set over an earlier one's whole range replaces it, so the list stays short.
  const covered = (f: NumberFormatRange) =>
    f.startRow >= startRow &&
    f.endRow <= endRow &&
    f.startColumn >= startColumn &&
    f.endColumn <= endColumn;
  sheet.numberFormats = [...(sheet.numberFormats ?? []).filter((f) => !covered(f)), added];
  return {};
}

function apply(next: Spreadsheet, r: BatchRequest, deleted: number[]): unknown | string {
  const find = (sheetId: number): SheetMeta | undefined =>
    next.sheets.find((s) => s.sheetId === sheetId);
  if ("addSheet" in r) {
    const { title, gridProperties } = r.addSheet.properties;
    if (next.sheets.some((s) => s.title === title))
      return `A sheet with the name "${title}" already exists. Please enter another name.`;
    const sheetId = Math.max(0, ...next.sheets.map((s) => s.sheetId)) + 1;
    const sheet = {
      sheetId,
      title,
      rowCount: gridProperties?.rowCount ?? NEW_SHEET_ROWS,
      columnCount: gridProperties?.columnCount ?? NEW_SHEET_COLUMNS,
      lastRow: -1,
    };
    next.sheets.push(sheet);
    return {
      addSheet: {
        properties: {
          sheetId,
          title,
          index: next.sheets.length - 1,
          sheetType: "GRID",
          gridProperties: { rowCount: sheet.rowCount, columnCount: sheet.columnCount },
        },
      },
    };
  }
  if ("deleteSheet" in r) {
    const { sheetId } = r.deleteSheet;
    if (!find(sheetId)) return noGrid(sheetId);
    if (next.sheets.length === 1) return "You can't remove all the sheets in a document.";
    next.sheets = next.sheets.filter((s) => s.sheetId !== sheetId);
    deleted.push(sheetId);
    return {};
  }
  if ("appendDimension" in r) {
    const sheet = find(r.appendDimension.sheetId);
    if (!sheet) return noGrid(r.appendDimension.sheetId);
    if (r.appendDimension.dimension === "ROWS") sheet.rowCount += r.appendDimension.length;
    else sheet.columnCount += r.appendDimension.length;
    return {};
  }
  if ("repeatCell" in r) return repeat(find, r.repeatCell);
  const { properties, fields } = r.updateSheetProperties;
  const sheet = find(properties.sheetId);
  if (!sheet) return noGrid(properties.sheetId);
  const masked = fields.split(",").map((f) => f.trim());
  const all = masked.includes("*") || masked.includes("gridProperties");
  if (
    properties.gridProperties.rowCount !== undefined &&
    (all || masked.includes("gridProperties.rowCount"))
  ) {
    if (properties.gridProperties.rowCount <= sheet.lastRow)
      return "You can't delete rows that hold data this way.";
    sheet.rowCount = properties.gridProperties.rowCount;
  }
  if (
    properties.gridProperties.columnCount !== undefined &&
    (all || masked.includes("gridProperties.columnCount"))
  )
    sheet.columnCount = properties.gridProperties.columnCount;
  return {};
}

export function applyBatch(sheet: Spreadsheet, requests: BatchRequest[]): Outcome {
  const next = structuredClone(sheet);
  const replies: unknown[] = [];
  const deleted: number[] = [];
  for (const [i, r] of requests.entries()) {
    const reply = apply(next, r, deleted);
    const kind = Object.keys(r)[0];
    if (typeof reply === "string") return { error: `Invalid requests[${i}].${kind}: ${reply}` };
    if (cellCount(next) > WORKBOOK_CELL_LIMIT)
      return { error: `Invalid requests[${i}].${kind}: ${limit}` };
    replies.push(reply);
  }
  return { next, replies, deleted };
}
