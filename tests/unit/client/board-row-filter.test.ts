import { describe, expect, it } from "vitest";
import { filterRows, foldForSearch } from "../../../client/features/multichannel/board/row-filter";
import type { ArrangementRow } from "../../../shared/schemas/arrangement";

/** A board row as the room keeps it. */
const row = (
  id: string,
  videoId: string | null,
  episodeId: string | null,
  userModified = false,
): ArrangementRow => ({
  id,
  videoId,
  episodeId,
  matchConfidence: episodeId ? 0.8 : null,
  matchType: episodeId
    ? userModified
      ? "manual"
      : "high-confidence"
    : videoId
      ? "unmatched"
      : "empty",
  userModified,
  status: videoId ? "suggested" : "empty",
});

const rows = [
  row("r1", "v1", "e1"),
  row("r2", "v2", null),
  row("r3", "v3", "e3", true),
  row("r4", "v4", null),
  row("blank", null, null),
];
const titles: Record<string, string> = {
  "video:v1": "Café, crème & cinéma\nDemo Media Daily",
  "episode:e1": "Cafe talk (podcast)\nDaily Show",
  "video:v2": "Sports analytics Live Q&A\nBench 100000",
  "video:v3": "Remote teams that work\nDemo Media Clips",
  "episode:e3": "Remote teams, the episode\nTech Talk",
  "video:v4": "İstanbul'da bir gün\nBench 100000",
};
const text = (kind: "video" | "episode", id: string) =>
  foldForSearch(titles[`${kind}:${id}`] ?? "");
const ids = (shown: ReturnType<typeof filterRows>) => shown.map((s) => s.row.id);

describe("the board's row filter", () => {
  it("shows every row, the blank one too, when nothing narrows it", () => {
    expect(ids(filterRows(rows, "all", "", text))).toEqual(["r1", "r2", "r3", "r4", "blank"]);
    expect(ids(filterRows(rows, "all", "   ", text))).toEqual(["r1", "r2", "r3", "r4", "blank"]);
  });

  it("narrows to the rows wearing one badge, each keeping its place on the board", () => {
    expect(filterRows(rows, "auto", "", text)).toEqual([{ row: rows[0], index: 0 }]);
    expect(filterRows(rows, "manual", "", text)).toEqual([{ row: rows[2], index: 2 }]);
    expect(ids(filterRows(rows, "unmatched", "", text))).toEqual(["r2", "r4"]);
  });

  it("finds titles and sources without regard to accents or case, every word", () => {
    expect(ids(filterRows(rows, "all", "CAFÉ", text))).toEqual(["r1"]);
    expect(ids(filterRows(rows, "all", "cafe", text))).toEqual(["r1"]);
    // The episode's title is searched as well as the video's; so are the channel and show.
    expect(ids(filterRows(rows, "all", "podcast", text))).toEqual(["r1"]);
    expect(ids(filterRows(rows, "all", "bench 100000", text))).toEqual(["r2", "r4"]);
    expect(ids(filterRows(rows, "all", "remote episode", text))).toEqual(["r3"]);
    expect(ids(filterRows(rows, "all", "remote sports", text))).toEqual([]);
    expect(ids(filterRows(rows, "unmatched", "sports", text))).toEqual(["r2"]);
    expect(ids(filterRows(rows, "auto", "sports", text))).toEqual([]);
  });

  it("keeps in view the rows this person just changed, whatever they now hold", () => {
    // r2 was Unmatched and has just been given an episode: still shown under Unmatched.
    const given = rows.map((r) => (r.id === "r2" ? row("r2", "v2", "e9", true) : r));
    expect(ids(filterRows(given, "unmatched", "", text))).toEqual(["r4"]);
    expect(ids(filterRows(given, "unmatched", "", text, new Set(["r2"])))).toEqual(["r2", "r4"]);
    expect(ids(filterRows(given, "all", "zzz", text, new Set(["r2"])))).toEqual(["r2"]);
  });

  it("folds letters beyond ASCII", () => {
    expect(foldForSearch("CRÈME Brûlée")).toBe("creme brulee");
    expect(ids(filterRows(rows, "all", "istanbul", text))).toEqual(["r4"]);
  });
});
