import { detailsApi } from "../../../shared/api/details";
import type { DetailKind, WatchTimeSeries } from "../../../shared/schemas/details";
import { routeQuery } from "../../lib/query/route-query";

export type { DetailKind, WatchTimeSeries };

/**
 * The detail panel's cached reads, keyed and typed by their routes (shared/api/details.ts): the
 * series and pacing answers are the Worker's own schemas, never a copy.
 */
export const detailQueries = {
  series: routeQuery(
    detailsApi.series,
    (orgId, kind: DetailKind, id: string, from: string, to: string) => ({
      params: { orgId, kind, id },
      query: { from, to },
    }),
  ),
  pacing: routeQuery(detailsApi.pacing, (orgId, kind: DetailKind, id: string) => ({
    params: { orgId, kind, id },
  })),
};
