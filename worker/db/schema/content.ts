import { sql } from "drizzle-orm";
import {
  index,
  integer,
  type SQLiteColumn,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { contentKey, count, createdAt, flag, id, timestamp } from "./columns";
import { organizationIdColumn } from "./organizations";

/*
 * Tracked entities. Each belongs to one organisation (two organisations tracking one channel
 * have separate rows) and carries denormalised "current" figures recomputed at every refresh,
 * so listing is one indexed query. Window figures are null when history is missing (shown empty,
 * never as 0).
 */

const nullableInt = (name: string) => integer(name);
/**
 * Where a YouTube row's window figures come from, written by the one window computation
 * (worker/features/ingestion/windows.ts): "owner" = the exact daily rows of the channel owner's
 * YouTube Analytics, "public" = our snapshots of the public counts (shared/table-columns.ts).
 */
/**
 * Owner analytics only (null otherwise): minutes watched and the average view duration in
 * seconds over every exact day we hold (a video's from its publish day, a channel's from its
 * first upload), written by the owner statements of the one window computation.
 */
const watchTime = () => ({
  watchMinutes: nullableInt("watch_minutes"),
  averageViewDuration: nullableInt("average_view_duration"),
});
const windowSource = () =>
  text("window_source", { enum: ["owner", "public"] })
    .notNull()
    .default("public");

/**
 * One index per sortable column, led by the organisation (videos and episodes: by its integer key
 * in this database, organizationKeys, since a 36-character id in every entry of 15 indexes was
 * most of their bytes at 100,000 videos): a table page sorted by any column is
 * one range read of its index, in either direction (every index ends with the rowid, the
 * tie-breaker, and SQLite walks an index backwards for DESC and in two passes for ASC NULLS
 * LAST). tests/worker/tables/query-plans.test.ts checks every column and direction.
 */
const sortIndexes = (
  table: string,
  organization: SQLiteColumn,
  columns: Record<string, SQLiteColumn>,
) => Object.values(columns).map((c) => index(`${table}_by_${c.name}`).on(organization, c));

// The window columns every entity of a kind carries (null until there is history for them).
const trailingViews = () => ({
  trailing1dViews: nullableInt("trailing_1d_views"),
  trailing1wViews: nullableInt("trailing_1w_views"),
  trailing1mViews: nullableInt("trailing_1m_views"),
  trailing1yViews: nullableInt("trailing_1y_views"),
});
const trailingDownloads = () => ({
  trailing1dDownloads: nullableInt("trailing_1d_downloads"),
  trailing1wDownloads: nullableInt("trailing_1w_downloads"),
  trailing1mDownloads: nullableInt("trailing_1m_downloads"),
  trailing1yDownloads: nullableInt("trailing_1y_downloads"),
});

export const channels = sqliteTable(
  "channels",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    /** YouTube's channel id (UC...). */
    externalId: text("external_id").notNull(),
    handle: text("handle"),
    title: text("title").notNull(),
    thumbnailUrl: text("thumbnail_url"),
    uploadsPlaylistId: text("uploads_playlist_id"),
    subscriberCount: count("subscriber_count"),
    /** The owner hides the count: YouTube reports 0, which is not the channel's audience. */
    subscribersHidden: flag("subscribers_hidden"),
    totalViews: count("total_views"),
    videoCount: count("video_count"),
    ...trailingViews(),
    windowSource: windowSource(),
    ...watchTime(),
    lastUpdated: timestamp("last_updated"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("channels_org_external").on(t.organizationId, t.externalId),
    ...sortIndexes("channels", t.organizationId, {
      title: t.title,
      subscriberCount: t.subscriberCount,
      totalViews: t.totalViews,
      videoCount: t.videoCount,
      lastUpdated: t.lastUpdated,
      trailing1dViews: t.trailing1dViews,
      trailing1wViews: t.trailing1wViews,
      trailing1mViews: t.trailing1mViews,
      trailing1yViews: t.trailing1yViews,
      watchMinutes: t.watchMinutes,
      averageViewDuration: t.averageViewDuration,
    }),
  ],
);

export const videos = sqliteTable(
  "videos",
  {
    id: id(),
    /** Integer key the history rows carry instead of the 36-character id (contentKey). */
    key: contentKey(),
    organizationId: organizationIdColumn(),
    /**
     * The organisation's key in this database (organizationKeys), which the sort indexes lead
     * with. Set by the insert that writes the row, or by a trigger when the insert leaves it out;
     * a trigger refuses any other value.
     */
    orgKey: integer("org_key"),
    channelId: text("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    views: count("views"),
    likes: count("likes"),
    comments: count("comments"),
    /**
     * YouTube leaves likeCount out when the owner hides likes, and commentCount when comments are
     * turned off (VideoStatistics: both optional). The count stays 0 so sorts and sums need no
     * null; these say the 0 is not a figure.
     */
    likesHidden: flag("likes_hidden"),
    commentsOff: flag("comments_off"),
    durationSeconds: nullableInt("duration_seconds"),
    publishDate: timestamp("publish_date").notNull(),
    first24hViews: nullableInt("first_24h_views"),
    first48hViews: nullableInt("first_48h_views"),
    first7dViews: nullableInt("first_7d_views"),
    ...trailingViews(),
    windowSource: windowSource(),
    ...watchTime(),
    lastUpdated: timestamp("last_updated"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("videos_org_external").on(t.organizationId, t.externalId),
    index("videos_org_channel_publish").on(t.orgKey, t.channelId, t.publishDate),
    ...sortIndexes("videos", t.orgKey, {
      title: t.title,
      views: t.views,
      likes: t.likes,
      comments: t.comments,
      publishDate: t.publishDate,
      lastUpdated: t.lastUpdated,
      first24hViews: t.first24hViews,
      first48hViews: t.first48hViews,
      first7dViews: t.first7dViews,
      trailing1dViews: t.trailing1dViews,
      trailing1wViews: t.trailing1wViews,
      trailing1mViews: t.trailing1mViews,
      trailing1yViews: t.trailing1yViews,
      watchMinutes: t.watchMinutes,
      averageViewDuration: t.averageViewDuration,
    }),
    // SQLite looks children up by the foreign key when a parent is deleted; the org-led index
    // above cannot serve "channel_id = ?", so without this one a channel delete scans all videos.
    index("videos_channel").on(t.channelId),
  ],
);

export const shows = sqliteTable(
  "shows",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    imageUrl: text("image_url"),
    totalEpisodes: count("total_episodes"),
    totalDownloadsGlobal: count("total_downloads_global"),
    totalDownloadsUs: count("total_downloads_us"),
    ...trailingDownloads(),
    lastUpdated: timestamp("last_updated"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shows_org_external").on(t.organizationId, t.externalId),
    ...sortIndexes("shows", t.organizationId, {
      title: t.title,
      totalDownloadsGlobal: t.totalDownloadsGlobal,
      totalEpisodes: t.totalEpisodes,
      lastUpdated: t.lastUpdated,
      trailing1dDownloads: t.trailing1dDownloads,
      trailing1wDownloads: t.trailing1wDownloads,
      trailing1yDownloads: t.trailing1yDownloads,
    }),
  ],
);

export const episodes = sqliteTable(
  "episodes",
  {
    id: id(),
    /** Integer key the history rows carry instead of the 36-character id (contentKey). */
    key: contentKey(),
    organizationId: organizationIdColumn(),
    /** The organisation's key in this database, as videos.orgKey. */
    orgKey: integer("org_key"),
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    publishDate: timestamp("publish_date").notNull(),
    durationSeconds: nullableInt("duration_seconds"),
    seasonNumber: nullableInt("season_number"),
    episodeNumber: nullableInt("episode_number"),
    /**
     * The S/E column's sort key: the season, then the episode inside it, as one integer
     * (season x 2^32 + episode), so the two-part order is one index range and one keyset cursor
     * like every other column. An episode without a number sorts as 0, before episode 1 (a
     * trailer usually); one without a season has no key and sorts last. Computed, never written.
     */
    seasonEpisode: integer("season_episode").generatedAlwaysAs(
      sql`CASE WHEN season_number IS NULL THEN NULL ELSE season_number * 4294967296 + max(0, min(coalesce(episode_number, 0), 4294967295)) END`,
      { mode: "virtual" },
    ),
    totalDownloadsGlobal: count("total_downloads_global"),
    totalDownloadsUs: count("total_downloads_us"),
    first24hDownloads: nullableInt("first_24h_downloads"),
    first48hDownloads: nullableInt("first_48h_downloads"),
    first7dDownloads: nullableInt("first_7d_downloads"),
    ...trailingDownloads(),
    uniqueListeners: nullableInt("unique_listeners"),
    lastUpdated: timestamp("last_updated"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("episodes_org_external").on(t.organizationId, t.externalId),
    index("episodes_org_show_publish").on(t.orgKey, t.showId, t.publishDate),
    ...sortIndexes("episodes", t.orgKey, {
      title: t.title,
      totalDownloadsGlobal: t.totalDownloadsGlobal,
      seasonEpisode: t.seasonEpisode,
      durationSeconds: t.durationSeconds,
      publishDate: t.publishDate,
      first24hDownloads: t.first24hDownloads,
      first48hDownloads: t.first48hDownloads,
      first7dDownloads: t.first7dDownloads,
      trailing1dDownloads: t.trailing1dDownloads,
      trailing1wDownloads: t.trailing1wDownloads,
      trailing1yDownloads: t.trailing1yDownloads,
    }),
    // The season filter and the seasons it offers (one distinct scan).
    index("episodes_by_season_number").on(t.orgKey, t.seasonNumber),
    // For the show-delete cascade (see videos_channel).
    index("episodes_show").on(t.showId),
  ],
);
