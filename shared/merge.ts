/*
 * Duplicate videos and episodes (spec sections 5 and 9): "Duplicate detection is by trimmed title
 * (an empty title forms a group)." "Duplicates: up to 5 groups computed, 3 of each kind shown.
 * Merging sums views, likes, comments and view windows (videos) or download counts (episodes)
 * across same-title items (trimmed title) and keeps the row with the highest views or total
 * downloads."
 *
 * The key is the title with surrounding whitespace removed and nothing else: case and inner
 * spacing still distinguish titles, as the spec says "trimmed" and no more. A missing title counts
 * as empty, so all untitled items form one group.
 */

export const MAX_DUPLICATE_GROUPS = 5;
export const DUPLICATE_EXAMPLES_SHOWN = 3;

export type Titled = { id: string; title: string | null };

export const titleKey = (title: string | null | undefined) => (title ?? "").trim();

/** What merging adds to a row: every member's id (the kept row's first), for the Merged badge. */
export type Merged<T> = T & { mergedIds: string[] };

export type MergePlan<_T> = {
  /** Counts (spec: "total videos ... duplicates found, count after merging"). */
  before: number;
  after: number;
  /** Items that merging folds into another: before - after. */
  duplicates: number;
  /** Number of titles held by two or more items. */
  groupCount: number;
  /** The first groups by first appearance, at most 5, each with its members' ids in input order. */
  groups: Array<{ title: string; ids: string[] }>;
  /** The titles shown as examples in the merge dialog, at most 3. */
  examples: string[];
};

function groupByTitle<T extends Titled>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = titleKey(item.title);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The figures of the Merge Content Options dialog. The 5-group cap limits the detail that is
 * carried around, never the counts: before/after/duplicates are exact over every item.
 */
export function planMerge<T extends Titled>(items: readonly T[]): MergePlan<T> {
  const groups = groupByTitle(items);
  const duplicated = [...groups.entries()].filter(([, members]) => members.length > 1);
  const shown = duplicated
    .slice(0, MAX_DUPLICATE_GROUPS)
    .map(([title, members]) => ({ title, ids: members.map((m) => m.id) }));
  return {
    before: items.length,
    after: groups.size,
    duplicates: items.length - groups.size,
    groupCount: duplicated.length,
    groups: shown,
    examples: shown.slice(0, DUPLICATE_EXAMPLES_SHOWN).map((g) => g.title),
  };
}

export type MergeRule<K extends string> = {
  /** The figure deciding which row is kept (highest wins; the first in input order on a tie). */
  rankBy: K;
  /** The figures summed across the group into the kept row. */
  sum: readonly K[];
};

/** An item carrying the figures K (numbers, possibly missing). */
type Counted<K extends string> = Titled & { [P in K]?: number | null };

/**
 * Sum a figure over a group. A missing value (a window with no history yet) contributes nothing;
 * if every member lacks it the merged value stays missing (null) rather than becoming 0.
 */
function total<K extends string>(members: ReadonlyArray<Counted<K>>, key: K): number | null {
  let sum: number | null = null;
  for (const m of members) {
    const v = m[key];
    if (typeof v === "number" && Number.isFinite(v)) sum = (sum ?? 0) + v;
  }
  return sum;
}

const rankOf = <K extends string>(item: Counted<K>, key: K) => {
  const v = item[key];
  return typeof v === "number" && Number.isFinite(v) ? v : Number.NEGATIVE_INFINITY;
};

/**
 * Merge items sharing a trimmed title. Each group becomes its highest-ranked member (its id,
 * title, dates and every other field) with the `sum` figures replaced by the group's totals. The
 * merged row takes the place of the group's first member, so the input order (newest first in
 * the merge step's reads) is kept. Items without duplicates pass through with mergedIds [id].
 */
export function mergeByTitle<K extends string, T extends Counted<K>>(
  items: readonly T[],
  rule: MergeRule<K>,
): Array<Merged<T>> {
  const out: Array<Merged<T>> = [];
  for (const members of groupByTitle(items).values()) {
    let kept = members[0]!;
    for (const m of members) if (rankOf(m, rule.rankBy) > rankOf(kept, rule.rankBy)) kept = m;
    const sums: Record<string, number | null> = {};
    // Only figures the items carry: merging must not invent fields a caller did not select.
    if (members.length > 1)
      for (const key of rule.sum)
        if (members.some((m) => key in m)) sums[key] = total(members, key);
    out.push({
      ...kept,
      ...sums,
      mergedIds: [kept.id, ...members.filter((m) => m !== kept).map((m) => m.id)],
    });
  }
  return out;
}

/** Video figures summed by merging: views, likes, comments and every view window. */
export const VIDEO_MERGE_RULE = {
  rankBy: "views",
  sum: [
    "views",
    "likes",
    "comments",
    "first24hViews",
    "first48hViews",
    "first7dViews",
    "trailing1dViews",
    "trailing1wViews",
    "trailing1mViews",
    "trailing1yViews",
  ],
} as const;

/**
 * Episode figures summed by merging: every download count. Unique listeners are not a download
 * count (the same listener may have heard several copies), so the kept row's figure stays.
 */
export const EPISODE_MERGE_RULE = {
  rankBy: "totalDownloadsGlobal",
  sum: [
    "totalDownloadsGlobal",
    "totalDownloadsUs",
    "first24hDownloads",
    "first48hDownloads",
    "first7dDownloads",
    "trailing1dDownloads",
    "trailing1wDownloads",
    "trailing1mDownloads",
    "trailing1yDownloads",
  ],
} as const;

export type MergeableVideo = Counted<(typeof VIDEO_MERGE_RULE.sum)[number]> & { views: number };
export type MergeableEpisode = Counted<(typeof EPISODE_MERGE_RULE.sum)[number]> & {
  totalDownloadsGlobal: number;
};

export const mergeVideos = <T extends MergeableVideo>(videos: readonly T[]) =>
  mergeByTitle(videos, VIDEO_MERGE_RULE);
export const mergeEpisodes = <T extends MergeableEpisode>(episodes: readonly T[]) =>
  mergeByTitle(episodes, EPISODE_MERGE_RULE);

/**
 * The Videos table's Merge Same toast (spec section 8): 'Merged {n} duplicate videos. Showing {m}
 * of {k} videos.' n counts the videos folded into another (k - m), so the three figures add up.
 */
export const mergedVideosMessage = (shown: number, total: number) =>
  `Merged ${total - shown} duplicate videos. Showing ${shown} of ${total} videos.`;
export const UNMERGED_VIDEOS_MESSAGE = "Showing all individual videos.";
