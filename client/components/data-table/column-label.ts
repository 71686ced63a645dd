import type { Column } from "@tanstack/react-table";

/**
 * What a column is called in the Columns menu and its resize handle: its `meta.label`, else its
 * header when that is text. Falling back to the id showed people "dateRange" and "lastRun" in the
 * reports lists' Columns menu.
 */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const { meta, header } = column.columnDef;
  return meta?.label ?? (typeof header === "string" ? header : column.id);
}
