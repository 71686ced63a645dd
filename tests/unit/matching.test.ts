import { describe, expect, it } from "vitest";
import {
  confidenceColor,
  confidencePercent,
  dateCloseness,
  isHighConfidence,
  manualConfidence,
  manualDateScore,
  matchScore,
} from "../../shared/match-scores";
import { type MatchItem, matchContent, prefixLength, previewMatches } from "../../shared/matching";
import { titleSimilarity, titleWords, wordOverlap } from "../../shared/title-similarity";
import { catalogue } from "./support/matching-data";
import { matchAllPairs } from "./support/matching-reference";

const DAY = 86_400_000;
const t0 = Date.parse("2026-03-02T15:00:00Z"); // a Monday, mid-day in UTC
const item = (id: string, title: string | null, days = 0, hours = 0): MatchItem => ({
  id,
  title,
  publishDate: t0 + days * DAY + hours * 3_600_000,
});

describe("title similarity (Dice over normalised words)", () => {
  it.each([
    ["Launch Day", "Launch Day", 1],
    ["Launch Day!", "launch   DAY", 1],
    ["Café Olé", "cafe ole", 1],
    ["Don't Stop", "Dont stop", 1],
    ["Day Launch", "Launch Day", 1],
    ["Episode 12: The Future of AI", "The Future of AI | Ep 12", 10 / 12],
    ["Episode 12", "Episode 13", 0.5],
    ["a b c d e", "a b c d f", 0.8],
    ["a b c d", "a b c e", 0.75],
    ["a a a b", "a b", 1],
    ["Launch", "Something else", 0],
    ["", "", 0],
    [null, "Launch", 0],
    ["!!!", "???", 0],
  ])("%j vs %j = %d", (a, b, expected) => {
    expect(titleSimilarity(a, b)).toBeCloseTo(expected, 12);
    expect(titleSimilarity(b, a)).toBeCloseTo(expected, 12);
  });

  it("normalises words", () => {
    expect(titleWords("  Ep. 12: Naïve   Cafés — Part 2 (Live!) ")).toEqual([
      "ep",
      "12",
      "naive",
      "cafes",
      "part",
      "2",
      "live",
    ]);
  });

  it.each([
    ["a b c d", "a b", 0.5],
    ["a b", "a b c d", 0.5],
    ["a b c", "a b c", 1],
    ["a b c", "x y", 0],
    ["", "a", 0],
  ])("word overlap %j vs %j = %d (share of the longer title's words)", (a, b, expected) =>
    expect(wordOverlap(a, b)).toBe(expected),
  );
});

describe("scores", () => {
  it.each([
    [0, 1],
    [1, 13 / 14],
    [3, 11 / 14],
    [7, 0.5],
    [14, 0.5 * Math.exp(-0.5)],
    [21, 0.5 * Math.exp(-1)],
    [35, 0.5 * Math.exp(-2)],
    [-7, 0.5],
  ])("date closeness at %i days = %d", (days, expected) =>
    expect(dateCloseness(days)).toBeCloseTo(expected, 12),
  );

  it("date closeness is continuous at 7 days and keeps falling", () => {
    expect(dateCloseness(7 - 1e-9) - dateCloseness(7 + 1e-9)).toBeLessThan(1e-9);
    for (let d = 0; d < 100; d++) expect(dateCloseness(d + 1)).toBeLessThan(dateCloseness(d));
  });

  it.each([
    [1, 0, 1], // exact title, same day
    [0, 0, 0.4], // same day alone: 0.3 closeness + 0.1 same-day share
    [1, 7, 0.75], // 0.6 + 0.3 * 0.5
    [0.5, 1, 0.3 + 0.3 * (13 / 14)],
    [0.8, 21, 0.48 + 0.3 * 0.5 * Math.exp(-1)],
  ])("match score (similarity %d, %i days) = %d", (sim, days, expected) =>
    expect(matchScore(sim, days)).toBeCloseTo(expected, 12),
  );

  it.each([
    [1, 0, 1],
    [0, 0, 0.3],
    [0.5, 15, 0.5],
    [1, 30, 0.7],
    [1, 45, 0.7],
    [0.75, 3, 0.525 + 0.27],
  ])("manual confidence (overlap %d, %i days) = %d", (overlap, days, expected) =>
    expect(manualConfidence(overlap, days)).toBeCloseTo(expected, 12),
  );

  it("manual date score is linear over 30 days", () => {
    expect([0, 10, 15, 30, 31, -15].map(manualDateScore)).toEqual([1, 1 - 10 / 30, 0.5, 0, 0, 0.5]);
  });

  it.each([
    [1, "green"],
    [0.75, "green"],
    [0.6 + 0.15, "green"], // 0.75 as floating point builds it
    [0.7499, "yellow"],
    [0.5, "yellow"],
    [0.4999, "red"],
    [0, "red"],
  ] as const)("confidence %d is %s", (c, colour) => expect(confidenceColor(c)).toBe(colour));

  it.each([
    [0.75, "same-day", true],
    [0.7499, "same-day", false],
    [0.6, "exact-date-and-title", true],
    [0.9, "similar-title", true],
    [0.5, undefined, false],
  ] as const)("high confidence for %d with %s: %s", (c, reason, high) =>
    expect(isHighConfidence(c, reason)).toBe(high),
  );

  it("shows whole percents", () =>
    expect([0.754, 0.755, 1, 0].map(confidencePercent)).toEqual(["75%", "76%", "100%", "0%"]));
});

const summary = (videos: MatchItem[], episodes: MatchItem[], zone = "UTC") =>
  matchContent(videos, episodes, zone).matches.map((m) => ({
    pair: `${m.videoId}-${m.episodeId}`,
    step: m.step,
    reason: m.reason,
    high: m.highConfidence,
    confidence: Number(m.confidence.toFixed(4)),
  }));

describe("matchContent: the three steps", () => {
  it.each([
    [
      "same day, exact title",
      [item("v", "Launch Day")],
      [item("e", "launch day!", 0, 5)],
      { step: 1, reason: "exact-date-and-title", high: true, confidence: 1 },
    ],
    [
      "same day, unrelated titles (score 0.4 passes step 1's 0.2)",
      [item("v", "Launch Day")],
      [item("e", "Other")],
      { step: 1, reason: "same-day", high: false, confidence: 0.4 },
    ],
    [
      "same day, half the words",
      [item("v", "a b c d")],
      [item("e", "a b x y")],
      { step: 1, reason: "same-day", high: false, confidence: 0.7 },
    ],
    [
      "2 days apart, similarity 0.5",
      [item("v", "a b c d")],
      [item("e", "a b x y", 2)],
      { step: 2, reason: "nearby-date", high: false, confidence: 0.5571 },
    ],
    [
      "3 days apart, similarity 0.4 (0.4757 >= 0.4)",
      [item("v", "a b c d e")],
      [item("e", "a b x y z", -3)],
      { step: 2, reason: "nearby-date", high: false, confidence: 0.4757 },
    ],
    [
      "1 day apart, exact title",
      [item("v", "Launch")],
      [item("e", "Launch", 1)],
      { step: 2, reason: "nearby-date", high: true, confidence: 0.8786 },
    ],
    [
      "7 days apart, exact title: closeness 0.5",
      [item("v", "Launch")],
      [item("e", "Launch", 7)],
      { step: 3, reason: "similar-title", high: true, confidence: 0.75 },
    ],
    [
      "60 days apart, similarity exactly 0.8",
      [item("v", "a b c d e")],
      [item("e", "a b c d f", 60)],
      { step: 3, reason: "similar-title", high: false, confidence: 0.4834 },
    ],
  ])("%s", (_, videos, episodes, expected) => {
    expect(summary(videos, episodes)).toEqual([{ pair: "v-e", ...expected }]);
  });

  it.each([
    ["3 days apart, no common word (0.2357 < 0.4)", [item("v", "Launch")], [item("e", "Other", 3)]],
    [
      "4 days apart, similarity 0.5 (too far for step 2, too different for step 3)",
      [item("v", "a b c d")],
      [item("e", "a b x y", 4)],
    ],
    ["far apart, similarity 0.75 < 0.8", [item("v", "a b c d")], [item("e", "a b c e", 30)]],
    ["far apart, both untitled", [item("v", "")], [item("e", "", 30)]],
  ])("no match: %s", (_, videos, episodes) => {
    const result = matchContent(videos, episodes, "UTC");
    expect(result).toEqual({ matches: [], unmatchedVideoIds: ["v"], unmatchedEpisodeIds: ["e"] });
  });

  it("reports the match's parts", () => {
    const [m] = matchContent([item("v", "a b c d")], [item("e", "a b x y", 2)], "UTC").matches;
    expect(m).toMatchObject({ videoId: "v", episodeId: "e", titleSimilarity: 0.5, dayDistance: 2 });
    expect(m!.dateCloseness).toBeCloseTo(12 / 14, 12);
  });
});

describe("matchContent: each item used once, greedy by score", () => {
  it("one episode claimed by two videos goes to the better pair; the other video moves on", () => {
    const result = matchContent(
      [item("v1", "Other words"), item("v2", "Launch Day")],
      [item("e1", "Launch Day"), item("e2", "Other words again", 2)],
      "UTC",
    );
    expect(result.matches.map((m) => [m.videoId, m.episodeId, m.step])).toEqual([
      ["v1", "e2", 2],
      ["v2", "e1", 1],
    ]);
  });

  it("a greedy choice can leave a lesser pair unmatched rather than reuse an item", () => {
    const result = matchContent([item("v1", "a b"), item("v2", "a c")], [item("e1", "a b")], "UTC");
    expect(result.matches.map((m) => m.videoId)).toEqual(["v1"]);
    expect(result.unmatchedVideoIds).toEqual(["v2"]);
    expect(result.unmatchedEpisodeIds).toEqual([]);
  });

  it("ties go to the earlier video, then the earlier episode", () => {
    const twins = matchContent(
      [item("v1", "Same"), item("v2", "Same")],
      [item("e1", "Same"), item("e2", "Same")],
      "UTC",
    );
    expect(twins.matches.map((m) => `${m.videoId}-${m.episodeId}`)).toEqual(["v1-e1", "v2-e2"]);
    const one = matchContent([item("v1", "Same"), item("v2", "Same")], [item("e1", "Same")], "UTC");
    expect(one.matches.map((m) => `${m.videoId}-${m.episodeId}`)).toEqual(["v1-e1"]);
  });

  it("an earlier step's pair is kept even when a later step would pair better (the spec's order)", () => {
    // e1 is on v1's day with an unrelated title (0.4, step 1); v2 has e1's exact title 40 days away.
    const result = matchContent(
      [item("v1", "Unrelated"), item("v2", "Launch Day", -40)],
      [item("e1", "Launch Day")],
      "UTC",
    );
    expect(result.matches.map((m) => [m.videoId, m.episodeId, m.step])).toEqual([["v1", "e1", 1]]);
    expect(previewMatches(result.matches)).toEqual([]);
  });

  it("previews ignore matches below 0.5", () => {
    const { matches } = matchContent(
      [item("v1", "x"), item("v2", "a b c d"), item("v3", "Launch")],
      [item("e1", "y"), item("e2", "a b x y", 0), item("e3", "Launch", 30)],
      "UTC",
    );
    expect(matches.map((m) => [m.videoId, Number(m.confidence.toFixed(4))])).toEqual([
      ["v1", 0.4],
      ["v2", 0.7],
      ["v3", 0.6 + Number((0.3 * 0.5 * Math.exp(-23 / 14)).toFixed(4))],
    ]);
    expect(previewMatches(matches).map((m) => m.videoId)).toEqual(["v2", "v3"]);
  });
});

describe("matchContent: calendar days in the organisation's zone", () => {
  // 23:30 on Sunday 1 March in New York is 04:30 on Monday in UTC.
  const video = { id: "v", title: "Launch", publishDate: Date.parse("2026-03-02T04:30:00Z") };
  const episode = { id: "e", title: "Launch", publishDate: Date.parse("2026-03-02T14:00:00Z") };
  it.each([
    ["UTC", 0, 1],
    ["America/New_York", 1, 2],
    ["Asia/Tokyo", 0, 1],
  ])("in %s the pair is %i day(s) apart (step %i)", (zone, days, step) => {
    const [m] = matchContent([video], [episode], zone).matches;
    expect(m).toMatchObject({ dayDistance: days, step });
  });
});

describe("matchContent equals the all-pairs reference", () => {
  it.each([
    [
      "sparse year",
      { videos: 300, episodes: 300, days: 365, vocabulary: 400, seed: 1 },
      [166, 26, 8],
    ],
    [
      "dense days, many ties",
      { videos: 150, episodes: 120, days: 5, vocabulary: 12, seed: 2 },
      [97, 7, 7],
    ],
    [
      "more episodes than videos",
      { videos: 80, episodes: 200, days: 365, vocabulary: 60, seed: 3 },
      [47, 14, 4],
    ],
    [
      "tiny vocabulary, long range",
      { videos: 200, episodes: 200, days: 400, vocabulary: 6, seed: 4 },
      [97, 66, 32],
    ],
    [
      "in Los Angeles",
      {
        videos: 300,
        episodes: 300,
        days: 365,
        vocabulary: 400,
        seed: 5,
        zone: "America/Los_Angeles",
      },
      [168, 23, 9],
    ],
  ])("%s", (_, o, perStep) => {
    const { videos, episodes } = catalogue(o);
    const zone = "zone" in o ? o.zone : "UTC";
    const fast = matchContent(videos, episodes, zone).matches.map((m) => ({
      videoId: m.videoId,
      episodeId: m.episodeId,
      step: m.step,
      confidence: m.confidence,
    }));
    const reference = matchAllPairs(videos, episodes, zone).sort(
      (a, b) => Number(a.videoId.slice(1)) - Number(b.videoId.slice(1)),
    );
    expect(fast).toEqual(reference);
    expect([1, 2, 3].map((step) => fast.filter((m) => m.step === step).length)).toEqual(perStep);
  });

  it("prefix lengths for Dice >= 0.8", () => {
    expect([1, 2, 3, 4, 5, 6, 9, 10].map((n) => prefixLength(n))).toEqual([1, 1, 2, 2, 2, 3, 4, 4]);
  });
});

describe("the preview floor (minConfidence)", () => {
  const day = Date.UTC(2026, 5, 10, 15);
  it("keeps a sub-0.5 same-day pair from claiming the episode a later step would pair well", () => {
    // Same day, unrelated titles: step 1 pairs them at 0.3 + 0.1 = 0.4 (>= 0.2), spec-exact.
    const videos = [{ id: "v1", title: "Quarterly market roundup", publishDate: day }];
    const episodes = [{ id: "e-same-day", title: "Gardening tips for spring", publishDate: day }];
    const exact = matchContent(videos, episodes, "UTC");
    expect(exact.matches.map((m) => [m.videoId, m.episodeId, m.step])).toEqual([
      ["v1", "e-same-day", 1],
    ]);
    expect(exact.matches[0]!.confidence).toBeLessThan(0.5);
    // With the floor the weak pair is never made: both stay free.
    const floored = matchContent(videos, episodes, "UTC", { minConfidence: 0.5 });
    expect(floored.matches).toEqual([]);
    expect(floored.unmatchedEpisodeIds).toEqual(["e-same-day"]);
  });

  it("lets the episode go to the video that really matches it, a few days later", () => {
    const videos = [
      { id: "v-other", title: "Quarterly market roundup", publishDate: day },
      { id: "v-real", title: "Gardening tips for spring", publishDate: day + 2 * 86_400_000 },
    ];
    const episodes = [{ id: "e1", title: "Gardening tips for spring", publishDate: day }];
    // Spec-exact: step 1 (same day) gives e1 to the unrelated v-other first.
    expect(matchContent(videos, episodes, "UTC").matches.map((m) => m.videoId)).toEqual([
      "v-other",
    ]);
    // With the preview floor, e1 pairs with its real twin in step 2.
    const floored = matchContent(videos, episodes, "UTC", { minConfidence: 0.5 });
    expect(floored.matches.map((m) => [m.videoId, m.episodeId, m.step])).toEqual([
      ["v-real", "e1", 2],
    ]);
    expect(floored.matches[0]!.confidence).toBeGreaterThanOrEqual(0.5);
  });
});
