/*
 * The preview board's row rules (spec section 4) as pure reducers over the arrangement. The
 * PreviewRoom applies them as the single authority; the client may apply them optimistically.
 *
 * "Removing a video clears the slot and makes the row empty. Removing an episode returns it to the
 * available pool and makes the row unmatched if it has a video, else empty. Dropping an episode
 * into a row places it, returns any previous episode to the pool, marks the row user-modified and
 * manual, and recomputes confidence; at 0.75 or more the row becomes high-confidence. Moving a
 * video to another row swaps videos. An empty row is appended if none remains."
 *
 * Every row a user action touches is re-settled from what it now holds (settleRow), so a row
 * never shows a type or confidence belonging to a pair it no longer has.
 */
import { atLeast, HIGH_CONFIDENCE, manualConfidence } from "./match-scores";
import type { MatchItem } from "./matching";
import type { Arrangement, ArrangementRow } from "./schemas/arrangement";
import type {
  MoveVideoIntent,
  PlaceEpisodeIntent,
  RemoveEpisodeIntent,
  RemoveVideoIntent,
  RoomIntent,
} from "./schemas/room-intents";
import { wordOverlap } from "./title-similarity";
import { zonedDayIndex } from "./zoned-time";

/** The content on the board, for recomputing confidence, and the organisation's zone. */
export type PairingContext = {
  videos: ReadonlyMap<string, MatchItem>;
  episodes: ReadonlyMap<string, MatchItem>;
  timeZone: string;
};

export type RuleRejection =
  | "unknown_row"
  | "episode_not_available"
  | "episode_not_in_row"
  | "video_not_in_row"
  | "same_row";
export type RuleResult =
  | { ok: true; arrangement: Arrangement }
  | { ok: false; reason: RuleRejection };

const reject = (reason: RuleRejection): RuleResult => ({ ok: false, reason });

/**
 * Confidence of a pair placed by hand (spec section 9): 70 % word overlap + 30 % date, linear
 * over 30 calendar days. Null when either item is unknown to the room (nothing to compare).
 */
export function pairConfidence(
  ctx: PairingContext,
  videoId: string,
  episodeId: string,
): number | null {
  const video = ctx.videos.get(videoId);
  const episode = ctx.episodes.get(episodeId);
  if (!video || !episode) return null;
  const days = Math.abs(
    zonedDayIndex(video.publishDate, ctx.timeZone) -
      zonedDayIndex(episode.publishDate, ctx.timeZone),
  );
  return manualConfidence(wordOverlap(video.title, episode.title), days);
}

/**
 * A row's type after a user changed it, from its contents:
 * - no video: 'empty' (both removal rules say so; an episode may still sit in the slot);
 * - a video alone: 'unmatched';
 * - a pair: 'high-confidence' at 0.75 or more, else 'manual', with the recomputed confidence.
 * The spec's drop rule says "manual" even for a row without a video; we keep "no video is empty"
 * so the two removal rules and the drop rule never disagree about one state.
 */
export function settleRow(row: ArrangementRow, ctx: PairingContext): ArrangementRow {
  const base = { id: row.id, videoId: row.videoId, episodeId: row.episodeId, userModified: true };
  if (row.videoId === null)
    return { ...base, matchConfidence: null, matchType: "empty", status: "empty" };
  if (row.episodeId === null)
    return { ...base, matchConfidence: null, matchType: "unmatched", status: "suggested" };
  const confidence = pairConfidence(ctx, row.videoId, row.episodeId);
  const high = confidence !== null && atLeast(confidence, HIGH_CONFIDENCE);
  return {
    ...base,
    matchConfidence: confidence === null ? null : Math.min(1, Math.max(0, confidence)),
    matchType: high ? "high-confidence" : "manual",
    status: "suggested",
  };
}

/** A row with nothing in either slot: what "an empty row" means for the append rule. */
export const isBlankRow = (row: ArrangementRow) => row.videoId === null && row.episodeId === null;

/** Next free id of the form row-N (deterministic, so every replica of a room agrees). */
export function nextRowId(rows: readonly ArrangementRow[]): string {
  let max = -1;
  for (const row of rows) {
    const m = /^row-(\d+)$/.exec(row.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `row-${max + 1}`;
}

export const blankRow = (id: string): ArrangementRow => ({
  id,
  videoId: null,
  episodeId: null,
  matchConfidence: null,
  matchType: "empty",
  userModified: false,
  status: "empty",
});

/** "An empty row is appended if none remains." */
export function ensureBlankRow(arrangement: Arrangement): Arrangement {
  if (arrangement.rows.some(isBlankRow)) return arrangement;
  return { ...arrangement, rows: [...arrangement.rows, blankRow(nextRowId(arrangement.rows))] };
}

/** Episodes returning to the pool go to its front, where the user will look for them. */
const toPool = (pool: readonly string[], ...ids: Array<string | null>) => [
  ...ids.filter((id): id is string => id !== null),
  ...pool,
];

function done(rows: ArrangementRow[], availableEpisodeIds: string[]): RuleResult {
  return { ok: true, arrangement: ensureBlankRow({ rows, availableEpisodeIds }) };
}

const replaceRows = (
  rows: readonly ArrangementRow[],
  changed: ReadonlyMap<string, ArrangementRow>,
) => rows.map((r) => changed.get(r.id) ?? r);

export function removeVideo(
  arr: Arrangement,
  intent: Omit<RemoveVideoIntent, "type">,
  ctx: PairingContext,
): RuleResult {
  const row = arr.rows.find((r) => r.id === intent.rowId);
  if (!row) return reject("unknown_row");
  if (row.videoId !== intent.videoId) return reject("video_not_in_row");
  const settled = settleRow({ ...row, videoId: null }, ctx);
  return done(replaceRows(arr.rows, new Map([[row.id, settled]])), [...arr.availableEpisodeIds]);
}

export function removeEpisode(
  arr: Arrangement,
  intent: Omit<RemoveEpisodeIntent, "type">,
  ctx: PairingContext,
): RuleResult {
  const row = arr.rows.find((r) => r.id === intent.rowId);
  if (!row) return reject("unknown_row");
  if (row.episodeId !== intent.episodeId) return reject("episode_not_in_row");
  const settled = settleRow({ ...row, episodeId: null }, ctx);
  return done(
    replaceRows(arr.rows, new Map([[row.id, settled]])),
    toPool(arr.availableEpisodeIds, intent.episodeId),
  );
}

export function placeEpisode(
  arr: Arrangement,
  intent: Omit<PlaceEpisodeIntent, "type">,
  ctx: PairingContext,
): RuleResult {
  const target = arr.rows.find((r) => r.id === intent.rowId);
  if (!target) return reject("unknown_row");
  const changed = new Map<string, ArrangementRow>();
  let pool = arr.availableEpisodeIds;
  if (intent.fromRowId) {
    if (intent.fromRowId === intent.rowId) return reject("same_row");
    const source = arr.rows.find((r) => r.id === intent.fromRowId);
    if (!source) return reject("unknown_row");
    if (source.episodeId !== intent.episodeId) return reject("episode_not_in_row");
    changed.set(source.id, settleRow({ ...source, episodeId: null }, ctx));
  } else {
    if (!pool.includes(intent.episodeId)) return reject("episode_not_available");
    pool = pool.filter((id) => id !== intent.episodeId);
  }
  changed.set(target.id, settleRow({ ...target, episodeId: intent.episodeId }, ctx));
  return done(replaceRows(arr.rows, changed), toPool(pool, target.episodeId));
}

export function moveVideo(
  arr: Arrangement,
  intent: Omit<MoveVideoIntent, "type">,
  ctx: PairingContext,
): RuleResult {
  if (intent.fromRowId === intent.toRowId) return reject("same_row");
  const from = arr.rows.find((r) => r.id === intent.fromRowId);
  const to = arr.rows.find((r) => r.id === intent.toRowId);
  if (!from || !to) return reject("unknown_row");
  if (from.videoId !== intent.videoId) return reject("video_not_in_row");
  const changed = new Map([
    [from.id, settleRow({ ...from, videoId: to.videoId }, ctx)],
    [to.id, settleRow({ ...to, videoId: from.videoId }, ctx)],
  ]);
  return done(replaceRows(arr.rows, changed), [...arr.availableEpisodeIds]);
}

/** Apply a validated client intent (shared/schemas/room-intents.ts). */
export function applyIntent(arr: Arrangement, intent: RoomIntent, ctx: PairingContext): RuleResult {
  switch (intent.type) {
    case "place_episode":
      return placeEpisode(arr, intent, ctx);
    case "remove_episode":
      return removeEpisode(arr, intent, ctx);
    case "remove_video":
      return removeVideo(arr, intent, ctx);
    case "move_video":
      return moveVideo(arr, intent, ctx);
  }
}
