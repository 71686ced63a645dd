import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { count, createdAt, flag, id, timestamp } from "./columns";
import { channels, episodes, shows, videos } from "./content";
import { organizationIdColumn } from "./organizations";

/*
 * Snapshots: history for charts and for recomputing the window figures. Daily tables are unique
 * per entity and calendar day (`date` is YYYY-MM-DD UTC), so a re-run of a refresh overwrites
 * rather than duplicates. The (organization_id, date) indexes serve organisation-wide date
 * windows and keep the organisation-delete cascade from scanning these, the largest tables.
 *
 * video_metrics and episode_metrics, the tables that grow with every video and episode every
 * day, use the compact layout of issue 17 (docs/design.md, "Compact history"): the entity's
 * integer key, time as an integer, WITHOUT ROWID keyed by (entity, time) and no other index, no
 * organisation column (deleting an organisation, channel, show, video or episode cascades through
 * the entity's key). drizzle-kit cannot write WITHOUT ROWID: migration 0009 is written by hand.
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

/**
 * Hourly for videos younger than 8 days (first-window figures), daily afterwards. A reading's
 * calendar day is the UTC day of `captured_at` (epoch ms): readers bound days as time ranges.
 */
export const videoMetrics = sqliteTable(
  "video_metrics",
  {
    videoKey: integer("video_key")
      .notNull()
      .references(() => videos.key, { onDelete: "cascade" }),
    capturedAt: timestamp("captured_at").notNull(),
    views: count("views"),
    likes: count("likes"),
    comments: count("comments"),
  },
  (t) => [primaryKey({ columns: [t.videoKey, t.capturedAt] })],
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

/** One row per episode and UTC day; `day` counts days since 1970-01-01 (epochDay in shared/metrics.ts). */
export const episodeMetrics = sqliteTable(
  "episode_metrics",
  {
    episodeKey: integer("episode_key")
      .notNull()
      .references(() => episodes.key, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    downloads: count("downloads"),
    cumulativeDownloads: count("cumulative_downloads"),
    uniqueListeners: integer("unique_listeners"),
  },
  (t) => [primaryKey({ columns: [t.episodeKey, t.day] })],
);
