import { arrangementProblems } from "../../shared/arrangement-seed";
import type { Arrangement, ArrangementRow } from "../../shared/schemas/arrangement";
import type { BoardEpisode, BoardVideo } from "../../shared/schemas/multichannel";

/*
 * How the Worker hands a preview room its board: content and starting arrangement as UTF-8 JSON
 * bytes. Kept apart from the room's class so the routes (and anything that imports them outside
 * workerd) need not load cloudflare:workers.
 *
 * Why bytes: an RPC argument is copied into the room by the structured-clone serializer. 4,000
 * content objects cost a quarter of a 2,000 x 2,000 preview's time; the same content as JSON
 * strings still cost 30-150 ms a preview (measured 2026-11-24, load 14-18: two-byte strings, as
 * most titles hold a dash, quote or emoji), while the same JSON as ArrayBuffers crosses in 1-3 ms.
 * The room stores the content bytes as they come and binds the rows' JSON to json_each.
 */

/** Items per seeding statement or content chunk (one JSON array, well under the 2 MB value limit). */
export const SEED_ROWS = 500;

/** UTF-8 JSON arrays of up to SEED_ROWS items of T, in order (the brand keeps the item type). */
export type JsonChunks<T> = ArrayBuffer[] & { readonly items?: T };

export type RoomSeed = {
  videos: JsonChunks<BoardVideo>;
  episodes: JsonChunks<BoardEpisode>;
  /** The starting arrangement's rows, in position order. */
  rows: JsonChunks<ArrangementRow>;
  availableEpisodeIds: string[];
  timeZone: string;
  readOnly: boolean;
};

const encoder = new TextEncoder();

/** An exact ArrayBuffer of the JSON (an encoder's view may sit in a larger buffer). */
function jsonBytes(value: unknown): ArrayBuffer {
  const view = encoder.encode(JSON.stringify(value));
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength
    ? (view.buffer as ArrayBuffer)
    : (view.slice().buffer as ArrayBuffer);
}

export function jsonChunks<T>(items: readonly T[]): JsonChunks<T> {
  const chunks: ArrayBuffer[] = [];
  for (let i = 0; i < items.length; i += SEED_ROWS)
    chunks.push(jsonBytes(items.slice(i, i + SEED_ROWS)));
  return chunks;
}

/** The room's seed for a board. */
export function roomSeed(board: {
  videos: readonly BoardVideo[];
  episodes: readonly BoardEpisode[];
  arrangement: Arrangement;
  timeZone: string;
  readOnly: boolean;
}): RoomSeed {
  return {
    videos: jsonChunks(board.videos),
    episodes: jsonChunks(board.episodes),
    rows: jsonChunks(board.arrangement.rows),
    availableEpisodeIds: board.arrangement.availableEpisodeIds,
    timeZone: board.timeZone,
    readOnly: board.readOnly,
  };
}

const decoder = new TextDecoder();

/** The text of a stored chunk: TEXT in rooms seeded before the bytes, a BLOB since. */
export const chunkText = (stored: string | ArrayBuffer) =>
  typeof stored === "string" ? stored : decoder.decode(stored);

/**
 * The room's check of what it is given: the arrangement the rows make, and each rows chunk's
 * JSON text with the position of its first row; an arrangement with problems
 * (arrangementProblems) is an error.
 */
export function decodeArrangement(seed: Pick<RoomSeed, "rows" | "availableEpisodeIds">) {
  const chunks: Array<{ text: string; first: number }> = [];
  const rows: ArrangementRow[] = [];
  for (const bytes of seed.rows) {
    const text = decoder.decode(bytes);
    chunks.push({ text, first: rows.length });
    rows.push(...(JSON.parse(text) as ArrangementRow[]));
  }
  const arrangement: Arrangement = { rows, availableEpisodeIds: seed.availableEpisodeIds };
  const problems = arrangementProblems(arrangement);
  if (problems.length) throw new Error(`inconsistent arrangement: ${problems.join("; ")}`);
  return { chunks, arrangement };
}
