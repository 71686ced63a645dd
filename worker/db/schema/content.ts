import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { count, createdAt, id, timestamp } from "./columns";
import { organizationIdColumn } from "./organizations";

/*
 * Tracked entities. Each belongs to one organisation (two organisations tracking one channel
 * have separate rows) and carries denormalised "current" figures recomputed at every refresh,
 * so listing is one indexed query. Window figures are null when history is missing (shown empty,
 * never as 0).
 */

const nullableInt = (name: string) => integer(name);

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
    totalViews: count("total_views"),
    videoCount: count("video_count"),
    ...trailingViews(),
    lastUpdated: timestamp("last_updated"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("channels_org_external").on(t.organizationId, t.externalId),
    index("channels_org_last_updated").on(t.organizationId, t.lastUpdated),
    index("channels_org_title").on(t.organizationId, t.title),
  ],
);

export const videos = sqliteTable(
  "videos",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    channelId: text("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    views: count("views"),
    likes: count("likes"),
    comments: count("comments"),
    durationSeconds: nullableInt("duration_seconds"),
    publishDate: timestamp("publish_date").notNull(),
    first24hViews: nullableInt("first_24h_views"),
    first48hViews: nullableInt("first_48h_views"),
    first7dViews: nullableInt("first_7d_views"),
    ...trailingViews(),
    lastUpdated: timestamp("last_updated"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("videos_org_external").on(t.organizationId, t.externalId),
    index("videos_org_channel_publish").on(t.organizationId, t.channelId, t.publishDate),
    index("videos_org_publish").on(t.organizationId, t.publishDate),
    index("videos_org_views").on(t.organizationId, t.views),
    index("videos_org_trailing_1w").on(t.organizationId, t.trailing1wViews),
    index("videos_org_title").on(t.organizationId, t.title),
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
    index("shows_org_last_updated").on(t.organizationId, t.lastUpdated),
    index("shows_org_title").on(t.organizationId, t.title),
  ],
);

export const episodes = sqliteTable(
  "episodes",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    publishDate: timestamp("publish_date").notNull(),
    durationSeconds: nullableInt("duration_seconds"),
    seasonNumber: nullableInt("season_number"),
    episodeNumber: nullableInt("episode_number"),
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
    index("episodes_org_show_publish").on(t.organizationId, t.showId, t.publishDate),
    index("episodes_org_publish").on(t.organizationId, t.publishDate),
    index("episodes_org_season").on(t.organizationId, t.seasonNumber),
    index("episodes_org_downloads").on(t.organizationId, t.totalDownloadsGlobal),
    index("episodes_org_title").on(t.organizationId, t.title),
    // For the show-delete cascade (see videos_channel).
    index("episodes_show").on(t.showId),
  ],
);
