import { overviewApi as routes } from "../../../shared/api/overview";
import { overviewPeriod, zonedDay } from "../../../shared/overview-period";
import { combine, runReads } from "../../db/reads";
import { newRouter, reply } from "../../lib/openapi";
import { contentVersions } from "../tables/totals-cache";
import { keptOverviews, overviewKey } from "./kept-overviews";
import { podcastOverview } from "./podcast";
import { firstMetricDay } from "./queries";
import { youtubeOverview } from "./youtube";

/**
 * The dashboard's overview (under /api/orgs/:orgId/overview): a platform's headline figures for
 * one of the spec's date ranges on the organisation's calendar, each against the previous period
 * of the same length, with sparklines and the top movers. Figures are kept while the
 * organisation's content is unchanged (kept-overviews.ts).
 */
export const overviewRoutes = newRouter().openapi(routes.period, async (c) => {
  const query = c.req.valid("query");
  const org = c.get("org");
  const db = c.var.db;
  const now = new Date();
  // "All time" starts on the organisation's first day of data, not on 1 January 2000. The
  // content's write versions come in the same round trip, before any figure is read.
  const { versions, first } = await runReads(
    db,
    combine(
      contentVersions(db, org.id),
      firstMetricDay(org.id, db, query.platform),
      (versions, first) => ({ versions, first }),
    ),
  );
  const period = overviewPeriod(
    { type: query.range, from: query.from, to: query.to },
    now,
    org.timezone,
    first,
  );
  // Today on the organisation's calendar, and on the UTC one snapshots are keyed by.
  const days = { organization: zonedDay(now, org.timezone), utc: now.toISOString().slice(0, 10) };
  const key = overviewKey(org.id, { ...days, zone: org.timezone }, query.platform, period);
  let figures = keptOverviews.current(key, versions);
  if (!figures) {
    figures =
      query.platform === "youtube"
        ? await youtubeOverview(db, org.id, period, days, org.timezone)
        : await podcastOverview(db, org.id, period, org.timezone);
    keptOverviews.set(key, versions, figures);
  }
  return reply(c, routes.period, {
    platform: query.platform,
    period: { from: period.from, to: period.to, days: period.days },
    previous: period.previous,
    bucketDays: period.bucketDays,
    ...figures,
  });
});
