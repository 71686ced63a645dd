import { and, desc, eq, inArray } from "drizzle-orm";
import type { IntegrationType } from "../../../shared/schemas/enums";
import type { ChannelSummary, ShowSummary } from "../../../shared/schemas/ingestion";
import type { Db } from "../../db/client";
import { channels, integrations, shows } from "../../db/schema";

/*
 * The ingestion routes' reads. Every function takes the organisation first and filters by it.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The provider's integration status, or null when the organisation has no key for it. */
export async function integrationStatus(organizationId: string, db: Db, type: IntegrationType) {
  const [row] = await db
    .select({ status: integrations.status })
    .from(integrations)
    .where(and(eq(integrations.organizationId, organizationId), eq(integrations.type, type)));
  return row?.status ?? null;
}

export async function listChannels(organizationId: string, db: Db): Promise<ChannelSummary[]> {
  const rows = await db
    .select({
      id: channels.id,
      title: channels.title,
      handle: channels.handle,
      subscriberCount: channels.subscriberCount,
      subscribersHidden: channels.subscribersHidden,
      totalViews: channels.totalViews,
      videoCount: channels.videoCount,
      trailing1wViews: channels.trailing1wViews,
      lastUpdated: channels.lastUpdated,
    })
    .from(channels)
    .where(eq(channels.organizationId, organizationId))
    .orderBy(desc(channels.lastUpdated));
  // A hidden count has no figure (YouTube's 0 is not the audience).
  return rows.map((row) => ({
    ...row,
    subscriberCount: row.subscribersHidden ? null : row.subscriberCount,
    lastUpdated: iso(row.lastUpdated),
  }));
}

export async function listShows(organizationId: string, db: Db): Promise<ShowSummary[]> {
  const rows = await db
    .select({
      id: shows.id,
      title: shows.title,
      totalEpisodes: shows.totalEpisodes,
      totalDownloadsGlobal: shows.totalDownloadsGlobal,
      trailing1wDownloads: shows.trailing1wDownloads,
      lastUpdated: shows.lastUpdated,
    })
    .from(shows)
    .where(eq(shows.organizationId, organizationId))
    .orderBy(desc(shows.lastUpdated));
  return rows.map((row) => ({ ...row, lastUpdated: iso(row.lastUpdated) }));
}

/** The Simplecast podcast ids of the shows the organisation already tracks. */
export async function trackedPodcastIds(organizationId: string, db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ externalId: shows.externalId })
    .from(shows)
    .where(eq(shows.organizationId, organizationId));
  return new Set(rows.map((row) => row.externalId));
}

/**
 * The ids of the channels (YouTube) or shows (Simplecast) the organisation tracks: all of them,
 * or those of `only` that are the organisation's.
 */
export async function trackedIds(
  organizationId: string,
  db: Db,
  platform: IntegrationType,
  only?: string[],
) {
  const table = platform === "youtube" ? channels : shows;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(eq(table.organizationId, organizationId), only ? inArray(table.id, only) : undefined),
    );
  return rows.map((row) => row.id);
}
