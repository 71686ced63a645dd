import { describe, expect, it } from "vitest";
import {
  mergeByTitle,
  mergedVideosMessage,
  mergeEpisodes,
  mergeVideos,
  planMerge,
  titleKey,
  UNMERGED_VIDEOS_MESSAGE,
} from "../../shared/merge";

type Video = {
  id: string;
  title: string | null;
  channelId: string;
  views: number;
  likes: number;
  comments: number;
  first24hViews: number | null;
  trailing1wViews: number | null;
  publishDate: number;
};
const video = (
  id: string,
  title: string | null,
  views: number,
  extra: Partial<Video> = {},
): Video => ({
  id,
  title,
  channelId: `ch-${id}`,
  views,
  likes: views / 10,
  comments: views / 100,
  first24hViews: null,
  trailing1wViews: null,
  publishDate: 1_000 * Number(id.replace(/\D/g, "") || 0),
  ...extra,
});

describe("titleKey", () => {
  it.each([
    ["  Hello  ", "Hello"],
    ["Hello", "Hello"],
    ["hello", "hello"],
    ["Hello  World", "Hello  World"],
    ["\t\n", ""],
    [null, ""],
    [undefined, ""],
  ])("%j -> %j (trimmed only)", (title, key) => expect(titleKey(title)).toBe(key));
});

describe("planMerge", () => {
  it("counts exactly and keeps the first five groups and three examples", () => {
    const items = [
      ...["A", "B", "C", "D", "E", "F", "G"].flatMap((t, i) =>
        Array.from({ length: i + 2 }, (_, j) => ({ id: `${t}${j}`, title: j % 2 ? ` ${t} ` : t })),
      ),
      { id: "solo", title: "Solo" },
    ];
    const plan = planMerge(items);
    expect(plan.before).toBe(2 + 3 + 4 + 5 + 6 + 7 + 8 + 1);
    expect(plan.after).toBe(8);
    expect(plan.duplicates).toBe(plan.before - 8);
    expect(plan.groupCount).toBe(7);
    expect(plan.groups.map((g) => g.title)).toEqual(["A", "B", "C", "D", "E"]);
    expect(plan.groups[0]).toEqual({ title: "A", ids: ["A0", "A1"] });
    expect(plan.examples).toEqual(["A", "B", "C"]);
  });

  it("puts all untitled items (empty, blank or missing) into one group", () => {
    const plan = planMerge([
      { id: "1", title: "" },
      { id: "2", title: "   " },
      { id: "3", title: null },
      { id: "4", title: "Real" },
    ]);
    expect(plan).toMatchObject({
      before: 4,
      after: 2,
      duplicates: 2,
      groupCount: 1,
      groups: [{ title: "", ids: ["1", "2", "3"] }],
      examples: [""],
    });
  });

  it("finds nothing when titles differ (case counts)", () => {
    expect(
      planMerge([
        { id: "1", title: "Hello" },
        { id: "2", title: "hello" },
      ]),
    ).toMatchObject({
      before: 2,
      after: 2,
      duplicates: 0,
      groupCount: 0,
      groups: [],
      examples: [],
    });
    expect(planMerge([])).toMatchObject({ before: 0, after: 0, duplicates: 0, groups: [] });
  });
});

describe("mergeVideos", () => {
  it("sums views, likes, comments and windows, keeping the most viewed row's id and metadata", () => {
    const merged = mergeVideos([
      video("v1", "Launch", 100, { first24hViews: 10, trailing1wViews: null }),
      video("v2", "Other", 5),
      video("v3", " Launch", 300, { first24hViews: 30, trailing1wViews: 7 }),
      video("v4", "Launch ", 200, { first24hViews: null, trailing1wViews: null }),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toEqual({
      id: "v3",
      title: " Launch",
      channelId: "ch-v3",
      publishDate: 3000,
      views: 600,
      likes: 60,
      comments: 6,
      first24hViews: 40,
      trailing1wViews: 7,
      mergedIds: ["v3", "v1", "v4"],
    });
    expect(merged[1]).toEqual({ ...video("v2", "Other", 5), mergedIds: ["v2"] });
  });

  it("keeps a window missing when every member lacks it", () => {
    const [merged] = mergeVideos([video("v1", "A", 1), video("v2", "A", 2)]);
    expect(merged).toMatchObject({
      id: "v2",
      views: 3,
      first24hViews: null,
      trailing1wViews: null,
    });
  });

  it("keeps the first of equally viewed rows", () => {
    const [merged] = mergeVideos([
      video("v1", "Tie", 50),
      video("v2", "Tie", 50),
      video("v3", "Tie", 10),
    ]);
    expect(merged).toMatchObject({ id: "v1", views: 110, mergedIds: ["v1", "v2", "v3"] });
  });

  it("places each merged row where its group first appeared", () => {
    const merged = mergeVideos([
      video("v1", "A", 1),
      video("v2", "B", 1),
      video("v3", "A", 9),
      video("v4", "C", 1),
    ]);
    expect(merged.map((v) => v.id)).toEqual(["v3", "v2", "v4"]);
  });
});

describe("mergeEpisodes", () => {
  it("sums download counts, keeps the most downloaded row and its unique listeners", () => {
    const ep = (
      id: string,
      title: string,
      total: number,
      us: number,
      t1w: number | null,
      listeners: number,
    ) => ({
      id,
      title,
      showId: `show-${id}`,
      totalDownloadsGlobal: total,
      totalDownloadsUs: us,
      trailing1wDownloads: t1w,
      uniqueListeners: listeners,
    });
    const merged = mergeEpisodes([
      ep("e1", "Ep 1", 500, 300, 20, 400),
      ep("e2", "Ep 1", 900, 100, null, 800),
      ep("e3", "Ep 2", 1, 1, 1, 1),
    ]);
    expect(merged).toEqual([
      {
        id: "e2",
        title: "Ep 1",
        showId: "show-e2",
        totalDownloadsGlobal: 1400,
        totalDownloadsUs: 400,
        trailing1wDownloads: 20,
        uniqueListeners: 800,
        mergedIds: ["e2", "e1"],
      },
      { ...ep("e3", "Ep 2", 1, 1, 1, 1), mergedIds: ["e3"] },
    ]);
  });

  it("merges with any rule over plain objects", () => {
    const merged = mergeByTitle(
      [
        { id: "a", title: "", score: 1 },
        { id: "b", title: " ", score: 2 },
      ],
      { rankBy: "score", sum: ["score"] },
    );
    expect(merged).toEqual([{ id: "b", title: " ", score: 3, mergedIds: ["b", "a"] }]);
  });
});

describe("messages", () => {
  it.each([
    [7, 10, "Merged 3 duplicate videos. Showing 7 of 10 videos."],
    [10, 10, "Merged 0 duplicate videos. Showing 10 of 10 videos."],
  ])("shown %i of %i", (shown, total, text) =>
    expect(mergedVideosMessage(shown, total)).toBe(text),
  );
  it("has the unmerge text", () =>
    expect(UNMERGED_VIDEOS_MESSAGE).toBe("Showing all individual videos."));
});
