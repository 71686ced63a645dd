import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageLoading } from "../../components/PageLoading";
import { TabList, TabPanel, useChosenTab } from "../../components/Tabs";
import { useAuth } from "../../lib/auth/AuthProvider";
import { usePageTitle } from "../../lib/page-title";

// Each tab is its own chunk: the multi-channel board (dnd-kit, virtual lists) loads only when opened.
const PlatformReports = lazy(() => import("./PlatformReports"));
const MultiChannelTab = lazy(() => import("../multichannel/MultiChannelTab"));

const tabs = [
  { value: "youtube", label: "YouTube" },
  { value: "simplecast", label: "Simplecast" },
  { value: "multi-channel", label: "Multi-Channel" },
] as const;
type ReportsTab = (typeof tabs)[number]["value"];

export default function ReportsPage() {
  usePageTitle("Reports");
  const { organization } = useAuth();
  // The tab lives in the URL so reload and back/forward keep it.
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: ReportsTab = tabs.some((t) => t.value === requested)
    ? (requested as ReportsTab)
    : "youtube";
  const chosen = useChosenTab(tab);
  if (!organization) return <PageLoading />;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Reports</h1>
        <TabList
          label="Report type"
          idBase="reports"
          items={[...tabs]}
          selected={chosen.selected}
          onSelect={(value) => {
            chosen.choose(value);
            setParams({ tab: value });
          }}
          className="flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-800"
        />
      </div>
      <TabPanel idBase="reports" selected={chosen.selected} pending={chosen.pending}>
        <Suspense fallback={<PageLoading />}>
          {tab === "multi-channel" ? (
            <MultiChannelTab orgId={organization.id} />
          ) : (
            <PlatformReports key={tab} orgId={organization.id} platform={tab} />
          )}
        </Suspense>
      </TabPanel>
    </div>
  );
}
