import { type Column, flexRender, type Row } from "@tanstack/react-table";
import { memo } from "react";
import { cellClass } from "./cell-class";
import { ROW_HEIGHT } from "./sizes";

type Props<T> = {
  row: Row<T>;
  /** Whether the row is selected (its checkbox): a change that leaves the row object as it is. */
  selected: boolean;
  /**
   * The visible columns. Their array is replaced when visibility, order or definitions change,
   * which is when the row's cells change besides its data.
   */
  columns: Array<Column<T, unknown>>;
  /** The pinned columns' left offsets (they move when a pinned column is resized). */
  pinnedLeft: ReadonlyMap<string, number>;
};

function BodyRowOf<T>({ row, pinnedLeft }: Props<T>) {
  return (
    <tr
      style={{ height: ROW_HEIGHT }}
      className="group hover:bg-slate-50 dark:hover:bg-slate-800"
      data-testid="table-row"
    >
      {row.getVisibleCells().map((cell) => {
        const pinned = pinnedLeft.get(cell.column.id);
        return (
          <td
            key={cell.id}
            style={pinned !== undefined ? { left: pinned } : undefined}
            className={`${cellClass(cell.column.columnDef.meta, pinned !== undefined)} border-t border-slate-100 px-3 dark:border-slate-800`}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}

const sameOffsets = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  a.size === b.size && [...a].every(([id, left]) => b.get(id) === left);

/**
 * One row of the table, rendered again only when what it shows changes. Everything else that
 * re-renders the table (each key typed in its search box, the busy flag set by a press, a
 * checkbox elsewhere, the menus) used to render all 200 rows' cells again: 56-176 ms a key
 * press on a 100k table in Chromium (docs/performance.md).
 */
export const BodyRow = memo(
  BodyRowOf,
  (before, after) =>
    before.row === after.row &&
    before.selected === after.selected &&
    before.columns === after.columns &&
    sameOffsets(before.pinnedLeft, after.pinnedLeft),
) as typeof BodyRowOf;
