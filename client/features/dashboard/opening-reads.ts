import type { QueryClient } from "@tanstack/react-query";
import type { TableName } from "../../../shared/schemas/tables";
import { tableQueries } from "../tables/table-queries";
import { pageQueryString } from "../tables/table-state";
import { dashboardQueries, type Platform } from "./dashboard-api";

/** The dashboard's sub-tabs: the platform's two tables, then its reports. */
export type SubTab = TableName | "reports";

/** The platform and sub-tab an address opens (the defaults for anything missing or unknown). */
export function dashboardView(params: URLSearchParams): {
  platform: Platform;
  subTabs: SubTab[];
  tab: SubTab;
} {
  const platform: Platform = params.get("platform") === "simplecast" ? "simplecast" : "youtube";
  const subTabs: SubTab[] =
    platform === "youtube" ? ["channels", "videos", "reports"] : ["shows", "episodes", "reports"];
  const requested = params.get("tab") as SubTab | null;
  const tab = requested && subTabs.includes(requested) ? requested : subTabs[0]!;
  return { platform, subTabs, tab };
}

/**
 * Asks for what the dashboard shows first at this address: the table's page under the tabs, the
 * platform's channel (or show) list, and the integrations' status, in that order (D1 answers one
 * statement at a time, and the rows come first). The route runs this as soon as the session is
 * known, while the dashboard's own code is still arriving and before its first render: waiting
 * for the page's effects sent the table's page about 0.3 s after its code had come (issue 15,
 * docs/performance.md "The Videos tab's reads sent with the session"). The dashboard reads the
 * same cache entries, so nothing is asked for twice.
 */
export function startDashboardReads(
  queryClient: QueryClient,
  organization: { id: string; timezone: string },
  params: URLSearchParams,
) {
  const { id: orgId, timezone } = organization;
  const { platform, tab } = dashboardView(params);
  if (tab !== "reports") {
    const query = pageQueryString(tab, params, timezone);
    void queryClient.prefetchQuery(tableQueries.page(orgId, tab, query));
  }
  if (platform === "youtube") void queryClient.prefetchQuery(dashboardQueries.channels(orgId));
  else void queryClient.prefetchQuery(dashboardQueries.shows(orgId));
  void queryClient.prefetchQuery(dashboardQueries.status(orgId));
}
