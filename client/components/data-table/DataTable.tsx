import {
  type ColumnDef,
  getCoreRowModel,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { Search, X } from "lucide-react";
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from "react";
import { FADED_WHILE_BUSY } from "../busy-fade";
import { Dialog } from "../Dialog";
import { Button } from "../form";
import "./meta";
import { SEARCH_MAX } from "../../../shared/text-limits";
import { BodyRow } from "./BodyRow";
import { ColumnsMenu } from "./ColumnsMenu";
import { columnLabel } from "./column-label";
import { useColumnPrefs } from "./column-prefs";
import { HeaderCell } from "./HeaderCell";
import { Pagination } from "./Pagination";
import {
  DEFAULT_COLUMN_WIDTH,
  HEADER_ROW_CLEARANCE,
  MIN_COLUMN_WIDTH,
  NARROW_TITLE_WIDTH,
  ROW_HEIGHT,
  SELECT_COLUMN_WIDTH,
} from "./sizes";
import { useNarrowRegionWidth } from "./use-region-width";
import { useStagedRows } from "./use-staged-rows";

export { DEFAULT_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from "./sizes";

export type Chip = { id: string; label: string };

type Props<T> = {
  columns: Array<ColumnDef<T>>;
  rows: T[];
  getRowId: (row: T) => string;
  /** What a row is called, for its checkbox ("Select Launch day") and the Edit button. */
  rowLabel: (row: T) => string;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  loading: boolean;
  /**
   * The rows on screen are the previous answer while the next one is asked for and loads (a
   * filter, sort or page change), from the press on. They stay visible, but the table says it is
   * busy so assistive technology and tests do not read them as the new result.
   */
  updating?: boolean;
  /**
   * The address of the rows shown (their page, sort, search and filters), unset while they are a
   * previous answer. When it changes the region scrolls to its top and the rows in view are
   * painted first (useStagedRows); a refetch of the same address keeps the place.
   */
  rowsKey?: string;
  /** Rows the skeleton shows while loading (what the page is expected to hold), so nothing below moves when they arrive. */
  skeletonRows?: number;
  emptyText: string;
  /**
   * Why the rows could not be read (the server's words or the page's fallback), shown where the
   * rows go with a way to ask again. A failed read is not an empty result: without this the table
   * said "No videos match." when the session had ended or the network dropped.
   */
  failure?: { message: string; onRetry: () => void };
  search: string;
  onSearchChange: (q: string) => void;
  chips?: Chip[];
  onRemoveChip?: (id: string) => void;
  onClearChips?: () => void;
  toolbar?: ReactNode;
  /** False for short lists with nothing to search (the search box is left out). */
  searchable?: boolean;
  onEdit?: (row: T) => void;
  onDeleteSelected?: (rows: T[]) => Promise<void>;
  /** What else a delete takes, said in its confirmation (default: the rows' history). */
  deleteWarning?: string;
  label: string;
  /** Where the person's column choices are remembered (user and table); none: not remembered. */
  prefsKey?: string;
};

/**
 * The one table of the product (spec section 2): server-driven paging and sorting, a search box,
 * filter chips, a toolbar slot (filters, download menu), row selection with Edit for exactly one
 * row and 'Delete Selected (count)' behind a confirmation, loading skeleton and empty state.
 * Columns can be hidden and resized (remembered per person); numbers are right-aligned; the
 * title stays pinned while the table scrolls sideways inside its card.
 */
export function DataTable<T>(props: Props<T>) {
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { prefs, setVisibility, setSizing, reset } = useColumnPrefs(props.prefsKey);
  const { rowLabel } = props;
  const region = useRef<HTMLElement>(null);
  // On a phone the pinned title (240 px) and the checkbox left 42 px of a 322 px region for
  // every other column, so no figure could ever be read whole beside its title. A narrow region
  // keeps room for one whole figure column beside them instead (the title giving way down to a
  // floor), unless the person sized the title themselves.
  const pinnedTitle = props.columns.find((c) => c.meta?.pinned);
  const titleWidth = pinnedTitle?.size ?? DEFAULT_COLUMN_WIDTH;
  const narrowWidth = useNarrowRegionWidth(
    region,
    SELECT_COLUMN_WIDTH + titleWidth + DEFAULT_COLUMN_WIDTH,
  );
  const columns = useMemo<Array<ColumnDef<T>>>(
    () => [
      {
        id: "select",
        size: SELECT_COLUMN_WIDTH,
        enableSorting: false,
        enableResizing: false,
        enableHiding: false,
        meta: { pinned: true, hideable: false, label: "Select" },
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all rows on this page"
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select ${rowLabel(row.original)}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...props.columns,
    ],
    [props.columns, rowLabel],
  );
  const sizing = useMemo(() => {
    const id = pinnedTitle?.id;
    if (narrowWidth === undefined || id === undefined || prefs.sizing[id] !== undefined)
      return prefs.sizing;
    const room = narrowWidth - SELECT_COLUMN_WIDTH - DEFAULT_COLUMN_WIDTH;
    const title = Math.max(NARROW_TITLE_WIDTH, room);
    return title < titleWidth ? { ...prefs.sizing, [id]: title } : prefs.sizing;
  }, [pinnedTitle, titleWidth, narrowWidth, prefs.sizing]);
  const table = useReactTable({
    data: props.rows,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: true,
    enableColumnResizing: true,
    columnResizeMode: "onChange",
    defaultColumn: { size: DEFAULT_COLUMN_WIDTH, minSize: MIN_COLUMN_WIDTH },
    state: {
      sorting: props.sorting,
      rowSelection: selection,
      columnVisibility: prefs.visibility,
      columnSizing: sizing,
    },
    onRowSelectionChange: setSelection,
    onColumnVisibilityChange: (u) =>
      setVisibility(typeof u === "function" ? u(prefs.visibility) : u),
    onColumnSizingChange: (u) => setSizing(typeof u === "function" ? u(prefs.sizing) : u),
    onSortingChange: (updater) =>
      props.onSortingChange(typeof updater === "function" ? updater(props.sorting) : updater),
  });
  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  const rowModel = table.getRowModel();
  const staged = useStagedRows(rowModel.rows.length, props.rowsKey);
  // Another page, sort or filter starts at the top, as a new list does; before its first paint.
  const shownKey = useRef(props.rowsKey);
  useLayoutEffect(() => {
    if (props.rowsKey === undefined || props.rowsKey === shownKey.current) return;
    const first = shownKey.current === undefined;
    shownKey.current = props.rowsKey;
    if (!first && region.current) region.current.scrollTop = 0;
  }, [props.rowsKey]);
  const leafColumns = table.getVisibleLeafColumns();
  // The pinned columns' left offsets: the checkbox at 0, the title right after it; `left` ends
  // as their width together.
  const pinnedLeft = new Map<string, number>();
  let left = 0;
  for (const column of leafColumns) {
    if (!column.columnDef.meta?.pinned) continue;
    pinnedLeft.set(column.id, left);
    left += column.getSize();
  }
  // The title column (the pinned one besides the checkbox, else the first after it) takes the
  // room left over unless the person has sized it: the table fills its card, and only scrolls
  // sideways when the columns need it. Without it, a table of few columns (the reports lists)
  // ended short of its card, its header band and row lines stopping mid-way.
  const flexibleId = (
    leafColumns.find((c) => c.columnDef.meta?.pinned && c.id !== "select") ??
    leafColumns.find((c) => c.id !== "select")
  )?.id;
  const flexible = flexibleId !== undefined && prefs.sizing[flexibleId] === undefined;
  const minWidth = leafColumns.reduce((sum, c) => sum + c.getSize(), 0);

  const confirmDelete = async () => {
    if (!props.onDeleteSelected) return;
    setDeleting(true);
    try {
      await props.onDeleteSelected(selected);
      setSelection({});
      setConfirming(false);
    } catch {
      // The page reports the failure (its toast); the dialog and the selection stay so the
      // person can try again or cancel. Nothing escapes as an unhandled rejection.
    } finally {
      setDeleting(false);
    }
  };
  const hideable = table
    .getAllLeafColumns()
    .filter((c) => c.columnDef.meta?.hideable !== false && c.id !== "select");
  const skeleton = Math.max(1, Math.min(props.skeletonRows ?? 10, 15));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {props.searchable !== false && (
          <label className="relative w-full sm:w-64">
            <span className="sr-only">Search {props.label}</span>
            <Search
              className="pointer-events-none absolute left-2 top-2.5 h-4 w-4 text-slate-500 dark:text-slate-400"
              aria-hidden
            />
            <input
              type="search"
              maxLength={SEARCH_MAX}
              value={props.search}
              onChange={(e) => props.onSearchChange(e.target.value)}
              placeholder="Search..."
              className="w-full rounded-md border border-slate-300 bg-white py-2 pl-8 pr-3 text-sm placeholder:text-slate-500 dark:text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400"
            />
          </label>
        )}
        {props.toolbar}
        {hideable.length > 0 && (
          <ColumnsMenu
            columns={hideable.map((c) => ({
              id: c.id,
              label: columnLabel(c),
              visible: c.getIsVisible(),
            }))}
            onToggle={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
            onReset={reset}
          />
        )}
        <div className="ml-auto flex gap-2">
          {selected.length === 1 && props.onEdit && (
            <Button
              variant="secondary"
              aria-label={`Edit ${rowLabel(selected[0]!)}`}
              onClick={() => props.onEdit?.(selected[0]!)}
            >
              Edit
            </Button>
          )}
          {selected.length > 0 && props.onDeleteSelected && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete Selected ({selected.length})
            </Button>
          )}
        </div>
      </div>
      {props.chips && props.chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          {props.chips.map((chip) => (
            <span
              key={chip.id}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-3 py-1 text-xs text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200"
            >
              {chip.label}
              <button
                type="button"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => props.onRemoveChip?.(chip.id)}
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
            </span>
          ))}
          <button
            type="button"
            className="text-xs text-slate-600 underline dark:text-slate-300"
            onClick={props.onClearChips}
          >
            Clear filters
          </button>
        </div>
      )}
      {/* The table scrolls inside its card, both ways: the header stays on top and the title at
          the left. A page of 200 rows never makes the page itself 8,000 px tall. */}
      {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1), hence the tab stop. */}
      <section
        ref={region}
        className="@container max-h-[70vh] overflow-auto rounded-lg border border-slate-200 dark:border-slate-700"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the region
        tabIndex={0}
        aria-label={`${props.label} table`}
        // What is scrolled into view (a header reached by Tab, say) stops clear of the pinned
        // columns instead of beneath them, where it was hidden and could not be clicked; and
        // clear of the sticky header row (34 px), where Shift+Tab up a table left the focus.
        style={{ scrollPaddingLeft: left, scrollPaddingTop: HEADER_ROW_CLEARANCE }}
        // Chrome scrolls a control that is partly in view no further when Tab reaches it: on a
        // phone "Videos CSV" stayed cut at the region's right edge. Keyboard focus is brought
        // whole into view (clear of the pinned columns); a click scrolls nothing.
        onFocus={(e) => {
          if (e.target !== e.currentTarget && e.target.matches(":focus-visible"))
            e.target.scrollIntoView({ block: "nearest", inline: "nearest" });
        }}
      >
        <table
          className="table-fixed border-separate border-spacing-0 text-left text-sm"
          style={{ width: flexible ? `max(100%, ${minWidth}px)` : minWidth }}
          aria-label={props.label}
          aria-busy={props.loading || props.updating === true || !staged.complete}
        >
          <colgroup>
            {leafColumns.map((c) => (
              <col
                key={c.id}
                style={{ width: flexible && c.id === flexibleId ? undefined : c.getSize() }}
              />
            ))}
          </colgroup>
          <thead className="text-xs uppercase text-slate-700 dark:text-slate-200">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    pinnedLeft={pinnedLeft.get(header.column.id)}
                  />
                ))}
              </tr>
            ))}
          </thead>
          {/* The previous answer's rows fade while the next is on its way: on a slow network a
              search showed the old rows, unchanged, for most of a second. After a short delay,
              so a quick answer does not flicker; back at once. */}
          <tbody
            data-testid="table-body"
            className={props.updating ? FADED_WHILE_BUSY : "transition-opacity"}
          >
            {props.loading &&
              Array.from({ length: skeleton }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <tr key={i} style={{ height: ROW_HEIGHT }}>
                  <td
                    colSpan={leafColumns.length}
                    className="border-t border-slate-100 px-3 dark:border-slate-800"
                  >
                    <div className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                  </td>
                </tr>
              ))}
            {!props.loading && props.rows.length === 0 && (
              <tr>
                <td colSpan={leafColumns.length} className="p-0">
                  {/* As wide as the visible part of the region and pinned to its left edge: a
                      table wider than a phone centred this text out of view. */}
                  <div
                    role={props.failure ? "alert" : undefined}
                    className={`sticky left-0 w-[100cqw] px-3 py-10 text-center ${props.failure ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"}`}
                  >
                    {props.failure ? (
                      <>
                        <p>{props.failure.message}</p>
                        <Button
                          className="mt-3"
                          variant="secondary"
                          onClick={props.failure.onRetry}
                        >
                          Try again
                        </Button>
                      </>
                    ) : (
                      props.emptyText
                    )}
                  </div>
                </td>
              </tr>
            )}
            {!props.loading &&
              rowModel.rows
                .slice(0, staged.shown)
                .map((row) => (
                  <BodyRow
                    key={row.id}
                    row={row}
                    selected={row.getIsSelected()}
                    columns={leafColumns}
                    pinnedLeft={pinnedLeft}
                  />
                ))}
          </tbody>
        </table>
      </section>
      <Pagination
        label={props.label}
        total={props.total}
        page={props.page}
        pageSize={props.pageSize}
        loading={props.loading}
        onPageChange={props.onPageChange}
      />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${selected.length} selected?`}
        returnFocus={region}
        description={props.deleteWarning ?? "This also deletes their history. It cannot be undone."}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={deleting} onClick={() => void confirmDelete()}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
