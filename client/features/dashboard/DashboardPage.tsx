import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Plus, RefreshCw } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import type { TableName } from "../../../shared/schemas/tables";
import { Button } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { toast } from "../../lib/toast";
import { TablesView } from "../tables/TablesView";
import { dashboardApi, dashboardKeys, ingestionMessages, type Platform } from "./dashboard-api";
import { RecentActivity } from "./RecentActivity";

const AddChannelDialog = lazy(() =>
  import("./AddChannelDialog").then((m) => ({ default: m.AddChannelDialog })),
);
const AddShowsDialog = lazy(() =>
  import("./AddShowsDialog").then((m) => ({ default: m.AddShowsDialog })),
);
const PlatformReports = lazy(() => import("../reports/PlatformReports"));

/** The dashboard's sub-tabs: the platform's two tables, then its reports. */
type SubTab = TableName | "reports";

const tabClass = (active: boolean) =>
  `rounded-md px-4 py-2 text-sm font-medium ${active ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`;

export default function DashboardPage() {
  const { organization, isAdmin } = useAuth();
  const orgId = organization?.id ?? "";
  const queryClient = useQueryClient();
  // The platform lives in the URL so reload and back/forward keep it.
  const [params, setParams] = useSearchParams();
  const platform: Platform = params.get("platform") === "simplecast" ? "simplecast" : "youtube";
  const [adding, setAdding] = useState(false);
  const status = useQuery({
    queryKey: dashboardKeys.status(orgId),
    queryFn: () => dashboardApi.status(orgId),
    enabled: !!orgId,
  });
  const channels = useQuery({
    queryKey: dashboardKeys.channels(orgId),
    queryFn: () => dashboardApi.channels(orgId),
    enabled: !!orgId && platform === "youtube",
  });
  const shows = useQuery({
    queryKey: dashboardKeys.shows(orgId),
    queryFn: () => dashboardApi.shows(orgId),
    enabled: !!orgId && platform === "simplecast",
  });
  if (!organization) return <PageLoading />;

  const connected = (type: Platform) =>
    status.data?.integrations.some((i) => i.type === type && i.status === "active") ?? false;
  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(orgId) });
    void queryClient.invalidateQueries({ queryKey: ["table", orgId] });
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
            ? "Failed to load YouTube data"
            : ingestionMessages.refreshSimplecastFailed,
        ),
      );
    }
  };
  const list = platform === "youtube" ? channels : shows;
  const count =
    platform === "youtube"
      ? (channels.data?.channels.length ?? 0)
      : (shows.data?.shows.length ?? 0);
  const subTabs: SubTab[] =
    platform === "youtube" ? ["channels", "videos", "reports"] : ["shows", "episodes", "reports"];
  const requested = params.get("tab") as SubTab | null;
  const tab: SubTab = requested && subTabs.includes(requested) ? requested : subTabs[0]!;
  const parents =
    platform === "youtube"
      ? (channels.data?.channels ?? []).map((c) => ({ value: c.id, label: c.title }))
      : (shows.data?.shows ?? []).map((s) => ({ value: s.id, label: s.title }));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Dashboard</h1>
        <div
          role="tablist"
          aria-label="Platform"
          className="flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-800"
        >
          {(["youtube", "simplecast"] as const).map((p) => (
            <button
              type="button"
              key={p}
              role="tab"
              aria-selected={platform === p}
              className={tabClass(platform === p)}
              onClick={() => setParams({ platform: p })}
            >
              {p === "youtube" ? "YouTube" : "Simplecast"}
            </button>
          ))}
        </div>
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
          onClick={() => setParams({ platform, tab: "reports", new: "1" })}
        >
          <FileText className="h-4 w-4" aria-hidden /> New Report
        </Button>
      </div>
      {count > 0 && (
        // Sub-tabs appear only once there is something to show (spec section 2).
        <div role="tablist" aria-label="Tables" className="flex gap-1">
          {subTabs.map((t) => (
            <button
              type="button"
              key={t}
              role="tab"
              aria-selected={tab === t}
              className={tabClass(tab === t)}
              onClick={() => setParams({ platform, tab: t })}
            >
              {t.charAt(0).toUpperCase() + t.slice(1)}
            </button>
          ))}
        </div>
      )}
      <section
        role="tabpanel"
        aria-label={tab}
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        {list.isPending && <p className="text-sm text-slate-500">Loading...</p>}
        {!list.isPending && count === 0 && (
          <div className="py-10 text-center text-sm text-slate-500">
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
            table={tab}
            parents={parents}
            onChanged={refreshAll}
          />
        )}
        {count > 0 && tab === "reports" && (
          <Suspense fallback={<PageLoading />}>
            <PlatformReports orgId={orgId} platform={platform} />
          </Suspense>
        )}
      </section>
      <RecentActivity orgId={orgId} />
      {/* The add dialogs load on first use, keeping them out of the dashboard's first paint. */}
      {adding && (
        <Suspense fallback={null}>
          {platform === "youtube" ? (
            <AddChannelDialog
              orgId={orgId}
              open={adding}
              onOpenChange={setAdding}
              connected={connected("youtube")}
              isAdmin={isAdmin}
              onChanged={refreshAll}
            />
          ) : (
            <AddShowsDialog
              orgId={orgId}
              open={adding}
              onOpenChange={setAdding}
              connected={connected("simplecast")}
              isAdmin={isAdmin}
              onChanged={refreshAll}
            />
          )}
        </Suspense>
      )}
    </div>
  );
}
