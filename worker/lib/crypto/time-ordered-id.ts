/*
 * Time-ordered UUIDs (version 7, RFC 9562): 48 bits of Unix milliseconds, then 74 random bits.
 * Same text shape as crypto.randomUUID(). Rows written together get keys that sit side by side in
 * a primary-key index, so a bulk insert fills a few new index pages at its end instead of
 * touching one existing page per row, as random (version 4) keys do once the table is large.
 */

// Two hex digits per byte value, looked up: a preview makes ~2,000 of these ids at once, and
// formatting each byte with toString/padStart/join cost more than the rest of the id.
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export function timeOrderedUuid(now = Date.now()): string {
  return timeOrderedUuids(1, now)[0]!;
}

/** getRandomValues fills at most 65,536 bytes a call. */
const IDS_PER_DRAW = 4096;

/**
 * `count` ids made at `now`, their random bits drawn in a few calls: one getRandomValues call per
 * id cost more than the rest of storing a preview's ~1,800 suggestions (2026-11-24 profile).
 */
export function timeOrderedUuids(count: number, now = Date.now()): string[] {
  const ids: string[] = [];
  const time: string[] = [];
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    time[i] = HEX[ms % 256]!;
    ms = Math.floor(ms / 256);
  }
  const prefix = `${time.slice(0, 4).join("")}-${time[4]}${time[5]}-`;
  for (let first = 0; first < count; first += IDS_PER_DRAW) {
    const n = Math.min(IDS_PER_DRAW, count - first);
    const r = crypto.getRandomValues(new Uint8Array(n * 10));
    for (let k = 0; k < n; k++) {
      const b = (i: number) => HEX[r[k * 10 + i]!]!;
      r[k * 10] = (r[k * 10]! & 0x0f) | 0x70; // version 7
      r[k * 10 + 2] = (r[k * 10 + 2]! & 0x3f) | 0x80; // variant 10
      ids.push(`${prefix}${b(0)}${b(1)}-${b(2)}${b(3)}-${b(4)}${b(5)}${b(6)}${b(7)}${b(8)}${b(9)}`);
    }
  }
  return ids;
}
