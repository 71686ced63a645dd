import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import { Plus } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { dateRangeLabel } from "../../../shared/date-ranges";
import { formatCreatedAt } from "../../../shared/schedule";
import type { MultiChannelReportRow } from "../../../shared/schemas/multichannel";
import { DialogBoundary } from "../../components/DialogBoundary";
import { DataTable } from "../../components/data-table/DataTable";
import { CREATED_WIDTH, PINNED_TITLE, WRAP } from "../../components/data-table/meta";
import { FileDownloadButton } from "../../components/FileDownloadButton";
import { Button } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { TitleText } from "../../components/TitleText";
import { serverMessage } from "../../lib/api/errors";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { dashboardQueries } from "../dashboard/dashboard-api";
import { multiChannelApi, multiChannelMessages, multiChannelQueries } from "./multichannel-api";
import { SetupFlow, type SetupValues } from "./SetupFlow";

const byTitle = (row: { title: string }) => row.title;

// The board (dnd-kit, virtual lists) is its own chunk, loaded when a preview opens.
const PreviewBoard = lazy(() => import("./board/PreviewBoard"));

/** "up to 2 names plus '(+N more)'" for each kind, channels and shows joined by ' + '. */
export function summaryOf(channelTitles: string[], showTitles: string[]): string {
  const part = (names: string[]) =>
    names.length <= 2
      ? names.join(", ")
      : `${names.slice(0, 2).join(", ")} (+${names.length - 2} more)`;
  return [part(channelTitles), part(showTitles)].filter(Boolean).join(" + ");
}

const PAGE_SIZE = 200;

export default function MultiChannelTab({ orgId }: { orgId: string }) {
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The open preview lives in the URL, so a reload or a shared link reopens the board.
  const [params, setParams] = useSearchParams();
  const openPreview = params.get("preview");
  const [settingUp, setSettingUp] = useState(false);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([]);

  const list = useQuery({
    ...multiChannelQueries.list(orgId),
  });
  const channels = useQuery({
    ...dashboardQueries.channels(orgId),
  });
  const shows = useQuery({
    ...dashboardQueries.shows(orgId),
  });
  useEffect(() => {
    if (list.isError) toast.error(multiChannelMessages.loadFailed);
  }, [list.isError]);
  // "Back to Merge Options" from a board reopens the flow with that preview's setup.
  const [resume, setResume] = useState<SetupValues | null>(null);
  // The draft "Back to Merge Options" left: the preview made from the new options replaces it.
  // It stayed in the list beside the new one, a second draft of the same report.
  const [replacing, setReplacing] = useState<string | null>(null);
  // Focus after the board closes when what opened it is gone (the setup dialog, a link).
  const newReport = useRef<HTMLButtonElement>(null);

  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "multi-channel") });
  const setPreview = useCallback(
    (previewId: string | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (previewId) next.set("preview", previewId);
        else next.delete("preview");
        return next;
      }),
    [setParams],
  );

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = list.data?.reports ?? [];
    const filtered = q
      ? all.filter((r) =>
          [r.title, ...r.channelTitles, ...r.showTitles].some((t) => t.toLowerCase().includes(q)),
        )
      : all;
    const [sort] = sorting;
    if (!sort) return filtered;
    const key = (r: MultiChannelReportRow) =>
      sort.id === "title" ? r.title.toLowerCase() : r.createdAt;
    return [...filtered].sort(
      (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.desc ? -1 : 1),
    );
  }, [list.data, search, sorting]);

  const columns = useMemo<Array<ColumnDef<MultiChannelReportRow>>>(
    () => [
      {
        id: "title",
        header: "Title",
        size: 220,
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
        id: "summary",
        header: "Summary",
        size: 260,
        enableSorting: false,
        meta: WRAP,
        cell: ({ row }) => summaryOf(row.original.channelTitles, row.original.showTitles),
      },
      {
        id: "downloads",
        header: "Downloads",
        size: 220,
        enableSorting: false,
        cell: ({ row }) => {
          const r = row.original;
          if (r.status !== "completed" || !r.reportId || r.files.length === 0)
            return <span className="text-slate-500 dark:text-slate-400">Not available</span>;
          const label = {
            matches_csv: "Matches CSV",
            comprehensive_csv: "Full CSV",
            json: "JSON",
          } as Record<string, string>;
          return (
            <span className="flex flex-wrap gap-x-2">
              {r.files.map((f) => (
                <FileDownloadButton
                  key={f.id}
                  className="text-indigo-600 hover:underline dark:text-indigo-400"
                  format={f.kind === "json" ? "json" : "csv"}
                  download={(onProgress) =>
                    multiChannelApi.download(
                      orgId,
                      { ...r, id: r.reportId! },
                      f,
                      timeZone,
                      onProgress,
                    )
                  }
                  label={label[f.kind] ?? f.filename}
                />
              ))}
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
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="px-3 py-1"
            // Named after its report: a list of "Continue" buttons told a screen reader nothing.
            aria-label={`${row.original.status === "completed" ? "View" : "Continue"} ${row.original.title}`}
            onClick={() => setPreview(row.original.id)}
          >
            {row.original.status === "completed" ? "View" : "Continue"}
          </Button>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [orgId, timeZone, setPreview],
  );

  if (list.isPending || channels.isPending || shows.isPending) return <PageLoading />;
  const channelList = channels.data?.channels ?? [];
  const showList = shows.data?.shows ?? [];

  if (channelList.length === 0 || showList.length === 0) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">Multi-Channel Reports</h2>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          Multi-channel reports need at least one YouTube channel and one podcast show. Add both on
          the dashboard first.
        </p>
        <Button className="mt-4" onClick={() => navigate("/dashboard")}>
          Go to Dashboard
        </Button>
      </section>
    );
  }

  const counts = list.data?.counts ?? {
    channels: channelList.length,
    shows: showList.length,
    reports: 0,
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-3">
        <div className="mr-auto">
          <h2 className="text-xl font-semibold">Multi-Channel Reports</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Combine video and podcast content with intelligent matching.
          </p>
        </div>
        <Button
          ref={newReport}
          onClick={() => {
            setResume(null);
            setReplacing(null);
            setSettingUp(true);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden /> New Multi-Channel Report
        </Button>
      </div>
      {/* Three across on a phone too: stacked, the three figures pushed the reports below the
          first screen. */}
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        {[
          ["YouTube Channels", counts.channels],
          ["Podcast Shows", counts.shows],
          ["Multi-Channel Reports", counts.reports],
        ].map(([label, value]) => (
          <div
            key={label}
            className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-label="Multi-channel reports"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <DataTable
          rowLabel={byTitle}
          label="Multi-channel reports"
          columns={columns}
          rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
          getRowId={(r) => r.id}
          total={rows.length}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          sorting={sorting}
          onSortingChange={setSorting}
          loading={list.isFetching && !list.data}
          emptyText={
            (list.data?.reports.length ?? 0) > 0
              ? "No multi-channel reports match."
              : "No multi-channel reports yet. Create one with New Multi-Channel Report."
          }
          search={search}
          onSearchChange={(q) => {
            setSearch(q);
            setPage(1);
          }}
          deleteWarning="This also deletes their pairings and files. It cannot be undone."
          onDeleteSelected={async (selected) => {
            try {
              const { deleted } = await multiChannelApi.remove(
                orgId,
                selected.map((r) => r.id),
              );
              toast.success(multiChannelMessages.deleted(deleted));
              refresh();
            } catch (e) {
              toast.error(serverMessage(e, multiChannelMessages.deleteFailed));
            }
          }}
        />
      </section>
      <SetupFlow
        key={resume ? JSON.stringify(resume) : "new"}
        resume={resume}
        resumedPreviewId={replacing}
        orgId={orgId}
        open={settingUp}
        onOpenChange={setSettingUp}
        channels={channelList.map((c) => ({ id: c.id, title: c.title }))}
        shows={showList.map((s) => ({ id: s.id, title: s.title }))}
        onPreview={(previewId) => {
          setSettingUp(false);
          if (replacing && replacing !== previewId)
            void multiChannelApi
              .remove(orgId, [replacing])
              .catch(() => undefined)
              .finally(refresh);
          setReplacing(null);
          refresh();
          setPreview(previewId);
        }}
      />
      {openPreview && (
        // The board's code may fail to arrive (offline): it closes with a toast, the tab stays.
        <DialogBoundary key={openPreview} onFailed={() => setPreview(null)}>
          <Suspense fallback={<PageLoading label="Loading preview" />}>
            <PreviewBoard
              orgId={orgId}
              previewId={openPreview}
              onClose={() => {
                setPreview(null);
                refresh();
              }}
              onBackToMerge={(setup) => {
                setReplacing(openPreview);
                setResume(setup);
                setPreview(null);
                setSettingUp(true);
              }}
              onGenerated={refresh}
              returnFocus={newReport}
            />
          </Suspense>
        </DialogBoundary>
      )}
    </div>
  );
}
