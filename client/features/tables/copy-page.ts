import { tsvLine } from "../../../shared/csv";
import { minutesAsHours, type TableColumn, withheldFigure } from "../../../shared/table-columns";
import { wallClockIso } from "../../../shared/zoned-time";
import { seasonEpisode, type TableRow } from "./columns";

/*
 * Copy to clipboard, loaded when a person presses Copy rather than with the table: the first
 * load of the dashboard has a budget (issue 9) and copying is a rare act.
 */

/**
 * Plain cell text for copy-to-clipboard: what the cell says, for pasting into a sheet. A date is
 * the organisation's calendar day the cell shows, written YYYY-MM-DD so any sheet reads it as a
 * date (the row's UTC instant pasted as the next day for an evening in Los Angeles).
 */
export const cellText = (
  col: TableColumn,
  row: TableRow,
  timeZone: string,
): string | number | null => {
  if (col.kind === "season") return seasonEpisode(row);
  const withheld = withheldFigure(col.id, row);
  if (withheld) return `${withheld.word[0]?.toUpperCase() ?? ""}${withheld.word.slice(1)}`;
  if (col.kind === "date") {
    const at = row[col.id];
    return typeof at === "string" ? wallClockIso(new Date(at), timeZone).slice(0, 10) : null;
  }
  if (col.kind === "minutes" && typeof row[col.id] === "number")
    return minutesAsHours(row[col.id] as number);
  const value = row[col.id] ?? null;
  return typeof value === "boolean" ? String(value) : value;
};

/** Copies the page's rows in `columns` as tab-separated text, headings first. */
export async function copyPage(columns: TableColumn[], rows: TableRow[], timeZone: string) {
  const lines = [
    tsvLine(columns.map((c) => c.label)),
    ...rows.map((row) => tsvLine(columns.map((c) => cellText(c, row, timeZone)))),
  ];
  await navigator.clipboard.writeText(lines.join("\n"));
}
