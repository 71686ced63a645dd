import { flexRender, type Header } from "@tanstack/react-table";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useHint } from "../use-hint";
import { cellClass } from "./cell-class";
import { columnLabel } from "./column-label";
import { MIN_COLUMN_WIDTH } from "./sizes";

/** One header cell: sort button, and a resize handle usable by mouse, touch and keyboard. */
export function HeaderCell<T>({
  header,
  pinnedLeft,
}: {
  header: Header<T, unknown>;
  pinnedLeft?: number;
}) {
  const { column } = header;
  const sorted = column.getIsSorted();
  const meta = column.columnDef.meta;
  const label = columnLabel(column);
  const content = flexRender(column.columnDef.header, header.getContext());
  // The heading's explanation opens from its button, so it costs no extra tab stop. A heading
  // that cannot sort has a button only to explain, which a press or a tap opens too.
  const hint = useHint(meta?.hint, { pressToggles: !column.getCanSort() });
  return (
    <th
      scope="col"
      style={pinnedLeft !== undefined ? { left: pinnedLeft } : undefined}
      className={`${cellClass(meta, pinnedLeft !== undefined, true)} sticky top-0 px-3 py-2 font-medium`}
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          className={`inline-flex max-w-full items-center gap-1 uppercase ${meta?.align === "right" ? "flex-row-reverse" : ""}`}
          onClick={column.getToggleSortingHandler()}
          {...hint.triggerProps}
        >
          <span className="truncate">{content}</span>
          {sorted === "asc" ? (
            <ArrowUp className="h-3 w-3 shrink-0" aria-hidden />
          ) : sorted === "desc" ? (
            <ArrowDown className="h-3 w-3 shrink-0" aria-hidden />
          ) : null}
        </button>
      ) : meta?.hint ? (
        // Not sortable: a button that only explains, so the hint opens by keyboard too.
        <button type="button" className="cursor-help uppercase" {...hint.triggerProps}>
          {content}
        </button>
      ) : (
        content
      )}
      {hint.tooltip}
      {column.getCanResize() && (
        // A focusable separator: arrow keys change the width 10 px at a time (WAI-ARIA window
        // splitter); dragging works with mouse and touch. Double-click restores the default.
        // biome-ignore lint/a11y/useSemanticElements: <hr> cannot hold focus or take a value
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${label} column`}
          aria-valuenow={column.getSize()}
          aria-valuemin={MIN_COLUMN_WIDTH}
          tabIndex={0}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          onKeyDown={(e) => {
            const step = e.key === "ArrowRight" ? 10 : e.key === "ArrowLeft" ? -10 : 0;
            if (!step) return;
            e.preventDefault();
            const size = Math.max(MIN_COLUMN_WIDTH, column.getSize() + step);
            header.getContext().table.setColumnSizing((old) => ({ ...old, [column.id]: size }));
          }}
          className="absolute right-0 top-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-indigo-400 focus-visible:bg-indigo-500"
        />
      )}
    </th>
  );
}
