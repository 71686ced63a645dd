import { and, eq, type SQL, sql } from "drizzle-orm";
import type { TrailingWindow } from "../../../shared/metrics";
import { channels, videos } from "../../db/schema";

/** The stored window columns the one computation writes (windows.ts, owner-windows.ts). */

/**
 * Whose windows a computation writes: one channel, a whole organisation, or some videos of one
 * organisation by external id (one write batch of a large channel, whose channel-level figures
 * are written in a batch of their own: youtube-ingest.ts).
 */
export type WindowScope =
  | { channelId: string }
  | { organizationId: string }
  | { videos: { organizationId: string; externalIds: readonly string[] } };

/** The videos a scope covers. The id list is one bound JSON array (D1 binds at most 100 values). */
export function videosInScope(scope: WindowScope): SQL {
  if ("videos" in scope)
    return and(
      eq(videos.organizationId, scope.videos.organizationId),
      sql`${videos.externalId} in (select value from json_each(${JSON.stringify(scope.videos.externalIds)}))`,
    ) as SQL;
  return "channelId" in scope
    ? eq(videos.channelId, scope.channelId)
    : eq(videos.organizationId, scope.organizationId);
}

/** The channels a scope covers; null when it names videos only. */
export function channelsInScope(scope: WindowScope): SQL | null {
  if ("videos" in scope) return null;
  return "channelId" in scope
    ? eq(channels.id, scope.channelId)
    : eq(channels.organizationId, scope.organizationId);
}

export const channelTrailing: Record<TrailingWindow, { name: string }> = {
  "1d": channels.trailing1dViews,
  "1w": channels.trailing1wViews,
  "1m": channels.trailing1mViews,
  "1y": channels.trailing1yViews,
};

export const videoTrailing: Record<TrailingWindow, { name: string }> = {
  "1d": videos.trailing1dViews,
  "1w": videos.trailing1wViews,
  "1m": videos.trailing1mViews,
  "1y": videos.trailing1yViews,
};

export const firstColumns = {
  "24h": videos.first24hViews,
  "48h": videos.first48hViews,
  "7d": videos.first7dViews,
} as const;
