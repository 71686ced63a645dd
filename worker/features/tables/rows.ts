import type { TableRowOf } from "../../../shared/schemas/tables";
import {
  minutesAsHours,
  type WindowSource,
  windowSourceLabels,
  withheldFigure,
} from "../../../shared/table-columns";
import type { channels, episodes, shows, videos } from "../../db/schema";

export type Row = Record<string, string | number | boolean | null>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * One row of each table as the API and the exports show it (plain JSON values, ISO dates), typed
 * by the column catalogue's row schemas: a field missing or extra here is a compile error.
 */
export const toChannelRow = (c: typeof channels.$inferSelect): TableRowOf<"channels"> => ({
  id: c.id,
  title: c.title,
  handle: c.handle,
  externalId: c.externalId,
  // Hidden by the owner: no figure (YouTube's 0 is not the audience), and the reason.
  subscriberCount: c.subscribersHidden ? null : c.subscriberCount,
  subscribersHidden: c.subscribersHidden,
  totalViews: c.totalViews,
  videoCount: c.videoCount,
  trailing1dViews: c.trailing1dViews,
  trailing1wViews: c.trailing1wViews,
  trailing1mViews: c.trailing1mViews,
  trailing1yViews: c.trailing1yViews,
  windowSource: c.windowSource,
  watchMinutes: c.watchMinutes,
  averageViewDuration: c.averageViewDuration,
  lastUpdated: iso(c.lastUpdated),
});
export const toVideoRow = (
  v: typeof videos.$inferSelect,
  channelTitle: string,
): TableRowOf<"videos"> => ({
  id: v.id,
  title: v.title,
  externalId: v.externalId,
  channelId: v.channelId,
  channelTitle,
  views: v.views,
  // Left out by YouTube: no figure (the stored 0 is not one), and the reason.
  likes: v.likesHidden ? null : v.likes,
  comments: v.commentsOff ? null : v.comments,
  likesHidden: v.likesHidden,
  commentsOff: v.commentsOff,
  durationSeconds: v.durationSeconds,
  first24hViews: v.first24hViews,
  first48hViews: v.first48hViews,
  first7dViews: v.first7dViews,
  trailing1dViews: v.trailing1dViews,
  trailing1wViews: v.trailing1wViews,
  trailing1mViews: v.trailing1mViews,
  trailing1yViews: v.trailing1yViews,
  windowSource: v.windowSource,
  watchMinutes: v.watchMinutes,
  averageViewDuration: v.averageViewDuration,
  publishDate: iso(v.publishDate),
  lastUpdated: iso(v.lastUpdated),
});
export const toShowRow = (s: typeof shows.$inferSelect): TableRowOf<"shows"> => ({
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
export const toEpisodeRow = (
  e: typeof episodes.$inferSelect,
  showTitle: string,
): TableRowOf<"episodes"> => ({
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

/**
 * What one cell of a CSV or spreadsheet export holds: a figure YouTube left out says why
 * ("hidden", "off"), a window source is in words ("Owner analytics"), as the tooltips say it;
 * watch time in hours.
 */
export function exportCell(row: Row, field: string): string | number | boolean | null {
  const withheld = withheldFigure(field, row);
  if (withheld) return withheld.word;
  if (field === "windowSource" && typeof row.windowSource === "string")
    return windowSourceLabels[row.windowSource as WindowSource] ?? row.windowSource;
  if (field === "watchMinutes" && typeof row.watchMinutes === "number")
    return minutesAsHours(row.watchMinutes);
  return row[field] ?? null;
}
