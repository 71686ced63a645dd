import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { resolveDateRange } from "../../../shared/date-ranges";
import { mergeEpisodes, mergeVideos, planMerge } from "../../../shared/merge";
import type { MergeOptions } from "../../../shared/schemas/arrangement";
import {
  type BoardEpisode,
  type BoardVideo,
  type ContentRequest,
  type ContentSummary,
  MAX_BOARD_ITEMS,
} from "../../../shared/schemas/multichannel";
import type { Db } from "../../db/client";
import { episodesOf, videosOf } from "../../db/organization-scope";
import { channels, episodes, shows, videos } from "../../db/schema";
import { ApiError } from "../../errors";

/*
 * The merge step's reads (spec section 7): the selected channels' videos and the selected shows'
 * episodes published in the date range, newest first. The selections travel as one bound JSON
 * parameter (json_each), so 500 ids never meet D1's 100-parameter limit; ids of another
 * organisation simply match nothing.
 */

const inJson = (column: typeof videos.channelId | typeof episodes.showId, ids: readonly string[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

export type BoardItems = { videos: BoardVideo[]; episodes: BoardEpisode[] };

export async function loadContent(
  db: Db,
  organizationId: string,
  request: ContentRequest,
  timeZone: string,
  now = new Date(),
): Promise<BoardItems> {
  const { start, end } = resolveDateRange(request.dateRange, now, timeZone);
  const [videoRows, episodeRows] = await Promise.all([
    db
      .select({ v: videos, channelTitle: channels.title })
      .from(videos)
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(
        and(
          videosOf(organizationId),
          inJson(videos.channelId, request.selectedChannels),
          gte(videos.publishDate, start),
          lte(videos.publishDate, end),
        ),
      )
      .orderBy(desc(videos.publishDate), videos.id)
      .limit(MAX_BOARD_ITEMS + 1),
    db
      .select({ e: episodes, showTitle: shows.title })
      .from(episodes)
      .innerJoin(shows, eq(shows.id, episodes.showId))
      .where(
        and(
          episodesOf(organizationId),
          inJson(episodes.showId, request.selectedShows),
          gte(episodes.publishDate, start),
          lte(episodes.publishDate, end),
        ),
      )
      .orderBy(desc(episodes.publishDate), episodes.id)
      .limit(MAX_BOARD_ITEMS + 1),
  ]);
  if (videoRows.length > MAX_BOARD_ITEMS || episodeRows.length > MAX_BOARD_ITEMS) {
    throw new ApiError(
      "BAD_REQUEST",
      `This selection holds more than ${MAX_BOARD_ITEMS.toLocaleString("en-US")} videos or episodes in the date range. Choose a shorter range or fewer channels and shows.`,
      { reason: "too_much_content" },
    );
  }
  return {
    videos: videoRows.map(({ v, channelTitle }) => ({
      id: v.id,
      title: v.title,
      channelId: v.channelId,
      channelTitle,
      views: v.views,
      // Left out by YouTube (hidden likes, comments turned off): no figure, as in the tables.
      likes: v.likesHidden ? null : v.likes,
      comments: v.commentsOff ? null : v.comments,
      publishDate: v.publishDate.getTime(),
      durationSeconds: v.durationSeconds,
      trailing1dViews: v.trailing1dViews,
      trailing1wViews: v.trailing1wViews,
      trailing1mViews: v.trailing1mViews,
      trailing1yViews: v.trailing1yViews,
      mergedCount: 1,
    })),
    episodes: episodeRows.map(({ e, showTitle }) => ({
      id: e.id,
      title: e.title,
      showId: e.showId,
      showTitle,
      downloads: e.totalDownloadsGlobal,
      publishDate: e.publishDate.getTime(),
      durationSeconds: e.durationSeconds,
      seasonNumber: e.seasonNumber,
      episodeNumber: e.episodeNumber,
      trailing1dDownloads: e.trailing1dDownloads,
      trailing1wDownloads: e.trailing1wDownloads,
      trailing1mDownloads: e.trailing1mDownloads,
      trailing1yDownloads: e.trailing1yDownloads,
      uniqueListeners: e.uniqueListeners,
      mergedCount: 1,
    })),
  };
}

/** The Merge Content Options figures for both kinds. */
export function summarizeContent(items: BoardItems): ContentSummary {
  const pick = ({ before, after, duplicates, examples }: ReturnType<typeof planMerge>) => ({
    before,
    after,
    duplicates,
    examples,
  });
  return { videos: pick(planMerge(items.videos)), episodes: pick(planMerge(items.episodes)) };
}

/**
 * Applies the chosen merges (spec section 9: same trimmed title, figures summed, the row with the
 * most views or downloads kept). The shared rule sums the columns it names, so the board's
 * figures are mapped onto those names and back.
 */
export function applyMerges(items: BoardItems, options: MergeOptions): BoardItems {
  const mergedVideos =
    options.mergeVideos && options.videoMergeStrategy === "title"
      ? mergeVideos(items.videos).map(({ mergedIds, ...v }) => ({
          ...v,
          mergedCount: mergedIds.length,
        }))
      : items.videos;
  const mergedEpisodes =
    options.mergeEpisodes && options.episodeMergeStrategy === "title"
      ? mergeEpisodes(items.episodes.map(asMergeableEpisode)).map(fromMergedEpisode)
      : items.episodes;
  return { videos: mergedVideos, episodes: mergedEpisodes };
}

// The shared rule names an episode's downloads totalDownloadsGlobal; the board calls them downloads.
const asMergeableEpisode = ({ downloads, ...e }: BoardEpisode) => ({
  ...e,
  totalDownloadsGlobal: downloads,
});
const fromMergedEpisode = ({
  totalDownloadsGlobal,
  mergedIds,
  ...e
}: ReturnType<typeof asMergeableEpisode> & { mergedIds: string[] }): BoardEpisode => ({
  ...e,
  downloads: totalDownloadsGlobal,
  mergedCount: mergedIds.length,
});
