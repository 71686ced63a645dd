/*
 * A deliberately plain implementation of spec section 9's matching steps: every step compares
 * every remaining video with every remaining episode. It shares only the score formula with
 * shared/matching.ts (calendar days come from date-fns-tz formatting, title similarity from
 * string sets), so the unit tests and bench/matching can check that the bucketed, indexed
 * matcher finds exactly the same pairs.
 */
import { formatInTimeZone } from "date-fns-tz";
import { matchScore } from "../../../shared/match-scores";
import { titleWords } from "../../../shared/title-similarity";

type Item = { id: string; title: string | null; publishDate: number };
export type ReferencePair = {
  videoId: string;
  episodeId: string;
  step: 1 | 2 | 3;
  confidence: number;
};

const calendarDay = (ms: number, timeZone: string) =>
  Math.round(Date.parse(`${formatInTimeZone(ms, timeZone, "yyyy-MM-dd")}T00:00:00Z`) / 86_400_000);

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

export function matchAllPairs(
  videos: readonly Item[],
  episodes: readonly Item[],
  timeZone: string,
): ReferencePair[] {
  const v = videos.map((x) => ({
    id: x.id,
    day: calendarDay(x.publishDate, timeZone),
    words: new Set(titleWords(x.title)),
  }));
  const e = episodes.map((x) => ({
    id: x.id,
    day: calendarDay(x.publishDate, timeZone),
    words: new Set(titleWords(x.title)),
  }));
  const usedV = new Set<number>();
  const usedE = new Set<number>();
  const pairs: ReferencePair[] = [];
  const steps = [
    {
      step: 1 as const,
      accepts: (d: number, _sim: number, score: number) => d === 0 && score >= 0.2 - 1e-9,
    },
    {
      step: 2 as const,
      accepts: (d: number, _sim: number, score: number) => d <= 3 && score >= 0.4 - 1e-9,
    },
    { step: 3 as const, accepts: (_d: number, sim: number) => sim >= 0.8 - 1e-9 },
  ];
  for (const { step, accepts } of steps) {
    const candidates: Array<{ score: number; vi: number; ei: number }> = [];
    for (let vi = 0; vi < v.length; vi++) {
      if (usedV.has(vi)) continue;
      for (let ei = 0; ei < e.length; ei++) {
        if (usedE.has(ei)) continue;
        const d = Math.abs(v[vi]!.day - e[ei]!.day);
        const sim = dice(v[vi]!.words, e[ei]!.words);
        const score = matchScore(sim, d);
        if (accepts(d, sim, score)) candidates.push({ score, vi, ei });
      }
    }
    candidates.sort((a, b) => b.score - a.score || a.vi - b.vi || a.ei - b.ei);
    for (const c of candidates) {
      if (usedV.has(c.vi) || usedE.has(c.ei)) continue;
      usedV.add(c.vi);
      usedE.add(c.ei);
      pairs.push({ videoId: v[c.vi]!.id, episodeId: e[c.ei]!.id, step, confidence: c.score });
    }
  }
  return pairs;
}
