import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SortingState } from "@tanstack/react-table";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { mergedVideosMessage, UNMERGED_VIDEOS_MESSAGE } from "../../../shared/merge";
import { integrationMessages } from "../../../shared/messages-integrations";
import { addDays } from "../../../shared/overview-period";
import { MAX_CHART_DAYS } from "../../../shared/schemas/details";
import type { TableName } from "../../../shared/schemas/tables";
import { sortKeys } from "../../../shared/table-columns";
import { DialogBoundary } from "../../components/DialogBoundary";
import { readColumnPrefs } from "../../components/data-table/column-prefs";
import { DataTable } from "../../components/data-table/DataTable";
import { Button } from "../../components/form";
import type { DownloadProgress } from "../../lib/api/download";
import { serverMessage } from "../../lib/api/errors";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { useUrlParams } from "../../lib/use-url-params";
import { loadFailedMessages } from "../dashboard/dashboard-api";
import type { DetailOpening, DetailPreset } from "../details/DetailPanel";
import { RelativeTime } from "../details/RelativeTime";
import { columnDefs, type TableRow, visibleColumns } from "./columns";
import { DownloadMenu } from "./DownloadMenu";
import { ParentEditDialog } from "./ParentEditDialog";
import { PublishedRange } from "./PublishedRange";
import { chipsFrom, FilterSelects, filtersFor } from "./TableFilters";
import { deleteRows, downloadTable, platformOf } from "./table-api";
import { tableQueries } from "./table-queries";
import {
  MERGE_SAME_BUILD,
  onePublishedFilter,
  pageOf,
  pageQueryString,
  withParams,
} from "./table-state";

/** The "specially flagged build" of spec section 2: `VITE_MERGE_SAME=1` at build time (on for npm start and the browser tests). */

// The panel and its charts (uPlot) load when a panel first opens.
const DetailPanel = lazy(() => import("../details/DetailPanel"));

/**
 * A detail opens on the overview's period: on the panel's own preset where it has the same one
 * (a top video of the last 7 days opens on its last 7 days), else on the overview's dates as a
 * custom period (today, 6 months, year to date, all time, custom), at most the panel's longest
 * chart. Without the overview's dates yet, on the panel's default 30 days.
 */
const detailPresets: Record<string, DetailPreset> = {
  "7days": "7",
  "30days": "30",
  "90days": "90",
  "1year": "365",
};
const detailOpeningFor = (
  period: string | null,
  overviewSpan: { from: string; to: string } | undefined,
): DetailOpening => {
  const preset = period ? detailPresets[period] : "30";
  if (preset || !overviewSpan) return { preset };
  const earliest = addDays(overviewSpan.to, -(MAX_CHART_DAYS - 1));
  return {
    span: {
      from: overviewSpan.from < earliest ? earliest : overviewSpan.from,
      to: overviewSpan.to,
    },
  };
};

const NO_OPTIONAL_COLUMNS: Record<string, boolean> = {};
const rowTitle = (row: TableRow) => String(row.title ?? "row");
const RANGE_CHIP = "publishedRange";
/** The date-range filter as one chip: "Published: 2026-01-01 to 2026-03-31". */
const rangeChip = (params: URLSearchParams) => {
  const from = params.get("publishedFrom");
  const to = params.get("publishedTo");
  if (!from && !to) return [];
  const label = from && to ? `${from} to ${to}` : from ? `from ${from}` : `until ${to}`;
  return [{ id: RANGE_CHIP, label: `Published: ${label}` }];
};

const emptyText: Record<TableName, string> = {
  channels: "No channels match.",
  videos: "No videos match.",
  shows: "No shows match.",
  episodes: "No episodes match.",
};

/** One dashboard table driven by the URL: search, filters, sort and page survive reload and back. */
export function TablesView({
  orgId,
  userId,
  table,
  parents,
  expectedRows,
  onChanged,
  onLoaded,
  overviewSpan,
}: {
  orgId: string;
  userId: string;
  table: TableName;
  parents: Array<{ value: string; label: string }>;
  /** How many rows the first page should hold (known from the channel and show lists), for the skeleton. */
  expectedRows: number;
  onChanged: () => void;
  /** Called once the first page is on screen (the dashboard then adds what goes below it). */
  onLoaded?: () => void;
  /** The dates the dashboard's overview covers: a detail opened from here opens on them. */
  overviewSpan?: { from: string; to: string };
}) {
  // Edit: a channel or show opens what the organisation controls about it (ParentEditDialog);
  // a video or episode opens its detail panel.
  const [editing, setEditing] = useState<TableRow | null>(null);
  const [params, updateParams] = useUrlParams();
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const queryString = pageQueryString(table, params, timeZone);
  // Rows asked for by a press and the address it left: until the router renders the new address
  // (a transition, 120-350 ms after the press on a 100k table) the table already says it is
  // busy, so nobody reads the old rows as the answer to the press. Dropped once the address
  // shown is another one (the new one, or wherever back or forward led).
  const [asked, setAsked] = useState<{ from: string } | null>(null);
  if (asked && asked.from !== queryString) setAsked(null);
  // Every change of the table's address: some keys set or removed on the newest address. A change
  // that asks for other rows (page, sort, search, filter) sends their request now: the router
  // renders the new address as a transition, and the table's re-render and layout of the rows
  // still shown came first, so the request left 0.4-0.7 s after a click on a 100k table
  // (Chromium trace, docs/performance.md). useQuery then finds it in flight, or answered.
  const changeParams = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) => {
      let before = "";
      const next = updateParams((current) => {
        before = pageQueryString(table, current, timeZone);
        return withParams(current, changes);
      }, options);
      const rows = pageQueryString(table, next, timeZone);
      // Opening a detail panel changes the address, not the rows: nothing to ask for.
      if (rows === before) return;
      // A second press before the router showed the first keeps the address still on screen.
      setAsked((pending) => pending ?? { from: before });
      void queryClient.prefetchQuery(tableQueries.page(orgId, table, rows));
    },
    [updateParams, queryClient, orgId, table, timeZone],
  );
  const { data, isPending, isFetching, isPlaceholderData, isError, error, refetch } = useQuery({
    ...tableQueries.page(orgId, table, queryString),
    placeholderData: keepPreviousData,
  });
  const [search, setSearch] = useState(params.get("q") ?? "");
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) onLoaded?.();
  }, [loaded, onLoaded]);

  // Debounced search: the URL (and so the server query) follows the box a moment after typing.
  useEffect(() => {
    const handle = setTimeout(() => {
      if ((params.get("q") ?? "") !== search) changeParams({ q: search }, { replace: true });
    }, 300);
    return () => clearTimeout(handle);
  }, [search, params, changeParams]);

  // TanStack Query keeps unchanged parts of an answer by reference, so this stays stable
  // across refetches and the columns below are rebuilt only when a flag really changes.
  const optional = data?.optionalColumns ?? NO_OPTIONAL_COLUMNS;
  // The open detail panel is in the URL (?detail=<id>), so reload and back keep it.
  const detail = params.get("detail");
  // Stable for the table's life. changeParams is new with every address; a callback that
  // followed it rebuilt the columns on every press, and with them the 200 rows still shown
  // (BodyRow renders a row again when its columns change).
  const latestChangeParams = useRef(changeParams);
  useLayoutEffect(() => {
    latestChangeParams.current = changeParams;
  });
  const openDetail = useCallback(
    (row: TableRow) => latestChangeParams.current({ detail: String(row.id) }),
    [],
  );
  const columns = useMemo(
    () => columnDefs(table, optional, timeZone, openDetail),
    [table, optional, timeZone, openDetail],
  );
  // A sort the table does not have (a hand-edited or outdated address) is dropped in place, as a
  // page past the last is: the server's refusal stood where the table should be, with a
  // "Try again" that could never work.
  const sortParam = params.get("sort");
  const knownSort = sortParam === null || (sortKeys(table) as string[]).includes(sortParam);
  useEffect(() => {
    if (!knownSort) changeParams({ sort: null, dir: null }, { replace: true });
  }, [knownSort, changeParams]);
  const sorting: SortingState =
    sortParam && knownSort ? [{ id: sortParam, desc: params.get("dir") !== "asc" }] : [];
  const seasons = useQuery({
    ...tableQueries.seasons(orgId, params.get("show")),
    enabled: table === "episodes",
  });
  const defs = filtersFor(table, parents, seasons.data?.seasons ?? []);
  const page = pageOf(params);
  // A page past the last (an old bookmark, rows deleted since) goes to the last one, in place:
  // it said "No videos match." beside "714 rows · page 99 of 4".
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && !isPlaceholderData && page > lastPage)
      changeParams({ page: lastPage === 1 ? null : String(lastPage) }, { replace: true });
  }, [page, lastPage, isPlaceholderData, changeParams]);

  const download = (format: "csv" | "json", onProgress: DownloadProgress) =>
    downloadTable(orgId, table, new URLSearchParams(queryString), format, timeZone, onProgress);
  const copy = async () => {
    // The columns on screen: the Columns menu's hidden ones stay out of the copy too.
    const hidden = readColumnPrefs(`${userId}:${table}`).visibility;
    const cols = visibleColumns(table, optional).filter((c) => hidden[c.id] !== false);
    try {
      const { copyPage } = await import("./copy-page");
      await copyPage(cols, data?.rows ?? [], timeZone);
      toast.success("Table data copied to clipboard");
    } catch {
      toast.error(integrationMessages.copyFailed);
    }
  };
  const deletable = table === "channels" || table === "shows";
  // Merge Same / Unmerge: only in a build with the flag on, and only when duplicates exist.
  const merging = params.get("merge") === "1";
  const duplicates = data?.duplicates;
  const showMerge =
    MERGE_SAME_BUILD &&
    table === "videos" &&
    duplicates !== null &&
    duplicates !== undefined &&
    (merging || duplicates.merged < duplicates.total);
  const toggleMerge = () => {
    if (!duplicates) return;
    if (merging) {
      changeParams({ merge: null });
      toast.info(UNMERGED_VIDEOS_MESSAGE);
    } else {
      changeParams({ merge: "1" });
      toast.info(mergedVideosMessage(duplicates.merged, duplicates.total));
    }
  };

  return (
    <>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400" data-testid="table-freshness">
        {/* Freshness is of the rows shown: a search that matches nothing has none, and "never"
            would say the channels were never refreshed. The line keeps its height either way. */}
        {data && data.rows.length > 0 ? (
          <>
            Data refreshed <RelativeTime iso={data.refreshedAt} />
          </>
        ) : (
          "\u00a0"
        )}
      </p>
      <DataTable<TableRow>
        label={table.charAt(0).toUpperCase() + table.slice(1)}
        prefsKey={`${userId}:${table}`}
        columns={columns}
        rows={data?.rows ?? []}
        getRowId={(row) => String(row.id)}
        rowLabel={rowTitle}
        skeletonRows={expectedRows}
        onEdit={table === "videos" || table === "episodes" ? openDetail : setEditing}
        total={data?.total ?? 0}
        page={page}
        pageSize={data?.pageSize ?? 200}
        onPageChange={(p) => changeParams({ page: String(p) })}
        sorting={sorting}
        onSortingChange={(s) =>
          changeParams({
            sort: s[0]?.id ?? null,
            dir: s[0] ? (s[0].desc ? "desc" : "asc") : null,
          })
        }
        loading={isPending || (isFetching && !data)}
        updating={isPlaceholderData || asked !== null}
        rowsKey={data && !isPlaceholderData ? queryString : undefined}
        emptyText={emptyText[table]}
        failure={
          isError && !data
            ? {
                message: serverMessage(error, loadFailedMessages[platformOf[table]]),
                onRetry: () => void refetch(),
              }
            : undefined
        }
        search={search}
        onSearchChange={setSearch}
        chips={[...chipsFrom(defs, params), ...rangeChip(params)]}
        onRemoveChip={(id) =>
          changeParams(
            id === RANGE_CHIP ? { publishedFrom: null, publishedTo: null } : { [id]: null },
          )
        }
        onClearChips={() =>
          changeParams({
            ...Object.fromEntries(defs.map((d) => [d.key, null])),
            publishedFrom: null,
            publishedTo: null,
          })
        }
        toolbar={
          <>
            <FilterSelects
              defs={defs}
              params={params}
              onChange={(key, value) => changeParams(onePublishedFilter({ [key]: value }))}
            />
            {(table === "videos" || table === "episodes") && (
              <PublishedRange
                from={params.get("publishedFrom") ?? ""}
                to={params.get("publishedTo") ?? ""}
                // From the URL as it is now: two quick edits never undo each other.
                onChange={(range) => changeParams(onePublishedFilter(range))}
              />
            )}
            <DownloadMenu onDownload={download} onCopy={() => void copy()} />
            {showMerge && (
              <Button variant="secondary" aria-pressed={merging} onClick={toggleMerge}>
                {merging ? "Unmerge" : "Merge Same"}
              </Button>
            )}
          </>
        }
        onDeleteSelected={
          deletable
            ? async (rows) => {
                const { deleted } = await deleteRows(
                  orgId,
                  table,
                  rows.map((r) => String(r.id)),
                );
                toast.success(
                  `${deleted} ${table === "channels" ? "channel(s)" : "show(s)"} deleted`,
                );
                await queryClient.invalidateQueries({ queryKey: orgScope(orgId, "tables") });
                onChanged();
              }
            : undefined
        }
      />
      {editing && (table === "channels" || table === "shows") && (
        <ParentEditDialog
          orgId={orgId}
          table={table}
          row={editing}
          onClose={() => setEditing(null)}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "tables") });
            onChanged();
          }}
        />
      )}
      {detail && (
        <DialogBoundary key={detail} onFailed={() => changeParams({ detail: null })}>
          <Suspense fallback={null}>
            <DetailPanel
              orgId={orgId}
              kind={table}
              id={detail}
              opening={detailOpeningFor(params.get("period"), overviewSpan)}
              onClose={() => changeParams({ detail: null })}
            />
          </Suspense>
        </DialogBoundary>
      )}
    </>
  );
}
