import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { count, createdAt, flag, id, timestamp } from "./columns";
import { channels, episodes, shows, videos } from "./content";
import { organizationIdColumn } from "./organizations";

/*
 * Snapshots: history for charts and for recomputing the window figures. Daily tables are unique
 * per entity and calendar day (`date` is YYYY-MM-DD UTC), so a re-run of a refresh overwrites
 * rather than duplicates. The (organization_id, date) indexes serve organisation-wide date
 * windows and keep the organisation-delete cascade from scanning these, the largest tables.
 */

export const channelMetrics = sqliteTable(
  "channel_metrics",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    channelId: text("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    subscriberCount: count("subscriber_count"),
    subscribersHidden: flag("subscribers_hidden"),
    totalViews: count("total_views"),
    videoCount: count("video_count"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("channel_metrics_channel_date").on(t.channelId, t.date),
    index("channel_metrics_org_date").on(t.organizationId, t.date),
  ],
);

/** Hourly for videos younger than 8 days (first-window figures), daily afterwards. */
export const videoMetrics = sqliteTable(
  "video_metrics",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    videoId: text("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    capturedAt: timestamp("captured_at").notNull(),
    date: text("date").notNull(),
    views: count("views"),
    likes: count("likes"),
    comments: count("comments"),
  },
  (t) => [
    uniqueIndex("video_metrics_video_captured").on(t.videoId, t.capturedAt),
    index("video_metrics_video_date").on(t.videoId, t.date),
    index("video_metrics_org_date").on(t.organizationId, t.date),
  ],
);

export const showMetrics = sqliteTable(
  "show_metrics",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    /** Cumulative downloads at the end of the day. */
    totalDownloads: count("total_downloads"),
    /** Downloads during the day. */
    downloads: count("downloads"),
    uniqueListeners: integer("unique_listeners"),
  },
  (t) => [
    uniqueIndex("show_metrics_show_date").on(t.showId, t.date),
    index("show_metrics_org_date").on(t.organizationId, t.date),
  ],
);

export const episodeMetrics = sqliteTable(
  "episode_metrics",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    episodeId: text("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    downloads: count("downloads"),
    cumulativeDownloads: count("cumulative_downloads"),
    uniqueListeners: integer("unique_listeners"),
  },
  (t) => [
    uniqueIndex("episode_metrics_episode_date").on(t.episodeId, t.date),
    index("episode_metrics_org_date").on(t.organizationId, t.date),
  ],
);
