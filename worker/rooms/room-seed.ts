/*
 * How the Worker hands a preview room its board content. Kept apart from the room's class so the
 * routes (and anything that imports them outside workerd) need not load cloudflare:workers.
 */

/** Items per seeding statement or content chunk (one JSON array, well under the 2 MB value limit). */
export const SEED_ROWS = 500;

/** JSON arrays of up to SEED_ROWS items of T, in order (the brand keeps the item type). */
export type ContentChunks<T> = string[] & { readonly items?: T };

/**
 * The Worker serialises the board's content itself: strings cross the RPC boundary as they are,
 * where 4,000 objects were copied one by one (a quarter of a 2,000 x 2,000 preview's time).
 */
export function contentChunks<T>(items: T[]): ContentChunks<T> {
  const chunks: string[] = [];
  for (let i = 0; i < items.length; i += SEED_ROWS)
    chunks.push(JSON.stringify(items.slice(i, i + SEED_ROWS)));
  return chunks;
}
