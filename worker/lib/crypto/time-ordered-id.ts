/*
 * Time-ordered UUIDs (version 7, RFC 9562): 48 bits of Unix milliseconds, then 74 random bits.
 * Same text shape as crypto.randomUUID(). Rows written together get keys that sit side by side in
 * a primary-key index, so a bulk insert fills a few new index pages at its end instead of
 * touching one existing page per row, as random (version 4) keys do once the table is large.
 */

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function timeOrderedUuid(now = Date.now()): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70; // version 7
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
