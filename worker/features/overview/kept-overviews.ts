import type { OverviewPeriod } from "../../../shared/overview-period";
import type { OverviewQuery } from "../../../shared/schemas/overview";
import { VersionedCache } from "../../lib/versioned-cache";
import type { podcastOverview } from "./podcast";
import type { youtubeOverview } from "./youtube";

/*
 * Overview figures, kept per isolate while the organisation's content is unchanged.
 *
 * The overview's top movers weigh every video of the organisation against its history (one
 * snapshot seek a video): at 100,000 videos about 70 ms of SQL and 120-180 ms an answer, asked
 * by every Dashboard visit, while the figures change only when content does (an ingestion, a
 * refresh, the hourly snapshot of young videos). They are kept under the organisation's write
 * versions (table_stats.version, bumped by triggers on every write to channels, videos, shows and
 * episodes; tables/totals-cache.ts), read before the figures: a write after that read makes the
 * versions differ at the next ask, so kept figures are never older than the versions they are
 * used under. Snapshots (channel_metrics, video_metrics, show_metrics, episode_metrics) are
 * written in the same batches as their channel, video, show or episode rows, which bumps the
 * versions; the development history backfill, which writes snapshots alone, bumps them itself.
 */

export type OverviewFigures =
  | Awaited<ReturnType<typeof youtubeOverview>>
  | Awaited<ReturnType<typeof podcastOverview>>;

/**
 * The figures' key: what they are computed from besides the content. The organisation, its
 * calendar's today and the UTC one (snapshots are keyed by UTC days, and a period ending today
 * ends at the live count), the platform and the period's days.
 */
export function overviewKey(
  orgId: string,
  days: { organization: string; utc: string; zone: string },
  platform: OverviewQuery["platform"],
  period: OverviewPeriod,
): string {
  return JSON.stringify([orgId, days.organization, days.utc, days.zone, platform, period]);
}

/** An answer is a few kilobytes (sparklines of up to 90 points, five movers). */
export const keptOverviews = new VersionedCache<OverviewFigures>(500);
