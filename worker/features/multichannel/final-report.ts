import { summarizeArrangement } from "../../../shared/arrangement-seed";
import { type Cell, csvHeaderLine, csvLine } from "../../../shared/csv";
import type { Arrangement, ArrangementRow } from "../../../shared/schemas/arrangement";
import type { BoardContent, BoardEpisode, BoardVideo } from "../../../shared/schemas/multichannel";

/*
 * Generate Final Report's content (spec section 7, generate-multi-channel-report): the matched
 * pairs with both sides' figures, the unmatched videos and episodes, and the summary. The files
 * are produced line by line for the report file pipeline (report-files.ts).
 */

export type MatchedEntry = {
  rowId: string;
  video: BoardVideo;
  episode: BoardEpisode;
  confidence: number | null;
  matchType: ArrangementRow["matchType"];
  userModified: boolean;
};

export type FinalReport = {
  matchedContent: MatchedEntry[];
  unmatchedVideos: BoardVideo[];
  unmatchedEpisodes: BoardEpisode[];
  summary: {
    totalVideos: number;
    totalEpisodes: number;
    matchedPairs: number;
    unmatchedVideos: number;
    unmatchedEpisodes: number;
  };
};

export function buildFinalReport(arrangement: Arrangement, content: BoardContent): FinalReport {
  const videos = new Map(content.videos.map((v) => [v.id, v]));
  const episodes = new Map(content.episodes.map((e) => [e.id, e]));
  const rows = new Map(arrangement.rows.map((r) => [r.id, r]));
  const summary = summarizeArrangement(arrangement);
  const matchedContent = summary.pairs.flatMap(({ rowId, videoId, episodeId }) => {
    const video = videos.get(videoId);
    const episode = episodes.get(episodeId);
    const row = rows.get(rowId)!;
    return video && episode
      ? [
          {
            rowId,
            video,
            episode,
            confidence: row.matchConfidence,
            matchType: row.matchType,
            userModified: row.userModified,
          },
        ]
      : [];
  });
  const unmatchedVideos = summary.unmatchedVideoIds.flatMap((id) =>
    videos.has(id) ? [videos.get(id)!] : [],
  );
  const unmatchedEpisodes = summary.unmatchedEpisodeIds.flatMap((id) =>
    episodes.has(id) ? [episodes.get(id)!] : [],
  );
  return {
    matchedContent,
    unmatchedVideos,
    unmatchedEpisodes,
    summary: {
      // What the report holds: a video removed on the board left it (its slot was cleared), so
      // it is neither matched nor unmatched, and counting it made the summary disagree with
      // its own lists.
      totalVideos: matchedContent.length + unmatchedVideos.length,
      totalEpisodes: matchedContent.length + unmatchedEpisodes.length,
      matchedPairs: matchedContent.length,
      unmatchedVideos: unmatchedVideos.length,
      unmatchedEpisodes: unmatchedEpisodes.length,
    },
  };
}

/** "{n} pieces of content included": every video and episode in the report, matched or not. */
export const contentCount = (report: FinalReport) =>
  report.matchedContent.length * 2 +
  report.unmatchedVideos.length +
  report.unmatchedEpisodes.length;

const iso = (ms: number) => new Date(ms).toISOString();
const percent = (confidence: number | null) =>
  confidence === null ? null : Math.round(confidence * 100);
const badge = (m: MatchedEntry) => (m.userModified ? "Manual Match" : "Auto Match");

const videoColumns = [
  "Video ID",
  "Video Title",
  "Channel",
  "Video Published",
  "Views",
  "Likes",
  "Comments",
  "Trailing 1D Views",
  "Trailing 1W Views",
  "Trailing 1M Views",
  "Trailing 1Y Views",
  "Merged Videos",
];
const episodeColumns = [
  "Episode ID",
  "Episode Title",
  "Show",
  "Episode Published",
  "Season",
  "Episode",
  "Total Downloads",
  "Trailing 1D Downloads",
  "Trailing 1W Downloads",
  "Trailing 1M Downloads",
  "Trailing 1Y Downloads",
  "Unique Listeners",
  "Merged Episodes",
];
const videoCells = (v: BoardVideo | null): Cell[] =>
  v
    ? [
        v.id,
        v.title,
        v.channelTitle,
        iso(v.publishDate),
        v.views,
        v.likes ?? "hidden",
        v.comments ?? "off",
        v.trailing1dViews,
        v.trailing1wViews,
        v.trailing1mViews,
        v.trailing1yViews,
        v.mergedCount,
      ]
    : videoColumns.map(() => null);
const episodeCells = (e: BoardEpisode | null): Cell[] =>
  e
    ? [
        e.id,
        e.title,
        e.showTitle,
        iso(e.publishDate),
        e.seasonNumber,
        e.episodeNumber,
        e.downloads,
        e.trailing1dDownloads,
        e.trailing1wDownloads,
        e.trailing1mDownloads,
        e.trailing1yDownloads,
        e.uniqueListeners,
        e.mergedCount,
      ]
    : episodeColumns.map(() => null);

/** multi-channel-matches.csv: one line per matched pair. */
export function* matchesCsv(report: FinalReport): Generator<string> {
  yield csvHeaderLine([...videoColumns, ...episodeColumns, "Confidence %", "Match Type", "Badge"]);
  for (const m of report.matchedContent)
    yield csvLine([
      ...videoCells(m.video),
      ...episodeCells(m.episode),
      percent(m.confidence),
      m.matchType,
      badge(m),
    ]);
}

/** comprehensive-multi-channel-report.csv: every piece of content, with its status. */
export function* comprehensiveCsv(report: FinalReport): Generator<string> {
  yield csvHeaderLine(["Status", ...videoColumns, ...episodeColumns, "Confidence %", "Match Type"]);
  for (const m of report.matchedContent)
    yield csvLine([
      "Matched",
      ...videoCells(m.video),
      ...episodeCells(m.episode),
      percent(m.confidence),
      m.matchType,
    ]);
  for (const v of report.unmatchedVideos)
    yield csvLine(["Unmatched video", ...videoCells(v), ...episodeCells(null), null, "unmatched"]);
  for (const e of report.unmatchedEpisodes)
    yield csvLine([
      "Unmatched episode",
      ...videoCells(null),
      ...episodeCells(e),
      null,
      "unmatched",
    ]);
}

/**
 * An item as data.json writes it: its publish date as an ISO string, as in the report's CSVs
 * and every other download (the board keeps it as a number).
 */
const dated = <T extends { publishDate: number }>(item: T) => ({
  ...item,
  publishDate: iso(item.publishDate),
});

/** data.json: the summary and the three lists, written piece by piece. */
export function* reportJson(
  report: FinalReport,
  meta: { title: string; previewId: string; generatedAt: string },
): Generator<string> {
  yield `{"title":${JSON.stringify(meta.title)},"previewId":${JSON.stringify(meta.previewId)},"generatedAt":${JSON.stringify(meta.generatedAt)},"summary":${JSON.stringify(report.summary)},"matchedContent":[`;
  let first = true;
  for (const m of report.matchedContent) {
    yield `${first ? "" : ","}${JSON.stringify({ video: dated(m.video), episode: dated(m.episode), confidence: m.confidence, matchType: m.matchType, badge: badge(m) })}`;
    first = false;
  }
  yield `],"unmatchedVideos":${JSON.stringify(report.unmatchedVideos.map(dated))},"unmatchedEpisodes":${JSON.stringify(report.unmatchedEpisodes.map(dated))}}`;
}
