/*
 * Automatic matching of videos to episodes (spec section 9): "step 1 same calendar day, minimum
 * score 0.2; step 2 candidates within 3 days, minimum 0.4; step 3 title similarity, minimum 0.8."
 *
 * Each step gathers its candidate pairs among the items still unmatched, orders them by score
 * (ties: earlier video in the input, then earlier episode) and accepts greedily, so every video
 * and every episode is used at most once and the best available pair always wins.
 * - Step 1: same calendar day (organisation's zone) and score >= 0.2.
 * - Step 2: at most 3 calendar days apart and score >= 0.4.
 * - Step 3: title similarity >= 0.8 at any distance (the minimum is on the similarity, as the
 *   step is named after it); ranked by score like the others.
 * Scores are match-scores.ts's; the confidence of a match is its score.
 *
 * Speed (ARCHITECTURE section 11): steps 1 and 2 only look at episodes in the day buckets near a
 * video (7 buckets at most), and step 3 only at episodes that share a word with the video among
 * the first words of each title in rarest-first order ("prefix filtering": two word sets with
 * Dice >= 0.8 must share one of those, so no pair is missed). Nothing compares every pair.
 */
import {
  atLeast,
  dateCloseness,
  isHighConfidence,
  type MatchReason,
  matchScore,
  PREVIEW_MIN_CONFIDENCE,
} from "./match-scores";
import { diceOfIds, WordIds } from "./title-similarity";
import { zonedDayIndex } from "./zoned-time";

export const STEP_MIN_SCORE = { sameDay: 0.2, nearby: 0.4 } as const;
export const NEARBY_DAYS = 3;
export const STEP3_MIN_TITLE_SIMILARITY = 0.8;

export type MatchItem = { id: string; title: string | null; publishDate: number };

export type Match = {
  videoId: string;
  episodeId: string;
  confidence: number;
  titleSimilarity: number;
  dateCloseness: number;
  dayDistance: number;
  step: 1 | 2 | 3;
  reason: MatchReason;
  highConfidence: boolean;
};

/**
 * minConfidence raises every step's minimum to at least this score, so a pair that would be
 * dropped later (the preview ignores matches below 0.5) never claims a candidate a better pair
 * could have had. Without it the steps are exactly the spec's.
 */
export type MatchOptions = { minConfidence?: number };

export type MatchResult = {
  matches: Match[];
  unmatchedVideoIds: string[];
  unmatchedEpisodeIds: string[];
};

type Prepared = { day: number; words: Int32Array };
type Candidate = { score: number; similarity: number; v: number; e: number };

const byScore = (a: Candidate, b: Candidate) => b.score - a.score || a.v - b.v || a.e - b.e;

function prepare(items: readonly MatchItem[], ids: WordIds, timeZone: string): Prepared[] {
  return items.map((item) => ({
    day: zonedDayIndex(item.publishDate, timeZone),
    words: ids.of(item.title),
  }));
}

/**
 * Match videos to episodes. The result lists matches in video input order, and the ids left over
 * in input order. `timeZone` decides what a calendar day is.
 */
export function matchContent(
  videos: readonly MatchItem[],
  episodes: readonly MatchItem[],
  timeZone: string,
  options: MatchOptions = {},
): MatchResult {
  const floor = options.minConfidence ?? 0;
  const ids = new WordIds();
  const vs = prepare(videos, ids, timeZone);
  const es = prepare(episodes, ids, timeZone);
  const videoMatch: Array<Match | undefined> = new Array(vs.length);
  const episodeUsed = new Uint8Array(es.length);

  const accept = (candidates: Candidate[], step: 1 | 2 | 3) => {
    candidates.sort(byScore);
    for (const c of candidates) {
      if (videoMatch[c.v] || episodeUsed[c.e]) continue;
      episodeUsed[c.e] = 1;
      const dayDistance = Math.abs(vs[c.v]!.day - es[c.e]!.day);
      const reason: MatchReason =
        step === 3
          ? "similar-title"
          : step === 2
            ? "nearby-date"
            : c.similarity === 1
              ? "exact-date-and-title"
              : "same-day";
      videoMatch[c.v] = {
        videoId: videos[c.v]!.id,
        episodeId: episodes[c.e]!.id,
        confidence: c.score,
        titleSimilarity: c.similarity,
        dateCloseness: dateCloseness(dayDistance),
        dayDistance,
        step,
        reason,
        highConfidence: isHighConfidence(c.score, reason),
      };
    }
  };

  const buckets = new Map<number, number[]>();
  es.forEach((e, i) => {
    const bucket = buckets.get(e.day);
    if (bucket) bucket.push(i);
    else buckets.set(e.day, [i]);
  });

  const byDate = (maxDistance: number, minScore: number) => {
    const out: Candidate[] = [];
    vs.forEach((v, vi) => {
      if (videoMatch[vi]) return;
      for (let day = v.day - maxDistance; day <= v.day + maxDistance; day++) {
        for (const ei of buckets.get(day) ?? []) {
          if (episodeUsed[ei]) continue;
          const similarity = diceOfIds(v.words, es[ei]!.words);
          const score = matchScore(similarity, Math.abs(day - v.day));
          if (atLeast(score, minScore)) out.push({ score, similarity, v: vi, e: ei });
        }
      }
    });
    return out;
  };

  accept(byDate(0, Math.max(STEP_MIN_SCORE.sameDay, floor)), 1);
  accept(byDate(NEARBY_DAYS, Math.max(STEP_MIN_SCORE.nearby, floor)), 2);
  accept(
    similarTitles(vs, es, videoMatch, episodeUsed, ids.size).filter((c) => atLeast(c.score, floor)),
    3,
  );

  return {
    matches: videoMatch.filter((m): m is Match => m !== undefined),
    unmatchedVideoIds: videos.filter((_, i) => !videoMatch[i]).map((v) => v.id),
    unmatchedEpisodeIds: episodes.filter((_, i) => !episodeUsed[i]).map((e) => e.id),
  };
}

/**
 * How many of a title's rarest words must be indexed so that any title with Dice >= t shares one
 * of them: with n words, Dice >= t needs an overlap of at least t*n/(2-t) words, so the first
 * n - ceil(t*n/(2-t)) + 1 in a common order must meet. The tolerance only ever lengthens the
 * prefix (safe), never shortens it.
 */
export function prefixLength(n: number, t = STEP3_MIN_TITLE_SIMILARITY): number {
  const overlap = Math.max(1, Math.ceil((t * n) / (2 - t) - 1e-9));
  return Math.max(0, n - overlap + 1);
}

/** Step 3 candidates: unmatched pairs with title similarity >= 0.8, found through a prefix index. */
function similarTitles(
  vs: Prepared[],
  es: Prepared[],
  videoMatch: ReadonlyArray<Match | undefined>,
  episodeUsed: Uint8Array,
  wordCount: number,
): Candidate[] {
  const openV = vs.map((_, i) => i).filter((i) => !videoMatch[i] && vs[i]!.words.length > 0);
  const openE = es.map((_, i) => i).filter((i) => !episodeUsed[i] && es[i]!.words.length > 0);
  // Rarest-first order over the open titles keeps the indexed prefixes short and selective.
  const frequency = new Int32Array(wordCount);
  for (const i of openV) for (const w of vs[i]!.words) frequency[w]!++;
  for (const i of openE) for (const w of es[i]!.words) frequency[w]!++;
  const prefix = (words: Int32Array) =>
    [...words]
      .sort((a, b) => frequency[a]! - frequency[b]! || a - b)
      .slice(0, prefixLength(words.length));

  const postings = new Map<number, number[]>();
  for (const ei of openE) {
    for (const w of prefix(es[ei]!.words)) {
      const list = postings.get(w);
      if (list) list.push(ei);
      else postings.set(w, [ei]);
    }
  }
  const out: Candidate[] = [];
  const seenBy = new Int32Array(es.length).fill(-1);
  for (const vi of openV) {
    const v = vs[vi]!;
    for (const w of prefix(v.words)) {
      for (const ei of postings.get(w) ?? []) {
        if (seenBy[ei] === vi) continue;
        seenBy[ei] = vi;
        const similarity = diceOfIds(v.words, es[ei]!.words);
        if (atLeast(similarity, STEP3_MIN_TITLE_SIMILARITY))
          out.push({
            score: matchScore(similarity, Math.abs(v.day - es[ei]!.day)),
            similarity,
            v: vi,
            e: ei,
          });
      }
    }
  }
  return out;
}

/**
 * "Preview matches below confidence 0.5 are ignored": the matches the board starts from. The
 * preview computes them with matchContent(..., { minConfidence: PREVIEW_MIN_CONFIDENCE }) so the
 * ignored pairs have not used up candidates (README design notes, multi-channel).
 */
export const previewMatches = (matches: readonly Match[]) =>
  matches.filter((m) => atLeast(m.confidence, PREVIEW_MIN_CONFIDENCE));
