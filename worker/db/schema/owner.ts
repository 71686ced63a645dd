import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { googleConnectionStatuses } from "../../../shared/schemas/enums";
import { users } from "./accounts";
import { count, createdAt, timestamp, updatedAt } from "./columns";
import { channels, videos } from "./content";
import { organizationIdColumn } from "./organizations";

/*
 * Channel-owner analytics (issue 18): a channel's owner granted read access to YouTube Analytics
 * and Reporting, and the exact daily figures those APIs gave. One connection per tracked channel
 * (docs/design.md, "Owner analytics"). Everything here goes when the channel, the video or the
 * connection goes (cascades), so disconnecting an owner removes what their grant gave us.
 *
 * The daily tables are the compact history layout of issue 17: an integer key per entity, the
 * day as an integer (days since 1970-01-01, UTC), WITHOUT ROWID keyed by (entity, day) and no
 * other index. drizzle-kit cannot write WITHOUT ROWID, so the generated migration is edited by
 * hand to add it (the migration says so).
 */

export const youtubeOwnerConnections = sqliteTable(
  "youtube_owner_connections",
  {
    /** Integer key: what the daily rows carry instead of a 36-character id. */
    key: integer("key").primaryKey(),
    organizationId: organizationIdColumn(),
    channelId: text("channel_id")
      .notNull()
      .unique()
      .references(() => channels.id, { onDelete: "cascade" }),
    googleEmail: text("google_email").notNull(),
    refreshTokenCiphertext: text("refresh_token_ciphertext").notNull(),
    scopes: text("scopes").notNull(),
    status: text("status", { enum: googleConnectionStatuses }).notNull().default("active"),
    lastError: text("last_error"),
    connectedByUserId: text("connected_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** The YouTube Reporting job (channel_basic_a2) the daily refresh reads, once created. */
    reportingJobId: text("reporting_job_id"),
    /** The last day (days since epoch) the exact rows are complete through, for every video. */
    completeThroughDay: integer("complete_through_day"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Deleting an organisation cascades here: without this index each delete scans the table.
  (t) => [index("youtube_owner_connections_organization").on(t.organizationId)],
);

/** The owner-connected videos, each with its integer key and whether its history is in. */
export const youtubeOwnerVideos = sqliteTable(
  "youtube_owner_videos",
  {
    key: integer("key").primaryKey(),
    connectionKey: integer("connection_key")
      .notNull()
      .references(() => youtubeOwnerConnections.key, { onDelete: "cascade" }),
    videoId: text("video_id")
      .notNull()
      .unique()
      .references(() => videos.id, { onDelete: "cascade" }),
    /** When the video's daily history from its publish day was written (null: not yet). */
    backfilledAt: timestamp("backfilled_at"),
  },
  // Progress counts and the cascade from a connection read the connection's videos by this.
  (t) => [index("youtube_owner_videos_connection").on(t.connectionKey, t.backfilledAt)],
);

/** The exact figures of one day (YouTube Analytics reports.query / Reporting channel_basic_a2). */
const dayFigures = () => ({
  day: integer("day").notNull(),
  views: count("views"),
  watchMinutes: count("watch_minutes"),
  /** Seconds; YouTube's averageViewDuration. */
  averageViewDuration: count("average_view_duration"),
  subscribersGained: count("subscribers_gained"),
  subscribersLost: count("subscribers_lost"),
});

export const youtubeVideoDaily = sqliteTable(
  "youtube_video_daily",
  {
    videoKey: integer("video_key")
      .notNull()
      .references(() => youtubeOwnerVideos.key, { onDelete: "cascade" }),
    ...dayFigures(),
  },
  (t) => [primaryKey({ columns: [t.videoKey, t.day] })],
);

export const youtubeChannelDaily = sqliteTable(
  "youtube_channel_daily",
  {
    connectionKey: integer("connection_key")
      .notNull()
      .references(() => youtubeOwnerConnections.key, { onDelete: "cascade" }),
    ...dayFigures(),
  },
  (t) => [primaryKey({ columns: [t.connectionKey, t.day] })],
);
