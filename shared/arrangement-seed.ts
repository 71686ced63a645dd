/*
 * The board's starting arrangement, its summary counts and its consistency check (spec sections
 * 2-4). Row rules after the start are in arrangement-rules.ts.
 */

import { blankRow } from "./arrangement-rules";
import {
  atLeast,
  isHighConfidence,
  type MatchReason,
  PREVIEW_MIN_CONFIDENCE,
} from "./match-scores";
import type { Arrangement, ArrangementRow } from "./schemas/arrangement";

/** A stored automatic match (preview_matches row) or a fresh one from matchContent. */
export type SuggestedPair = {
  videoId: string;
  episodeId: string;
  confidence: number;
  reason?: MatchReason;
};

/**
 * The arrangement a new preview starts from:
 * - matches below confidence 0.5 are ignored (spec section 9); of the rest, each video and each
 *   episode is used once, the most confident pair first;
 * - one row per video in the given order (newest first in the merge step's reads): a suggested
 *   pair, or the video alone ('unmatched');
 * - a suggested pair is 'high-confidence' at 0.75 or more or with reason exact-date-and-title,
 *   otherwise 'manual': the row type classifies the pair's confidence (the drop rule makes a
 *   user's pair high-confidence at 0.75 too), while userModified says who made it (false here),
 *   which is what the Auto Match / Manual Match badge shows;
 * - the episodes left over form the Available Episodes pool, in the given order;
 * - one blank row at the end.
 */
export function initialArrangement(
  videoIds: readonly string[],
  episodeIds: readonly string[],
  suggestions: readonly SuggestedPair[],
): Arrangement {
  const knownVideos = new Set(videoIds);
  const knownEpisodes = new Set(episodeIds);
  const byVideo = new Map<string, SuggestedPair>();
  const usedEpisodes = new Set<string>();
  const ranked = suggestions
    .filter(
      (s) =>
        atLeast(s.confidence, PREVIEW_MIN_CONFIDENCE) &&
        knownVideos.has(s.videoId) &&
        knownEpisodes.has(s.episodeId),
    )
    .map((s, order) => ({ s, order }))
    .sort((a, b) => b.s.confidence - a.s.confidence || a.order - b.order);
  for (const { s } of ranked) {
    if (byVideo.has(s.videoId) || usedEpisodes.has(s.episodeId)) continue;
    byVideo.set(s.videoId, s);
    usedEpisodes.add(s.episodeId);
  }
  const seen = new Set<string>();
  const rows: ArrangementRow[] = [];
  for (const videoId of videoIds) {
    if (seen.has(videoId)) continue;
    seen.add(videoId);
    const pair = byVideo.get(videoId);
    const id = `row-${rows.length}`;
    rows.push(
      pair
        ? {
            id,
            videoId,
            episodeId: pair.episodeId,
            matchConfidence: Math.min(1, Math.max(0, pair.confidence)),
            matchType: isHighConfidence(pair.confidence, pair.reason)
              ? "high-confidence"
              : "manual",
            userModified: false,
            status: "suggested",
          }
        : {
            id,
            videoId,
            episodeId: null,
            matchConfidence: null,
            matchType: "unmatched",
            userModified: false,
            status: "suggested",
          },
    );
  }
  rows.push(blankRow(`row-${rows.length}`));
  const pool = [...new Set(episodeIds)].filter((id) => !usedEpisodes.has(id));
  return { rows, availableEpisodeIds: pool };
}

export type ArrangementSummary = {
  pairs: Array<{ rowId: string; videoId: string; episodeId: string }>;
  /** Videos in a row without an episode. */
  unmatchedVideoIds: string[];
  /** The pool, then episodes sitting in a row without a video. */
  unmatchedEpisodeIds: string[];
  /** Pairs nobody has changed: the Content Summary's "Auto Matches". */
  autoMatches: number;
};

/** What Generate Final Report and the Content Summary count. */
export function summarizeArrangement(arr: Arrangement): ArrangementSummary {
  const summary: ArrangementSummary = {
    pairs: [],
    unmatchedVideoIds: [],
    unmatchedEpisodeIds: [...arr.availableEpisodeIds],
    autoMatches: 0,
  };
  for (const row of arr.rows) {
    if (row.videoId !== null && row.episodeId !== null) {
      summary.pairs.push({ rowId: row.id, videoId: row.videoId, episodeId: row.episodeId });
      if (!row.userModified) summary.autoMatches++;
    } else if (row.videoId !== null) summary.unmatchedVideoIds.push(row.videoId);
    else if (row.episodeId !== null) summary.unmatchedEpisodeIds.push(row.episodeId);
  }
  return summary;
}

export type PairBadge = "Auto Match" | "Manual Match" | "Unmatched";

/** The row's badge (spec section 2). 'Merged' belongs to a card whose content was merged, not to the row. */
export function rowBadge(row: ArrangementRow): PairBadge | null {
  if (row.videoId !== null && row.episodeId !== null)
    return row.userModified ? "Manual Match" : "Auto Match";
  if (row.videoId !== null) return "Unmatched";
  return null;
}

/**
 * Consistency of a stored or received arrangement: unique row ids, each video in one row at
 * most, each episode in one place at most (a row or the pool), and a blank row present. Empty
 * when all is well; the room checks what it loads with this.
 */
export function arrangementProblems(arr: Arrangement): string[] {
  const problems: string[] = [];
  const rowIds = new Set<string>();
  const videos = new Set<string>();
  const episodes = new Set<string>();
  const note = (set: Set<string>, id: string, what: string) => {
    if (set.has(id)) problems.push(`${what} ${id} appears twice`);
    set.add(id);
  };
  for (const row of arr.rows) {
    note(rowIds, row.id, "row");
    if (row.videoId !== null) note(videos, row.videoId, "video");
    if (row.episodeId !== null) note(episodes, row.episodeId, "episode");
  }
  for (const id of arr.availableEpisodeIds) note(episodes, id, "episode");
  if (!arr.rows.some((r) => r.videoId === null && r.episodeId === null))
    problems.push("no empty row");
  return problems;
}
