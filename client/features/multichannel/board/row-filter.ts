import { rowBadge } from "../../../../shared/arrangement-seed";
import type { ArrangementRow } from "../../../../shared/schemas/arrangement";
import { titleWords } from "../../../../shared/title-similarity";

/*
 * Narrowing the Content Matching list. A board over a large channel has thousands of rows (a
 * 100,000-video channel's last 30 days: 3,946 rows for 19 episodes), and its 19 pairs sat among
 * 3,900 unmatched videos, 300,000 px of scrolling. The filter is the viewer's own: it changes
 * what this person sees, never the shared arrangement.
 */

/** Which rows to show, by the badge each row wears. */
export const ROW_SHOW_CHOICES = [
  { value: "all", label: "All rows" },
  { value: "auto", label: "Auto Match" },
  { value: "manual", label: "Manual Match" },
  { value: "unmatched", label: "Unmatched" },
] as const;
export type RowShow = (typeof ROW_SHOW_CHOICES)[number]["value"];

const badgeOf: Record<Exclude<RowShow, "all">, string> = {
  auto: "Auto Match",
  manual: "Manual Match",
  unmatched: "Unmatched",
};

/**
 * Text as a search compares it: its words as matching reads titles (shared/title-similarity.ts:
 * without accents, case or apostrophes), so "cafe", "café" and "CAFÉ" find one another. The
 * tables' search folds case only; a board is searched in the browser, where this costs nothing.
 */
export const foldForSearch = (text: string) => titleWords(text).join(" ");

/** A row with its place in the whole list (its number on the board stays its own). */
export type ShownRow = { row: ArrangementRow; index: number };

/**
 * The rows to show for a choice and a search. A search finds a row by its video's or its
 * episode's title or source (channel, show); `searchText` gives an item's text already folded.
 * The empty row that takes a new pairing is shown only with all rows and no search. `kept` rows
 * are shown whatever they now hold: the ones this person has just changed, which would otherwise
 * vanish under their hand (an Unmatched row given an episode is no longer Unmatched).
 */
export function filterRows(
  rows: readonly ArrangementRow[],
  show: RowShow,
  search: string,
  searchText: (kind: "video" | "episode", id: string) => string,
  kept: ReadonlySet<string> = new Set(),
): ShownRow[] {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  const matches = (row: ArrangementRow) => {
    if (show !== "all" && rowBadge(row) !== badgeOf[show]) return false;
    if (words.length === 0) return true;
    const text = [
      row.videoId ? searchText("video", row.videoId) : "",
      row.episodeId ? searchText("episode", row.episodeId) : "",
    ].join("\n");
    return words.every((word) => text.includes(word));
  };
  const shown: ShownRow[] = [];
  rows.forEach((row, index) => {
    if (kept.has(row.id) || matches(row)) shown.push({ row, index });
  });
  return shown;
}
