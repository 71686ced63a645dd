import { and, count, eq, inArray, max, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { TableName, TableQuery } from "../../../shared/schemas/tables";
import type { Db } from "../../db/client";
import { channels, episodes, shows, videos } from "../../db/schema";
import { mergedVideoPage, mergedVideoTotal } from "./merged-videos";
import {
  optionalFlagSelect,
  orderBy,
  publishedFilter,
  searchAny,
  thresholdFilter,
} from "./sql-helpers";

export type Row = Record<string, string | number | null>;
export type TableSpec = {
  /** The filtered, sorted page of rows (plain JSON values, dates as ISO strings). */
  page: (
    db: Db,
    orgId: string,
    query: TableQuery,
    limit: number,
    offset: number,
    now: number,
  ) => Promise<Row[]>;
  total: (
    db: Db,
    orgId: string,
    query: TableQuery,
    now: number,
  ) => Promise<{
    total: number;
    optionalColumns: Record<string, boolean>;
    refreshedAt: string | null;
    duplicates?: { total: number; merged: number };
  }>;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const flags = (row: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0) > 0]));

const channelOptional = {
  trailing1dViews: channels.trailing1dViews,
  trailing1wViews: channels.trailing1wViews,
  trailing1mViews: channels.trailing1mViews,
  trailing1yViews: channels.trailing1yViews,
};
const videoOptional = {
  first24hViews: videos.first24hViews,
  first48hViews: videos.first48hViews,
  first7dViews: videos.first7dViews,
  trailing1dViews: videos.trailing1dViews,
  trailing1wViews: videos.trailing1wViews,
  trailing1mViews: videos.trailing1mViews,
  trailing1yViews: videos.trailing1yViews,
};
const showOptional = {
  trailing1dDownloads: shows.trailing1dDownloads,
  trailing1wDownloads: shows.trailing1wDownloads,
  trailing1yDownloads: shows.trailing1yDownloads,
};
const episodeOptional = {
  first24hDownloads: episodes.first24hDownloads,
  first48hDownloads: episodes.first48hDownloads,
  first7dDownloads: episodes.first7dDownloads,
  trailing1dDownloads: episodes.trailing1dDownloads,
  trailing1wDownloads: episodes.trailing1wDownloads,
  trailing1yDownloads: episodes.trailing1yDownloads,
};

const channelWhere = (orgId: string, q: TableQuery): SQL | undefined =>
  and(eq(channels.organizationId, orgId), searchAny([channels.title, channels.handle], q.q));
const videoWhere = (orgId: string, q: TableQuery, now: number): SQL | undefined =>
  and(
    eq(videos.organizationId, orgId),
    q.channel?.length ? inArray(videos.channelId, q.channel) : undefined,
    thresholdFilter(videos.views, q.views),
    publishedFilter(videos.publishDate, q, now),
    searchAny([videos.title, channels.title], q.q),
  );
const showWhere = (orgId: string, q: TableQuery): SQL | undefined =>
  and(eq(shows.organizationId, orgId), searchAny([shows.title], q.q));
const episodeWhere = (orgId: string, q: TableQuery, now: number): SQL | undefined =>
  and(
    eq(episodes.organizationId, orgId),
    q.show?.length ? inArray(episodes.showId, q.show) : undefined,
    thresholdFilter(episodes.totalDownloadsGlobal, q.downloads),
    q.season ? eq(episodes.seasonNumber, q.season) : undefined,
    publishedFilter(episodes.publishDate, q, now),
    searchAny([episodes.title, shows.title], q.q),
  );

/** One row of each table as the API and the exports show it (plain JSON values, ISO dates). */
export const toChannelRow = (c: typeof channels.$inferSelect): Row => ({
  id: c.id,
  title: c.title,
  handle: c.handle,
  externalId: c.externalId,
  subscriberCount: c.subscriberCount,
  totalViews: c.totalViews,
  videoCount: c.videoCount,
  trailing1dViews: c.trailing1dViews,
  trailing1wViews: c.trailing1wViews,
  trailing1mViews: c.trailing1mViews,
  trailing1yViews: c.trailing1yViews,
  lastUpdated: iso(c.lastUpdated),
});
export const toVideoRow = (v: typeof videos.$inferSelect, channelTitle: string): Row => ({
  id: v.id,
  title: v.title,
  externalId: v.externalId,
  channelId: v.channelId,
  channelTitle,
  views: v.views,
  likes: v.likes,
  comments: v.comments,
  durationSeconds: v.durationSeconds,
  first24hViews: v.first24hViews,
  first48hViews: v.first48hViews,
  first7dViews: v.first7dViews,
  trailing1dViews: v.trailing1dViews,
  trailing1wViews: v.trailing1wViews,
  trailing1mViews: v.trailing1mViews,
  trailing1yViews: v.trailing1yViews,
  publishDate: iso(v.publishDate),
  lastUpdated: iso(v.lastUpdated),
});
export const toShowRow = (s: typeof shows.$inferSelect): Row => ({
  id: s.id,
  title: s.title,
  externalId: s.externalId,
  totalDownloadsGlobal: s.totalDownloadsGlobal,
  totalEpisodes: s.totalEpisodes,
  trailing1dDownloads: s.trailing1dDownloads,
  trailing1wDownloads: s.trailing1wDownloads,
  trailing1yDownloads: s.trailing1yDownloads,
  lastUpdated: iso(s.lastUpdated),
});
export const toEpisodeRow = (e: typeof episodes.$inferSelect, showTitle: string): Row => ({
  id: e.id,
  title: e.title,
  externalId: e.externalId,
  showId: e.showId,
  showTitle,
  totalDownloadsGlobal: e.totalDownloadsGlobal,
  first24hDownloads: e.first24hDownloads,
  first48hDownloads: e.first48hDownloads,
  first7dDownloads: e.first7dDownloads,
  trailing1dDownloads: e.trailing1dDownloads,
  trailing1wDownloads: e.trailing1wDownloads,
  trailing1yDownloads: e.trailing1yDownloads,
  seasonNumber: e.seasonNumber,
  episodeNumber: e.episodeNumber,
  durationSeconds: e.durationSeconds,
  publishDate: iso(e.publishDate),
});

const sortable = <T extends Record<string, SQLiteColumn>>(map: T) => map;

export const tableSpecs: Record<TableName, TableSpec> = {
  channels: {
    page: async (db, orgId, q, limit, offset) => {
      const sort = sortable({
        title: channels.title,
        subscriberCount: channels.subscriberCount,
        totalViews: channels.totalViews,
        videoCount: channels.videoCount,
        lastUpdated: channels.lastUpdated,
        ...channelOptional,
      });
      const rows = await db
        .select()
        .from(channels)
        .where(channelWhere(orgId, q))
        .orderBy(...orderBy(sort, q, "lastUpdated", channels.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toChannelRow);
    },
    total: async (db, orgId, q) => {
      const [row] = await db
        .select({
          total: count(),
          refreshedAt: max(channels.lastUpdated),
          ...optionalFlagSelect(channelOptional),
        })
        .from(channels)
        .where(channelWhere(orgId, q));
      return {
        total: row?.total ?? 0,
        optionalColumns: flags(row, Object.keys(channelOptional)),
        refreshedAt: iso(row?.refreshedAt ?? null),
      };
    },
  },
  videos: {
    page: async (db, orgId, q, limit, offset, now) => {
      if (q.merge) return mergedVideoPage(db, videoWhere(orgId, q, now), q, limit, offset);
      const sort = sortable({
        title: videos.title,
        channelTitle: channels.title,
        views: videos.views,
        likes: videos.likes,
        comments: videos.comments,
        publishDate: videos.publishDate,
        lastUpdated: videos.lastUpdated,
        ...videoOptional,
      });
      const rows = await db
        .select({ v: videos, channelTitle: channels.title })
        .from(videos)
        .innerJoin(channels, eq(channels.id, videos.channelId))
        .where(videoWhere(orgId, q, now))
        .orderBy(...orderBy(sort, q, "publishDate", videos.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ v, channelTitle }) => toVideoRow(v, channelTitle));
    },
    total: async (db, orgId, q, now) => {
      const [row] = await db
        .select({
          total: count(),
          refreshedAt: max(videos.lastUpdated),
          ...optionalFlagSelect(videoOptional),
        })
        .from(videos)
        .innerJoin(channels, eq(channels.id, videos.channelId))
        .where(videoWhere(orgId, q, now));
      // Merge Same needs to know whether duplicates exist and how many rows remain once merged:
      // another pass over the filtered set, so only when asked (the flagged build asks).
      const all = row?.total ?? 0;
      const merged =
        q.merge || q.duplicates ? await mergedVideoTotal(db, videoWhere(orgId, q, now)) : null;
      return {
        total: q.merge && merged !== null ? merged : all,
        optionalColumns: flags(row, Object.keys(videoOptional)),
        refreshedAt: iso(row?.refreshedAt ?? null),
        ...(merged !== null ? { duplicates: { total: all, merged } } : {}),
      };
    },
  },
  shows: {
    page: async (db, orgId, q, limit, offset) => {
      const sort = sortable({
        title: shows.title,
        totalDownloadsGlobal: shows.totalDownloadsGlobal,
        totalEpisodes: shows.totalEpisodes,
        lastUpdated: shows.lastUpdated,
        ...showOptional,
      });
      const rows = await db
        .select()
        .from(shows)
        .where(showWhere(orgId, q))
        .orderBy(...orderBy(sort, q, "lastUpdated", shows.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toShowRow);
    },
    total: async (db, orgId, q) => {
      const [row] = await db
        .select({
          total: count(),
          refreshedAt: max(shows.lastUpdated),
          ...optionalFlagSelect(showOptional),
        })
        .from(shows)
        .where(showWhere(orgId, q));
      return {
        total: row?.total ?? 0,
        optionalColumns: flags(row, Object.keys(showOptional)),
        refreshedAt: iso(row?.refreshedAt ?? null),
      };
    },
  },
  episodes: {
    page: async (db, orgId, q, limit, offset, now) => {
      const sort = sortable({
        title: episodes.title,
        showTitle: shows.title,
        totalDownloadsGlobal: episodes.totalDownloadsGlobal,
        seasonNumber: episodes.seasonNumber,
        durationSeconds: episodes.durationSeconds,
        publishDate: episodes.publishDate,
        ...episodeOptional,
      });
      const rows = await db
        .select({ e: episodes, showTitle: shows.title })
        .from(episodes)
        .innerJoin(shows, eq(shows.id, episodes.showId))
        .where(episodeWhere(orgId, q, now))
        .orderBy(...orderBy(sort, q, "publishDate", episodes.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ e, showTitle }) => toEpisodeRow(e, showTitle));
    },
    total: async (db, orgId, q, now) => {
      const [row] = await db
        .select({
          total: count(),
          refreshedAt: max(episodes.lastUpdated),
          ...optionalFlagSelect(episodeOptional),
        })
        .from(episodes)
        .innerJoin(shows, eq(shows.id, episodes.showId))
        .where(episodeWhere(orgId, q, now));
      return {
        total: row?.total ?? 0,
        optionalColumns: flags(row, Object.keys(episodeOptional)),
        refreshedAt: iso(row?.refreshedAt ?? null),
      };
    },
  },
};
