import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Plus, RefreshCw } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { dateRangeTypes } from "../../../shared/schemas/date-range";
import type { TableName } from "../../../shared/schemas/tables";
import { DialogBoundary } from "../../components/DialogBoundary";
import { Button } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { TabList, TabPanel, useChosenTab } from "../../components/Tabs";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { usePageTitle } from "../../lib/page-title";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { useUrlParams } from "../../lib/use-url-params";
import { Overview } from "../overview/Overview";
import { type OverviewPeriodChoice, overviewQueries } from "../overview/overview-api";
import { useOwnerOutcome } from "../owner/use-owner-outcome";
import { TablesView } from "../tables/TablesView";
import { tableQueries } from "../tables/table-queries";
import { pageQueryString } from "../tables/table-state";
import {
  dashboardApi,
  dashboardQueries,
  ingestionMessages,
  loadFailedMessages,
  type Platform,
} from "./dashboard-api";
import { dashboardView, type SubTab } from "./opening-reads";
import { RecentActivity } from "./RecentActivity";

const AddChannelDialog = lazy(() =>
  import("./AddChannelDialog").then((m) => ({ default: m.AddChannelDialog })),
);
const AddShowsDialog = lazy(() =>
  import("./AddShowsDialog").then((m) => ({ default: m.AddShowsDialog })),
);
const PlatformReports = lazy(() => import("../reports/PlatformReports"));
const addDialogs = { youtube: AddChannelDialog, simplecast: AddShowsDialog };

const subTabLabel: Record<SubTab, string> = {
  channels: "Channels",
  videos: "Videos",
  shows: "Shows",
  episodes: "Episodes",
  reports: "Reports",
};
/** URL keys of the overview's period: kept when the platform or table changes. */
const PERIOD_KEYS = ["period", "periodFrom", "periodTo"] as const;
const periodFrom = (params: URLSearchParams): OverviewPeriodChoice => {
  const range = params.get("period");
  return {
    range: (dateRangeTypes as readonly string[]).includes(range ?? "")
      ? (range as OverviewPeriodChoice["range"])
      : "30days",
    from: params.get("periodFrom") ?? undefined,
    to: params.get("periodTo") ?? undefined,
  };
};
const keepPeriod = (params: URLSearchParams, next: Record<string, string>) => {
  const kept = new URLSearchParams(next);
  for (const key of PERIOD_KEYS) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  return kept;
};

export default function DashboardPage() {
  usePageTitle("Dashboard");
  const { organization, isAdmin, user } = useAuth();
  const orgId = organization?.id ?? "";
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  // The platform lives in the URL so reload and back/forward keep it.
  const [params, updateParams] = useUrlParams();
  const { platform, subTabs, tab } = dashboardView(params);
  // The tab chosen shows selected at once, while its panel loads (useChosenTab).
  const platformChoice = useChosenTab(platform);
  const tableChoice = useChosenTab(tab);
  const [adding, setAdding] = useState(false);
  const [tableShown, setTableShown] = useState(false);
  const onTableLoaded = useCallback(() => setTableShown(true), []);
  const status = useQuery({
    ...dashboardQueries.status(orgId),
    enabled: !!orgId,
  });
  const channels = useQuery({
    ...dashboardQueries.channels(orgId),
    enabled: !!orgId && platform === "youtube",
  });
  const shows = useQuery({
    ...dashboardQueries.shows(orgId),
    enabled: !!orgId && platform === "simplecast",
  });
  // The table under the tabs is shown once the channel (or show) list says there is one, but its
  // first page does not depend on that list: asked for at the same time, the rows are not a round
  // trip behind it (issue 15, rows visible within a second). Same key as TablesView's page query.
  // The route asks for the opening address's reads before this page renders (opening-reads.ts);
  // this covers a platform or tab changed on the page.
  const firstTable: TableName | null = tab === "reports" ? null : tab;
  const firstPageQuery = firstTable ? pageQueryString(firstTable, params, timeZone) : "";
  useEffect(() => {
    if (!orgId || !firstTable) return;
    void queryClient.prefetchQuery(tableQueries.page(orgId, firstTable, firstPageQuery));
  }, [queryClient, orgId, firstTable, firstPageQuery]);
  // D1 answers one statement at a time, and with 100,000 videos the overview's is by far the
  // longest (0.4-0.9 s). Asked for first (a child's effect runs before its parent's), it held the
  // table's first page, the channel list and the status behind it (issue 15). So the overview is
  // asked for one render later, right after the requests above.
  const [quickReadsSent, setQuickReadsSent] = useState(false);
  useEffect(() => {
    if (orgId) setQuickReadsSent(true);
  }, [orgId]);
  useOwnerOutcome(channels.data?.channels);
  // Once this platform's first view has settled, the other platform's list is read too, so
  // switching platforms knows at once whether there is anything to show. Asked for on the switch,
  // an organisation without shows saw the podcast overview flash up and vanish. Not asked for
  // earlier: D1 answers one statement at a time, and the first rows come first (issue 15).
  const list = platform === "youtube" ? channels : shows;
  const AddDialog = addDialogs[platform];
  const count =
    platform === "youtube"
      ? (channels.data?.channels.length ?? 0)
      : (shows.data?.shows.length ?? 0);
  const firstViewSettled = tableShown || (!list.isPending && (count === 0 || tab === "reports"));
  useEffect(() => {
    if (!orgId || !firstViewSettled) return;
    if (platform === "youtube") void queryClient.prefetchQuery(dashboardQueries.shows(orgId));
    else void queryClient.prefetchQuery(dashboardQueries.channels(orgId));
  }, [queryClient, orgId, platform, firstViewSettled]);
  const period = periodFrom(params);
  // The dates the overview shows, read from its cached answer (never asked for here: the
  // overview asks when its turn comes), so a detail opened below opens on the same days.
  const overviewSpan = useQuery({
    ...overviewQueries.period(orgId, platform, period.range, period.from ?? "", period.to ?? ""),
    enabled: false,
    select: (answer) => answer.period,
  }).data;
  if (!organization) return <PageLoading />;

  const connected = (type: Platform) =>
    status.data?.integrations.some((i) => i.type === type && i.status === "active") ?? false;
  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "ingestion") });
    void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "tables") });
    void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "overview") });
  };
  const refresh = async () => {
    try {
      await dashboardApi.refresh(orgId, platform);
      if (platform === "youtube") toast.success(ingestionMessages.channelUpdateInitiated);
      else {
        // As the spec does for refresh-simplecast: give the light refresh two seconds, then re-read.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        toast.success(ingestionMessages.refreshedSimplecast);
      }
      refreshAll();
    } catch (e) {
      toast.error(
        serverMessage(
          e,
          platform === "youtube"
            ? loadFailedMessages.youtube
            : ingestionMessages.refreshSimplecastFailed,
        ),
      );
    }
  };
  const parents =
    platform === "youtube"
      ? (channels.data?.channels ?? []).map((c) => ({ value: c.id, label: c.title }))
      : (shows.data?.shows ?? []).map((s) => ({ value: s.id, label: s.title }));

  const expectedRows =
    tab === "channels" || tab === "shows"
      ? count
      : platform === "youtube"
        ? Math.min(
            200,
            (channels.data?.channels ?? []).reduce((sum, c) => sum + c.videoCount, 0),
          )
        : Math.min(
            200,
            (shows.data?.shows ?? []).reduce((sum, c) => sum + c.totalEpisodes, 0),
          );
  // A change of the period builds on the newest address, so two quick changes (both dates of a
  // custom period) each keep the other.
  const setPeriod = (change: Partial<OverviewPeriodChoice>) =>
    updateParams(
      (current) => {
        const next = { ...periodFrom(current), ...change };
        const updated = new URLSearchParams(current);
        updated.set("period", next.range);
        for (const [key, value] of [
          ["periodFrom", next.range === "custom" ? next.from : undefined],
          ["periodTo", next.range === "custom" ? next.to : undefined],
        ] as const) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Dashboard</h1>
        <TabList
          label="Platform"
          idBase="platform"
          items={[
            { value: "youtube", label: "YouTube" },
            { value: "simplecast", label: "Simplecast" },
          ]}
          selected={platformChoice.selected}
          onSelect={(p) => {
            platformChoice.choose(p);
            updateParams((current) => keepPeriod(current, { platform: p }));
          }}
          className="flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700"
        />
        <Button
          variant="secondary"
          onClick={() => void refresh()}
          disabled={list.isFetching || count === 0}
        >
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />{" "}
          {platform === "youtube" ? "Add Channel" : "Add Show"}
        </Button>
        {/* Disabled while loading or with nothing to report on (spec section 2). */}
        <Button
          variant="secondary"
          disabled={list.isPending || count === 0}
          onClick={() =>
            updateParams(() => new URLSearchParams({ platform, tab: "reports", new: "1" }))
          }
        >
          <FileText className="h-4 w-4" aria-hidden /> New Report
        </Button>
      </div>
      <TabPanel
        idBase="platform"
        selected={platformChoice.selected}
        pending={platformChoice.pending}
        className="space-y-6"
      >
        {(list.isPending || count > 0) && (
          <Overview
            orgId={orgId}
            platform={platform}
            period={period}
            onPeriodChange={setPeriod}
            mayRequest={quickReadsSent}
            concealed={list.isPending}
            onOpenItem={(id) =>
              updateParams((current) =>
                keepPeriod(current, {
                  platform,
                  tab: platform === "youtube" ? "videos" : "episodes",
                  detail: id,
                }),
              )
            }
          />
        )}
        {/* Sub-tabs appear only once there is something to show (spec section 2); while the
            list loads their row is held open so nothing below jumps when they arrive. */}
        {list.isPending ? (
          <div className="h-9" aria-hidden="true" />
        ) : (
          count > 0 && (
            <TabList
              label="Tables"
              idBase="table"
              items={subTabs.map((t) => ({ value: t, label: subTabLabel[t] }))}
              selected={tableChoice.selected}
              onSelect={(t) => {
                tableChoice.choose(t);
                updateParams((current) => keepPeriod(current, { platform, tab: t }));
              }}
            />
          )
        )}
        <TabPanel
          idBase="table"
          selected={tableChoice.selected}
          pending={tableChoice.pending}
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        >
          {list.isPending && (
            <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>
          )}
          {/* A list that failed to load is not an empty list: say why (the server's words, e.g.
              while the organisation is being moved between databases) and offer a retry. */}
          {list.isError && (
            <div role="alert" className="py-10 text-center text-sm text-red-700 dark:text-red-300">
              <p>{serverMessage(list.error, loadFailedMessages[platform])}</p>
              <Button className="mt-3" variant="secondary" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </div>
          )}
          {!list.isPending && !list.isError && count === 0 && (
            <div className="py-10 text-center text-sm text-slate-600 dark:text-slate-300">
              <p>
                {platform === "youtube" ? "No YouTube channels yet." : "No Simplecast shows yet."}
              </p>
              <Button className="mt-3" onClick={() => setAdding(true)}>
                {platform === "youtube" ? "Add Channel" : "Add Show"}
              </Button>
            </div>
          )}
          {count > 0 && tab !== "reports" && (
            <TablesView
              key={tab}
              orgId={orgId}
              userId={user?.id ?? "anonymous"}
              table={tab}
              parents={parents}
              expectedRows={expectedRows}
              onChanged={refreshAll}
              onLoaded={onTableLoaded}
              overviewSpan={overviewSpan}
            />
          )}
          {count > 0 && tab === "reports" && (
            <Suspense fallback={<PageLoading />}>
              <PlatformReports orgId={orgId} platform={platform} />
            </Suspense>
          )}
        </TabPanel>
      </TabPanel>
      {/* Added once the table is on screen: appearing below it moves nothing, whereas a section
          already there would be pushed down by the arriving rows (layout shift). */}
      {firstViewSettled && <RecentActivity orgId={orgId} onJobFinished={refreshAll} />}
      {/* The add dialogs load on first use, keeping them out of the dashboard's first paint. */}
      {adding && (
        // Their code may fail to arrive (offline): the dialog closes with a toast, the page stays.
        <DialogBoundary onFailed={() => setAdding(false)}>
          <Suspense fallback={null}>
            <AddDialog
              orgId={orgId}
              open={adding}
              onOpenChange={setAdding}
              connected={connected(platform)}
              isAdmin={isAdmin}
              onChanged={refreshAll}
            />
          </Suspense>
        </DialogBoundary>
      )}
    </div>
  );
}
