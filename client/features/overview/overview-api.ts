import type { DateRangeType } from "../../../shared/schemas/date-range";
import { overviewSchema } from "../../../shared/schemas/overview";
import { api } from "../../lib/api/client";
import { orgQuery } from "../../lib/query/define-query";
import type { Platform } from "../dashboard/dashboard-api";

export type OverviewPeriodChoice = { range: DateRangeType; from?: string; to?: string };

/** One cache entry per platform and period (range, then custom bounds or ""). */
export const overviewQueries = {
  period: orgQuery(
    "overview",
    "period",
    (orgId, platform: Platform, range: DateRangeType, from: string, to: string) => {
      const query = new URLSearchParams({ platform, range });
      if (range === "custom" && from && to) {
        query.set("from", from);
        query.set("to", to);
      }
      return api(`/api/orgs/${orgId}/overview?${query}`, overviewSchema);
    },
  ),
};
