import { describe, expect, it } from "vitest";
import {
  applyIntent,
  moveVideo,
  nextRowId,
  type PairingContext,
  pairConfidence,
  placeEpisode,
  removeEpisode,
  removeVideo,
} from "../../shared/arrangement-rules";
import {
  arrangementProblems,
  initialArrangement,
  rowBadge,
  summarizeArrangement,
} from "../../shared/arrangement-seed";
import type { MatchItem } from "../../shared/matching";
import type { Arrangement, ArrangementRow } from "../../shared/schemas/arrangement";
import { type RoomIntent, roomIntentSchema } from "../../shared/schemas/room-intents";
import { seededRandom } from "./support/matching-data";

const DAY = 86_400_000;
const t0 = Date.parse("2026-03-02T15:00:00Z");
const content = (id: string, title: string, days = 0): [string, MatchItem] => [
  id,
  { id, title, publishDate: t0 + days * DAY },
];
const ctx: PairingContext = {
  videos: new Map([
    content("v1", "Launch Day Special"),
    content("v2", "Deep Dive Into Caching"),
    content("v3", "Q and A"),
  ]),
  episodes: new Map([
    content("e1", "Launch Day Special"),
    content("e2", "Caching Deep Dive", 3),
    content("e3", "Unrelated", 45),
    content("e4", "Q and A", 15),
  ]),
  timeZone: "UTC",
};

// v1+e1 auto pair, v2 alone, pool e2 e3 e4, then a blank row.
const start = (): Arrangement =>
  initialArrangement(
    ["v1", "v2", "v3"],
    ["e1", "e2", "e3", "e4"],
    [{ videoId: "v1", episodeId: "e1", confidence: 1, reason: "exact-date-and-title" }],
  );
const row = (a: Arrangement, id: string) => a.rows.find((r) => r.id === id)!;
const ok = (result: ReturnType<typeof applyIntent>) => {
  if (!result.ok) throw new Error(`rejected: ${result.reason}`);
  expect(arrangementProblems(result.arrangement)).toEqual([]);
  return result.arrangement;
};

describe("initialArrangement", () => {
  it("pairs, lone videos, the pool and one blank row", () => {
    const a = initialArrangement(
      ["v1", "v2", "v3"],
      ["e1", "e2", "e3", "e4"],
      [
        { videoId: "v1", episodeId: "e1", confidence: 1, reason: "exact-date-and-title" },
        { videoId: "v2", episodeId: "e2", confidence: 0.6, reason: "nearby-date" },
        { videoId: "v3", episodeId: "e4", confidence: 0.49, reason: "similar-title" },
      ],
    );
    expect(a.rows).toEqual([
      {
        id: "row-0",
        videoId: "v1",
        episodeId: "e1",
        matchConfidence: 1,
        matchType: "high-confidence",
        userModified: false,
        status: "suggested",
      },
      {
        id: "row-1",
        videoId: "v2",
        episodeId: "e2",
        matchConfidence: 0.6,
        matchType: "manual",
        userModified: false,
        status: "suggested",
      },
      {
        id: "row-2",
        videoId: "v3",
        episodeId: null,
        matchConfidence: null,
        matchType: "unmatched",
        userModified: false,
        status: "suggested",
      },
      {
        id: "row-3",
        videoId: null,
        episodeId: null,
        matchConfidence: null,
        matchType: "empty",
        userModified: false,
        status: "empty",
      },
    ]);
    expect(a.availableEpisodeIds).toEqual(["e3", "e4"]);
  });

  it.each([
    [0.75, undefined, "high-confidence"],
    [0.7499, "same-day", "manual"],
    [0.6, "exact-date-and-title", "high-confidence"],
    [0.5, "nearby-date", "manual"],
  ] as const)("confidence %d with reason %s gives %s", (confidence, reason, matchType) => {
    const a = initialArrangement(
      ["v1"],
      ["e1"],
      [{ videoId: "v1", episodeId: "e1", confidence, reason }],
    );
    expect(a.rows[0]).toMatchObject({ episodeId: "e1", matchType });
  });

  it("uses each item once (the most confident pair first) and ignores unknown ids", () => {
    const a = initialArrangement(
      ["v1", "v2"],
      ["e1"],
      [
        { videoId: "v1", episodeId: "e1", confidence: 0.6 },
        { videoId: "v2", episodeId: "e1", confidence: 0.9 },
        { videoId: "v1", episodeId: "gone", confidence: 1 },
      ],
    );
    expect(a.rows.map((r) => [r.videoId, r.episodeId])).toEqual([
      ["v1", null],
      ["v2", "e1"],
      [null, null],
    ]);
    expect(a.availableEpisodeIds).toEqual([]);
  });
});

describe("row rules", () => {
  it("removing a video clears the slot and makes the row empty (its episode stays)", () => {
    const a = ok(removeVideo(start(), { rowId: "row-0", videoId: "v1" }, ctx));
    expect(row(a, "row-0")).toEqual({
      id: "row-0",
      videoId: null,
      episodeId: "e1",
      matchConfidence: null,
      matchType: "empty",
      userModified: true,
      status: "empty",
    });
    expect(a.availableEpisodeIds).toEqual(["e2", "e3", "e4"]);
  });

  it("removing an episode returns it to the front of the pool; a row with a video becomes unmatched", () => {
    const a = ok(removeEpisode(start(), { rowId: "row-0", episodeId: "e1" }, ctx));
    expect(row(a, "row-0")).toEqual({
      id: "row-0",
      videoId: "v1",
      episodeId: null,
      matchConfidence: null,
      matchType: "unmatched",
      userModified: true,
      status: "suggested",
    });
    expect(a.availableEpisodeIds).toEqual(["e1", "e2", "e3", "e4"]);
  });

  it("removing an episode from a row without a video makes the row empty", () => {
    const a = ok(removeVideo(start(), { rowId: "row-0", videoId: "v1" }, ctx));
    const b = ok(removeEpisode(a, { rowId: "row-0", episodeId: "e1" }, ctx));
    expect(row(b, "row-0")).toMatchObject({
      videoId: null,
      episodeId: null,
      matchType: "empty",
      status: "empty",
    });
    expect(b.availableEpisodeIds[0]).toBe("e1");
  });

  it.each([
    // Manual confidence = 0.7 x word overlap + 0.3 x (1 - days / 30).
    [
      "v2 + e2: overlap 3/4, 3 days",
      "row-1",
      "e2",
      0.7 * 0.75 + 0.3 * (1 - 3 / 30),
      "high-confidence",
    ],
    ["v2 + e3: no overlap, 45 days", "row-1", "e3", 0, "manual"],
    ["v3 + e4: same words, 15 days", "row-2", "e4", 0.7 + 0.15, "high-confidence"],
  ])("dropping from the pool: %s", (_, rowId, episodeId, confidence, matchType) => {
    const a = ok(placeEpisode(start(), { rowId, episodeId }, ctx));
    const r = row(a, rowId);
    expect(r).toMatchObject({ episodeId, matchType, userModified: true, status: "suggested" });
    expect(r.matchConfidence).toBeCloseTo(confidence, 12);
    expect(a.availableEpisodeIds).not.toContain(episodeId);
  });

  it("dropping onto a paired row returns the previous episode to the front of the pool", () => {
    const a = ok(placeEpisode(start(), { rowId: "row-0", episodeId: "e3" }, ctx));
    expect(row(a, "row-0")).toMatchObject({
      videoId: "v1",
      episodeId: "e3",
      matchType: "manual",
      userModified: true,
    });
    expect(a.availableEpisodeIds).toEqual(["e1", "e2", "e4"]);
  });

  it("dropping an episode from another row moves it and re-settles both rows", () => {
    const a = ok(
      placeEpisode(start(), { rowId: "row-1", episodeId: "e1", fromRowId: "row-0" }, ctx),
    );
    expect(row(a, "row-0")).toMatchObject({
      videoId: "v1",
      episodeId: null,
      matchType: "unmatched",
    });
    expect(row(a, "row-1")).toMatchObject({ videoId: "v2", episodeId: "e1", matchType: "manual" });
    expect(a.availableEpisodeIds).toEqual(["e2", "e3", "e4"]);
  });

  it("dropping into the blank row fills it and appends a new blank row", () => {
    const a = ok(placeEpisode(start(), { rowId: "row-3", episodeId: "e2" }, ctx));
    expect(row(a, "row-3")).toMatchObject({ videoId: null, episodeId: "e2", matchType: "empty" });
    expect(a.rows.at(-1)).toEqual({
      id: "row-4",
      videoId: null,
      episodeId: null,
      matchConfidence: null,
      matchType: "empty",
      userModified: false,
      status: "empty",
    });
  });

  it("moving a video swaps the two rows' videos and recomputes both", () => {
    const a = ok(moveVideo(start(), { fromRowId: "row-1", toRowId: "row-0", videoId: "v2" }, ctx));
    expect(row(a, "row-0")).toMatchObject({
      videoId: "v2",
      episodeId: "e1",
      matchType: "manual",
      userModified: true,
    });
    expect(row(a, "row-1")).toMatchObject({
      videoId: "v1",
      episodeId: null,
      matchType: "unmatched",
      userModified: true,
    });
  });

  it("moving a video into the blank row leaves its old row empty and keeps a blank row", () => {
    const a = ok(moveVideo(start(), { fromRowId: "row-2", toRowId: "row-3", videoId: "v3" }, ctx));
    expect(row(a, "row-2")).toMatchObject({ videoId: null, matchType: "empty" });
    expect(row(a, "row-3")).toMatchObject({ videoId: "v3", matchType: "unmatched" });
    expect(
      a.rows.filter((r) => r.videoId === null && r.episodeId === null).map((r) => r.id),
    ).toEqual(["row-2"]);
  });

  it.each([
    ["an unknown row", { type: "remove_video", rowId: "nope", videoId: "v1" }, "unknown_row"],
    [
      "a video no longer in the row",
      { type: "remove_video", rowId: "row-1", videoId: "v1" },
      "video_not_in_row",
    ],
    [
      "an episode no longer in the row",
      { type: "remove_episode", rowId: "row-0", episodeId: "e2" },
      "episode_not_in_row",
    ],
    [
      "an episode not in the pool",
      { type: "place_episode", rowId: "row-1", episodeId: "e1" },
      "episode_not_available",
    ],
    [
      "an episode unknown to the board",
      { type: "place_episode", rowId: "row-1", episodeId: "e9" },
      "episode_not_available",
    ],
    [
      "a source row without that episode",
      { type: "place_episode", rowId: "row-1", episodeId: "e2", fromRowId: "row-0" },
      "episode_not_in_row",
    ],
    [
      "an episode onto its own row",
      { type: "place_episode", rowId: "row-0", episodeId: "e1", fromRowId: "row-0" },
      "same_row",
    ],
    [
      "a video onto its own row",
      { type: "move_video", fromRowId: "row-0", toRowId: "row-0", videoId: "v1" },
      "same_row",
    ],
    [
      "a move to an unknown row",
      { type: "move_video", fromRowId: "row-0", toRowId: "nope", videoId: "v1" },
      "unknown_row",
    ],
  ] as const)("rejects %s without changing anything", (_, intent, reason) => {
    const before = start();
    const copy = structuredClone(before);
    expect(applyIntent(before, intent, ctx)).toEqual({ ok: false, reason });
    expect(before).toEqual(copy);
  });
});

describe("intents schema", () => {
  it.each([
    [{ type: "place_episode", rowId: "r", episodeId: "e" }, true],
    [{ type: "place_episode", rowId: "r", episodeId: "e", fromRowId: null }, true],
    [{ type: "move_video", fromRowId: "a", toRowId: "b", videoId: "v" }, true],
    [{ type: "remove_video", rowId: "r" }, false],
    [{ type: "remove_episode", rowId: "r", episodeId: "" }, false],
    [{ type: "remove_episode", rowId: "r", episodeId: "e", extra: 1 }, false],
    [{ type: "drop_table", rowId: "r" }, false],
    [{ type: "move_video", fromRowId: "a", toRowId: "b", videoId: "x".repeat(201) }, false],
  ])("%j valid: %s", (intent, valid) =>
    expect(roomIntentSchema.safeParse(intent).success).toBe(valid),
  );
});

describe("helpers", () => {
  it("summarises pairs, unmatched items and auto matches", () => {
    const a = ok(
      removeVideo(
        ok(placeEpisode(start(), { rowId: "row-1", episodeId: "e2" }, ctx)),
        { rowId: "row-1", videoId: "v2" },
        ctx,
      ),
    );
    expect(summarizeArrangement(a)).toEqual({
      pairs: [{ rowId: "row-0", videoId: "v1", episodeId: "e1" }],
      unmatchedVideoIds: ["v3"],
      unmatchedEpisodeIds: ["e3", "e4", "e2"],
      autoMatches: 1,
    });
  });

  it.each([
    [{ videoId: "v", episodeId: "e", userModified: false }, "Auto Match"],
    [{ videoId: "v", episodeId: "e", userModified: true }, "Manual Match"],
    [{ videoId: "v", episodeId: null, userModified: true }, "Unmatched"],
    [{ videoId: null, episodeId: "e", userModified: true }, null],
  ])("badge of %j is %s", (r, badge) =>
    expect(
      rowBadge({
        id: "x",
        matchConfidence: null,
        matchType: "manual",
        status: "suggested",
        ...r,
      } as ArrangementRow),
    ).toBe(badge),
  );

  it("numbers new rows after the highest row-N", () => {
    expect(
      nextRowId([{ id: "row-7" }, { id: "custom" }, { id: "row-2" }] as ArrangementRow[]),
    ).toBe("row-8");
    expect(nextRowId([])).toBe("row-0");
  });

  it("gives no confidence for content the room does not know", () =>
    expect(pairConfidence(ctx, "v1", "nope")).toBeNull());
});

describe("random intent sequences keep the arrangement consistent", () => {
  it.each([1, 2, 3, 4, 5])("seed %i: every item stays in exactly one place", (seed) => {
    const rnd = seededRandom(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    let a = start();
    let applied = 0;
    for (let i = 0; i < 400; i++) {
      const r = pick(a.rows);
      const other = pick(a.rows);
      const candidates: RoomIntent[] = [
        { type: "remove_video", rowId: r.id, videoId: r.videoId ?? "v1" },
        { type: "remove_episode", rowId: r.id, episodeId: r.episodeId ?? "e1" },
        { type: "place_episode", rowId: r.id, episodeId: pick([...a.availableEpisodeIds, "e1"]) },
        {
          type: "place_episode",
          rowId: r.id,
          episodeId: other.episodeId ?? "e2",
          fromRowId: other.id,
        },
        { type: "move_video", fromRowId: r.id, toRowId: other.id, videoId: r.videoId ?? "v2" },
      ];
      const result = applyIntent(a, pick(candidates), ctx);
      if (!result.ok) continue;
      applied++;
      a = result.arrangement;
      expect(arrangementProblems(a)).toEqual([]);
      const placed = [
        ...a.availableEpisodeIds,
        ...a.rows.flatMap((x) => (x.episodeId ? [x.episodeId] : [])),
      ].sort();
      expect(placed).toEqual(["e1", "e2", "e3", "e4"]);
      for (const x of a.rows) expect(x.matchType === "empty").toBe(x.videoId === null);
      for (const x of a.rows) if (x.videoId) expect(ctx.videos.has(x.videoId)).toBe(true);
    }
    expect(applied).toBeGreaterThan(50);
  });
});
