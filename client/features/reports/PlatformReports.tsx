import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import { ExternalLink, Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { dateRangeLabel } from "../../../shared/date-ranges";
import { formatCreatedAt, scheduleLabel } from "../../../shared/schedule";
import type { Platform } from "../../../shared/schemas/enums";
import {
  type ReportView,
  reportMessages,
  type ScheduleView,
} from "../../../shared/schemas/reports";
import { DataTable } from "../../components/data-table/DataTable";
import { CREATED_WIDTH, PINNED_TITLE, WRAP } from "../../components/data-table/meta";
import { FileDownloadButton } from "../../components/FileDownloadButton";
import { Button } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { TitleText } from "../../components/TitleText";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { useNow } from "../../lib/use-now";
import { dashboardQueries } from "../dashboard/dashboard-api";
import { onZonedDays, zonedDateInputValue } from "./created-days";
import { ReportDialog } from "./ReportDialog";
import { reportQueries, reportsApi } from "./reports-api";
import { ScheduleActiveToggle } from "./ScheduleActiveToggle";
import { linkClass, reportsFollowInterval, ScheduleLastRun } from "./ScheduleLastRun";

const byTitle = (row: { title: string }) => row.title;

const PAGE_SIZE = 200;
const fileLabels: Record<string, string> = { parent_csv: "CSV", child_csv: "CSV", json: "JSON" };

/** The Recurring Reports and Reports tables of one platform, with the spreadsheet banner and New Report. */
export default function PlatformReports({
  orgId,
  platform: requested,
}: {
  orgId: string;
  platform: Platform;
}) {
  const platform = requested === "simplecast" ? "simplecast" : "youtube";
  const { isAdmin } = useAuth();
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ editing: ScheduleView | null } | null>(null);
  const [search, setSearch] = useState("");
  const [from, setFrom] = useState("");
  // To shows the organisation's today until a day is picked, and follows the clock past midnight:
  // a list left open overnight still shows the reports its schedules make the next morning.
  const [pickedTo, setTo] = useState<string | null>(null);
  const today = zonedDateInputValue(useNow(), timeZone);
  const to = pickedTo ?? today;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(1);

  const reports = useQuery({
    ...reportQueries.page(orgId, platform),
    // Follow generation and initial runs until they finish.
    refetchInterval: (q) => reportsFollowInterval(q.state.data),
  });
  // The same cached lists the dashboard reads; `select` narrows them for the picker without
  // changing what is cached under their keys.
  const channelOptions = useQuery({
    ...dashboardQueries.channels(orgId),
    select: (data) => data.channels.map((c) => ({ id: c.id, title: c.title })),
    enabled: platform === "youtube",
  });
  const showOptions = useQuery({
    ...dashboardQueries.shows(orgId),
    select: (data) => data.shows.map((s) => ({ id: s.id, title: s.title })),
    enabled: platform === "simplecast",
  });
  const entities = platform === "youtube" ? channelOptions : showOptions;
  useEffect(() => {
    if (reports.isError) toast.error(reportMessages.loadFailed);
  }, [reports.isError]);
  // The dashboard's New Report button lands here with ?new=1. The flag is taken out in place:
  // pushed as a new entry, Back returned to ?new=1, which opened the dialog and pushed again, so
  // Back could never leave the page.
  useEffect(() => {
    if (params.get("new") === "1") {
      setDialog({ editing: null });
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete("new");
          return next;
        },
        { replace: true },
      );
    }
  }, [params, setParams]);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "reports") }),
    [queryClient, orgId],
  );

  const scheduleColumns = useMemo<Array<ColumnDef<ScheduleView>>>(
    () => [
      {
        id: "title",
        header: "Title",
        size: 260,
        enableSorting: false,
        // Pinned, as every table's title: on a phone the row's downloads and status scroll in
        // beside the name they belong to.
        meta: PINNED_TITLE,
        cell: ({ row: { original: s } }) => (
          <div>
            <TitleText as="p" className="font-medium">
              {s.title}
            </TitleText>
            {s.isPersistent && (
              // One line, cut with an ellipsis like the title: the spreadsheet's name was cut
              // mid-letter at the column's edge. Its full name is the link's tooltip.
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                Persistent Report · {s.sheetTabName ?? "Default tabs"}
                {s.persistentSheet?.spreadsheetUrl && (
                  <>
                    {" · "}
                    <a
                      className={linkClass}
                      href={s.persistentSheet.spreadsheetUrl}
                      target="_blank"
                      rel="noreferrer"
                      title={s.persistentSheet.sheetName}
                    >
                      {s.persistentSheet.sheetName}{" "}
                      <ExternalLink className="inline h-3 w-3" aria-hidden />
                    </a>
                  </>
                )}
              </p>
            )}
          </div>
        ),
      },
      {
        id: "schedule",
        header: "Schedule",
        size: 200,
        enableSorting: false,
        meta: WRAP,
        cell: ({ row }) => scheduleLabel(row.original, timeZone, new Date()),
      },
      {
        id: "dateRange",
        header: "Date Range",
        enableSorting: false,
        meta: WRAP,
        cell: ({ row }) => dateRangeLabel(row.original.dateRange, timeZone),
      },
      {
        id: "status",
        header: "Status",
        size: 110,
        enableSorting: false,
        cell: ({ row: { original: s } }) => (
          <ScheduleActiveToggle orgId={orgId} platform={platform} schedule={s} />
        ),
      },
      {
        id: "lastRun",
        header: "Last Run",
        size: 220,
        enableSorting: false,
        meta: WRAP,
        cell: ({ row: { original: s } }) => <ScheduleLastRun run={s.lastRun} timeZone={timeZone} />,
      },
      {
        id: "createdAt",
        header: "Created",
        size: CREATED_WIDTH,
        meta: WRAP,
        enableSorting: false,
        cell: ({ row }) => formatCreatedAt(new Date(row.original.createdAt), timeZone),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [orgId, timeZone, platform],
  );

  const reportColumns = useMemo<Array<ColumnDef<ReportView>>>(
    () => [
      {
        id: "title",
        header: "Title",
        size: 240,
        meta: PINNED_TITLE,
        cell: ({ row }) => (
          <TitleText className="block font-medium">{row.original.title}</TitleText>
        ),
      },
      {
        id: "dateRange",
        header: "Date Range",
        enableSorting: false,
        meta: WRAP,
        cell: ({ row }) => dateRangeLabel(row.original.dateRange, timeZone),
      },
      {
        id: "downloads",
        header: "Downloads",
        size: 300,
        enableSorting: false,
        cell: ({ row: { original: r } }) => {
          if (r.status === "queued" || r.status === "generating")
            return (
              <span role="status" className="text-slate-500 dark:text-slate-400">
                Generating...
              </span>
            );
          if (r.status === "failed")
            return (
              <span className="text-red-600 dark:text-red-400">
                {r.errorMessage ?? "Failed to generate report"}
              </span>
            );
          const order = ["parent_csv", "child_csv", "json"];
          const files = [...r.files].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
          return (
            // Two lines of links fit the 40 px row when they wrap (a narrow window): no gap
            // between the lines, which pushed the second one onto the row below.
            <span className="flex flex-wrap items-center gap-x-2">
              {files.map((f) => (
                <FileDownloadButton
                  key={f.id}
                  className={linkClass}
                  title={f.filename}
                  format={f.kind === "json" ? "json" : "csv"}
                  download={(onProgress) => reportsApi.download(orgId, r, f, timeZone, onProgress)}
                  label={
                    f.kind === "parent_csv"
                      ? platform === "youtube"
                        ? "Channels CSV"
                        : "Shows CSV"
                      : f.kind === "child_csv"
                        ? platform === "youtube"
                          ? "Videos CSV"
                          : "Episodes CSV"
                        : (fileLabels[f.kind] ?? f.filename)
                  }
                />
              ))}
              {r.googleSheetUrl && (
                <a className={linkClass} href={r.googleSheetUrl} target="_blank" rel="noreferrer">
                  Spreadsheet
                </a>
              )}
              {r.errorMessage && !r.googleSheetUrl && (
                <span className="text-xs text-amber-700 dark:text-amber-400" title={r.errorMessage}>
                  No spreadsheet
                </span>
              )}
            </span>
          );
        },
      },
      {
        id: "createdAt",
        header: "Created",
        size: CREATED_WIDTH,
        meta: WRAP,
        cell: ({ row }) => formatCreatedAt(new Date(row.original.createdAt), timeZone),
      },
    ],
    [orgId, timeZone, platform],
  );

  const filteredReports = useMemo(() => {
    const q = search.trim().toLowerCase();
    // The date filter is on created_at, whole days of the organisation's calendar (the Created
    // column's). Today's To is no bound: nothing is created later.
    const rows = (reports.data?.reports ?? []).filter(
      (r) =>
        (!q || r.title.toLowerCase().includes(q)) &&
        onZonedDays(Date.parse(r.createdAt), from, pickedTo ?? "", timeZone),
    );
    const [sort] = sorting;
    if (!sort) return rows;
    const key = (r: ReportView) => (sort.id === "title" ? r.title.toLowerCase() : r.createdAt);
    return [...rows].sort(
      (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.desc ? -1 : 1),
    );
  }, [reports.data, search, from, pickedTo, timeZone, sorting]);

  if (reports.isPending || entities.isPending) return <PageLoading />;
  const data = reports.data;
  const noEntities = (entities.data ?? []).length === 0;

  return (
    <div className="space-y-6">
      {data && !data.sheetsAvailable && (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
        >
          Spreadsheet reports are temporarily unavailable because no working Google account is
          connected. CSV and JSON reports work as usual.
          {isAdmin && (
            <>
              {" "}
              <Link to="/organization-settings" className="font-medium underline">
                Connect Google in Organization Settings
              </Link>
            </>
          )}
        </div>
      )}
      <div className="flex items-center">
        <h2 className="mr-auto text-xl font-semibold">
          {platform === "youtube" ? "YouTube" : "Simplecast"} Reports
        </h2>
        <Button onClick={() => setDialog({ editing: null })} disabled={noEntities}>
          <Plus className="h-4 w-4" aria-hidden /> New Report
        </Button>
      </div>
      <section
        aria-labelledby="recurring-title"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="recurring-title" className="mb-3 font-semibold">
          Recurring Reports
        </h3>
        <DataTable
          rowLabel={byTitle}
          label="Recurring reports"
          columns={scheduleColumns}
          rows={data?.schedules ?? []}
          getRowId={(s) => s.id}
          total={data?.schedules.length ?? 0}
          page={1}
          pageSize={PAGE_SIZE}
          onPageChange={() => undefined}
          sorting={[]}
          onSortingChange={() => undefined}
          loading={false}
          emptyText={reportMessages.noSchedules}
          searchable={false}
          search=""
          onSearchChange={() => undefined}
          onEdit={(s) => setDialog({ editing: s })}
          onDeleteSelected={async (rows) => {
            try {
              const { deleted } = await reportsApi.removeSchedules(
                orgId,
                rows.map((r) => r.id),
              );
              toast.success(reportMessages.schedulesDeleted(deleted));
              refresh();
            } catch (e) {
              toast.error(serverMessage(e, reportMessages.deleteSchedulesFailed));
            }
          }}
        />
      </section>
      <section
        aria-labelledby="reports-title"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="reports-title" className="mb-3 font-semibold">
          Reports
        </h3>
        <DataTable
          rowLabel={byTitle}
          label="Reports"
          columns={reportColumns}
          rows={filteredReports.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
          getRowId={(r) => r.id}
          total={filteredReports.length}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          sorting={sorting}
          onSortingChange={setSorting}
          loading={false}
          emptyText={
            noEntities
              ? `Add ${platform === "youtube" ? "channels" : "shows"} on the dashboard first, then create a report.`
              : // A search or dates that match nothing is not an empty list (as the tables say).
                (reports.data?.reports.length ?? 0) > 0
                ? "No reports match."
                : "No reports yet. Create one with New Report."
          }
          search={search}
          onSearchChange={(q) => {
            setSearch(q);
            setPage(1);
          }}
          toolbar={
            <div className="flex flex-wrap items-end gap-2 text-sm">
              <label>
                From
                <input
                  type="date"
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                  className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
                />
              </label>
              <label>
                To
                <input
                  type="date"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                  className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
                />
              </label>
            </div>
          }
          deleteWarning="This also deletes their CSV and JSON files (spreadsheets stay in Google Drive). It cannot be undone."
          onDeleteSelected={async (rows) => {
            try {
              const { deleted } = await reportsApi.remove(
                orgId,
                rows.map((r) => r.id),
              );
              toast.success(reportMessages.deleted(deleted));
              refresh();
            } catch (e) {
              toast.error(serverMessage(e, reportMessages.deleteFailed));
            }
          }}
        />
      </section>
      {dialog && (
        <ReportDialog
          key={dialog.editing?.id ?? "new"}
          orgId={orgId}
          platform={platform}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          entities={entities.data ?? []}
          persistentSheets={data?.persistentSheets ?? []}
          editing={dialog.editing}
          onSaved={refresh}
        />
      )}
    </div>
  );
}
