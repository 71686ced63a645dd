import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, Search, X } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Dialog } from "../Dialog";
import { Button } from "../form";

const SKELETON_ROWS = ["s1", "s2", "s3", "s4", "s5"];

export type Chip = { id: string; label: string };

type Props<T> = {
  columns: Array<ColumnDef<T>>;
  rows: T[];
  getRowId: (row: T) => string;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  loading: boolean;
  emptyText: string;
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
  label: string;
};

export const DEFAULT_COLUMN_WIDTH = 150;
export const MIN_COLUMN_WIDTH = 20;

/**
 * The one table of the product (spec section 2): server-driven paging and sorting, a search box,
 * filter chips, a toolbar slot (filters, download menu), row selection with Edit for exactly one
 * row and 'Delete Selected (count)' behind a confirmation, loading skeleton and empty state.
 */
export function DataTable<T>(props: Props<T>) {
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const columns = useMemo<Array<ColumnDef<T>>>(
    () => [
      {
        id: "select",
        size: 36,
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all rows"
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label="Select row"
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...props.columns,
    ],
    [props.columns],
  );
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
    state: { sorting: props.sorting, rowSelection: selection },
    onRowSelectionChange: setSelection,
    onSortingChange: (updater) =>
      props.onSortingChange(typeof updater === "function" ? updater(props.sorting) : updater),
  });
  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));

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

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {props.searchable !== false && (
          <label className="relative">
            <span className="sr-only">Search {props.label}</span>
            <Search
              className="pointer-events-none absolute left-2 top-2.5 h-4 w-4 text-slate-400"
              aria-hidden
            />
            <input
              type="search"
              value={props.search}
              onChange={(e) => props.onSearchChange(e.target.value)}
              placeholder="Search..."
              className="w-64 rounded-md border border-slate-300 bg-white py-2 pl-8 pr-3 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
        )}
        {props.toolbar}
        <div className="ml-auto flex gap-2">
          {selected.length === 1 && props.onEdit && (
            <Button variant="secondary" onClick={() => props.onEdit?.(selected[0]!)}>
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
            className="text-xs text-slate-500 underline"
            onClick={props.onClearChips}
          >
            Clear filters
          </button>
        </div>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table
          className="text-left text-sm"
          style={{ width: table.getTotalSize(), minWidth: "100%" }}
          aria-label={props.label}
          aria-busy={props.loading}
        >
          <thead className="bg-slate-50 text-xs uppercase text-slate-500 dark:bg-slate-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      style={{ width: header.getSize() }}
                      className="relative px-3 py-2 font-medium"
                      aria-sort={
                        sorted === "asc"
                          ? "ascending"
                          : sorted === "desc"
                            ? "descending"
                            : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === "asc" ? (
                            <ArrowUp className="h-3 w-3" aria-hidden />
                          ) : sorted === "desc" ? (
                            <ArrowDown className="h-3 w-3" aria-hidden />
                          ) : null}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                      {header.column.getCanResize() && (
                        <span
                          aria-hidden
                          onMouseDown={header.getResizeHandler()}
                          onTouchStart={header.getResizeHandler()}
                          className="absolute right-0 top-0 h-full w-1 cursor-col-resize select-none bg-transparent hover:bg-indigo-300"
                        />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {props.loading &&
              SKELETON_ROWS.map((key) => (
                <tr key={key} className="border-t border-slate-100 dark:border-slate-800">
                  <td colSpan={table.getAllLeafColumns().length} className="px-3 py-3">
                    <div className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                  </td>
                </tr>
              ))}
            {!props.loading && props.rows.length === 0 && (
              <tr>
                <td
                  colSpan={table.getAllLeafColumns().length}
                  className="px-3 py-10 text-center text-slate-500"
                >
                  {props.emptyText}
                </td>
              </tr>
            )}
            {!props.loading &&
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-t border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900/60"
                  data-testid="table-row"
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      style={{ width: cell.column.getSize() }}
                      className="truncate px-3 py-2"
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <nav
        aria-label={`${props.label} pages`}
        className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-300"
      >
        <span>
          {props.total.toLocaleString()} rows · page {props.page} of {pages}
        </span>
        <span className="flex gap-2">
          <Button
            variant="secondary"
            disabled={props.page <= 1}
            onClick={() => props.onPageChange(props.page - 1)}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={props.page >= pages}
            onClick={() => props.onPageChange(props.page + 1)}
          >
            Next
          </Button>
        </span>
      </nav>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${selected.length} selected?`}
        description="This also deletes their history. It cannot be undone."
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
