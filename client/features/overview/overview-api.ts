import { overviewApi } from "../../../shared/api/overview";
import type { DateRangeType } from "../../../shared/schemas/date-range";
import { routeQuery } from "../../lib/query/route-query";
import type { Platform } from "../dashboard/dashboard-api";

export type OverviewPeriodChoice = { range: DateRangeType; from?: string; to?: string };

/** One cache entry per platform and period (range, then custom bounds or ""). */
export const overviewQueries = {
  period: routeQuery(
    overviewApi.period,
    (orgId, platform: Platform, range: DateRangeType, from: string, to: string) => ({
      params: { orgId },
      query: range === "custom" && from && to ? { platform, range, from, to } : { platform, range },
    }),
  ),
};
