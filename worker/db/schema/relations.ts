import { relations } from "drizzle-orm";
import { authTokens, sessions, users } from "./accounts";
import { channels, episodes, shows, videos } from "./content";
import { emailOutbox } from "./email";
import { ingestionJobs } from "./jobs";
import { channelMetrics, episodeMetrics, showMetrics, videoMetrics } from "./metrics";
import { multiChannelPreviews, previewMatches } from "./multichannel";
import {
  auditLog,
  googleConnections,
  integrations,
  organizations,
  userOrganizations,
} from "./organizations";
import { persistentSheets, reportFiles, reportSchedules, reports, scheduleRuns } from "./reports";

/*
 * Relations for db.query (`with: {...}`). Kept in one file so the table files only import
 * downwards (content -> organizations -> accounts) and never form import cycles. They add no
 * SQL: the constraints live on the columns. Created-by links to users are one-way (a user has
 * no useful "everything I created" list, and several such links would need relation names).
 */

export const usersRelations = relations(users, ({ many }) => ({
  memberships: many(userOrganizations),
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const authTokensRelations = relations(authTokens, ({ one }) => ({
  user: one(users, { fields: [authTokens.userId], references: [users.id] }),
}));

export const organizationsRelations = relations(organizations, ({ one, many }) => ({
  memberships: many(userOrganizations),
  integrations: many(integrations),
  googleConnection: one(googleConnections),
  channels: many(channels),
  shows: many(shows),
}));

export const userOrganizationsRelations = relations(userOrganizations, ({ one }) => ({
  user: one(users, { fields: [userOrganizations.userId], references: [users.id] }),
  organization: one(organizations, {
    fields: [userOrganizations.organizationId],
    references: [organizations.id],
  }),
}));

export const integrationsRelations = relations(integrations, ({ one }) => ({
  organization: one(organizations, {
    fields: [integrations.organizationId],
    references: [organizations.id],
  }),
}));

export const googleConnectionsRelations = relations(googleConnections, ({ one }) => ({
  organization: one(organizations, {
    fields: [googleConnections.organizationId],
    references: [organizations.id],
  }),
  connectedBy: one(users, {
    fields: [googleConnections.connectedByUserId],
    references: [users.id],
  }),
}));

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actor: one(users, { fields: [auditLog.actorUserId], references: [users.id] }),
}));

export const channelsRelations = relations(channels, ({ one, many }) => ({
  organization: one(organizations, {
    fields: [channels.organizationId],
    references: [organizations.id],
  }),
  videos: many(videos),
  metrics: many(channelMetrics),
}));

export const videosRelations = relations(videos, ({ one, many }) => ({
  channel: one(channels, { fields: [videos.channelId], references: [channels.id] }),
  metrics: many(videoMetrics),
}));

export const showsRelations = relations(shows, ({ one, many }) => ({
  organization: one(organizations, {
    fields: [shows.organizationId],
    references: [organizations.id],
  }),
  episodes: many(episodes),
  metrics: many(showMetrics),
}));

export const episodesRelations = relations(episodes, ({ one, many }) => ({
  show: one(shows, { fields: [episodes.showId], references: [shows.id] }),
  metrics: many(episodeMetrics),
}));

export const channelMetricsRelations = relations(channelMetrics, ({ one }) => ({
  channel: one(channels, { fields: [channelMetrics.channelId], references: [channels.id] }),
}));

export const videoMetricsRelations = relations(videoMetrics, ({ one }) => ({
  video: one(videos, { fields: [videoMetrics.videoKey], references: [videos.key] }),
}));

export const showMetricsRelations = relations(showMetrics, ({ one }) => ({
  show: one(shows, { fields: [showMetrics.showId], references: [shows.id] }),
}));

export const episodeMetricsRelations = relations(episodeMetrics, ({ one }) => ({
  episode: one(episodes, { fields: [episodeMetrics.episodeKey], references: [episodes.key] }),
}));

export const ingestionJobsRelations = relations(ingestionJobs, ({ one }) => ({
  createdBy: one(users, { fields: [ingestionJobs.createdByUserId], references: [users.id] }),
}));

export const persistentSheetsRelations = relations(persistentSheets, ({ many }) => ({
  reports: many(reports),
  schedules: many(reportSchedules),
}));

export const reportSchedulesRelations = relations(reportSchedules, ({ one, many }) => ({
  persistentSheet: one(persistentSheets, {
    fields: [reportSchedules.persistentSheetId],
    references: [persistentSheets.id],
  }),
  reports: many(reports),
  runs: many(scheduleRuns),
  createdBy: one(users, { fields: [reportSchedules.createdByUserId], references: [users.id] }),
}));

export const reportsRelations = relations(reports, ({ one, many }) => ({
  schedule: one(reportSchedules, {
    fields: [reports.scheduleId],
    references: [reportSchedules.id],
  }),
  persistentSheet: one(persistentSheets, {
    fields: [reports.persistentSheetId],
    references: [persistentSheets.id],
  }),
  // No foreign key (previews and reports point at each other); the relation still joins.
  preview: one(multiChannelPreviews, {
    fields: [reports.previewId],
    references: [multiChannelPreviews.id],
  }),
  files: many(reportFiles),
  createdBy: one(users, { fields: [reports.createdByUserId], references: [users.id] }),
}));

export const reportFilesRelations = relations(reportFiles, ({ one }) => ({
  report: one(reports, { fields: [reportFiles.reportId], references: [reports.id] }),
}));

export const scheduleRunsRelations = relations(scheduleRuns, ({ one }) => ({
  schedule: one(reportSchedules, {
    fields: [scheduleRuns.scheduleId],
    references: [reportSchedules.id],
  }),
  report: one(reports, { fields: [scheduleRuns.reportId], references: [reports.id] }),
}));

export const multiChannelPreviewsRelations = relations(multiChannelPreviews, ({ many }) => ({
  matches: many(previewMatches),
}));

export const previewMatchesRelations = relations(previewMatches, ({ one }) => ({
  preview: one(multiChannelPreviews, {
    fields: [previewMatches.previewId],
    references: [multiChannelPreviews.id],
  }),
  // Suggestions are a snapshot (like the arrangement JSON): no foreign keys, so readers must
  // tolerate a video or episode deleted since; these joins then yield null.
  video: one(videos, { fields: [previewMatches.videoId], references: [videos.id] }),
  episode: one(episodes, { fields: [previewMatches.episodeId], references: [episodes.id] }),
}));

export const emailOutboxRelations = relations(emailOutbox, ({ one }) => ({
  organization: one(organizations, {
    fields: [emailOutbox.organizationId],
    references: [organizations.id],
  }),
}));
