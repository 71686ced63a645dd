import type { DateRangeType } from "../../../shared/schemas/date-range";
import { overviewSchema } from "../../../shared/schemas/overview";
import { api } from "../../lib/api/client";
import type { Platform } from "../dashboard/dashboard-api";

export type OverviewPeriodChoice = { range: DateRangeType; from?: string; to?: string };

/** One cache entry per platform and period; every entry holds an Overview. */
export const overviewKeys = {
  all: (orgId: string) => ["overview", orgId] as const,
  period: (orgId: string, platform: Platform, p: OverviewPeriodChoice) =>
    ["overview", orgId, platform, p.range, p.from ?? "", p.to ?? ""] as const,
};

export function fetchOverview(orgId: string, platform: Platform, p: OverviewPeriodChoice) {
  const query = new URLSearchParams({ platform, range: p.range });
  if (p.range === "custom" && p.from && p.to) {
    query.set("from", p.from);
    query.set("to", p.to);
  }
  return api(`/api/orgs/${orgId}/overview?${query}`, overviewSchema);
}
