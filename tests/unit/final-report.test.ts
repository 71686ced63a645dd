import { describe, expect, it } from "vitest";
import type { Arrangement, ArrangementRow } from "../../shared/schemas/arrangement";
import type { BoardContent, BoardEpisode, BoardVideo } from "../../shared/schemas/multichannel";
import { buildFinalReport, contentCount } from "../../worker/features/multichannel/final-report";

const video = (id: string): BoardVideo => ({
  id,
  title: `Video ${id}`,
  channelId: "c1",
  channelTitle: "Channel",
  views: 10,
  likes: 1,
  comments: 1,
  publishDate: Date.UTC(2026, 10, 1),
  durationSeconds: 60,
  trailing1dViews: null,
  trailing1wViews: null,
  trailing1mViews: null,
  trailing1yViews: null,
  mergedCount: 1,
});
const episode = (id: string): BoardEpisode => ({
  id,
  title: `Episode ${id}`,
  showId: "s1",
  showTitle: "Show",
  downloads: 5,
  publishDate: Date.UTC(2026, 10, 1),
  durationSeconds: 60,
  seasonNumber: 1,
  episodeNumber: 1,
  trailing1dDownloads: null,
  trailing1wDownloads: null,
  trailing1mDownloads: null,
  trailing1yDownloads: null,
  uniqueListeners: null,
  mergedCount: 1,
});
const row = (id: string, videoId: string | null, episodeId: string | null): ArrangementRow => ({
  id,
  videoId,
  episodeId,
  matchConfidence: videoId && episodeId ? 0.9 : null,
  matchType: videoId && episodeId ? "high-confidence" : videoId ? "unmatched" : "empty",
  userModified: false,
  status: videoId ? "suggested" : "empty",
});

describe("a multi-channel report's summary", () => {
  it("counts what the report holds: a video removed on the board is in neither list nor total", () => {
    const content: BoardContent = {
      videos: [video("v1"), video("v2"), video("v3")],
      episodes: [episode("e1"), episode("e2")],
      timeZone: "UTC",
    };
    // v3 was removed: its row was emptied. e2 went back to the pool.
    const arrangement: Arrangement = {
      rows: [row("r1", "v1", "e1"), row("r2", "v2", null), row("r3", null, null)],
      availableEpisodeIds: ["e2"],
    };
    const report = buildFinalReport(arrangement, content);
    expect(report.unmatchedVideos.map((v) => v.id)).toEqual(["v2"]);
    expect(report.summary).toEqual({
      totalVideos: 2,
      totalEpisodes: 2,
      matchedPairs: 1,
      unmatchedVideos: 1,
      unmatchedEpisodes: 1,
    });
    expect(contentCount(report)).toBe(report.summary.totalVideos + report.summary.totalEpisodes);
  });
});
