/*
 * Deterministic pseudo-random data for the emulators: the same handle or id always yields the
 * same channel, videos and history, on every machine.
 */

/** FNV-1a 32-bit hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast PRNG seeded by a 32-bit integer, returning [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY_MS = 86_400_000;

const words = [
  "Signal",
  "Frontier",
  "Weekly",
  "Deep",
  "Open",
  "Daily",
  "Inside",
  "Future",
  "Field",
  "Studio",
  "Talk",
  "Notes",
  "Brief",
  "Pulse",
  "Bridge",
  "Atlas",
];
const topics = [
  "AI in the newsroom",
  "Building a creator business",
  "The economics of streaming",
  "Audio storytelling",
  "Cloud costs explained",
  "Climate tech today",
  "Design systems at scale",
  "Remote teams that work",
  "The future of search",
  "Data privacy in 2026",
  "Sports analytics",
  "Indie games",
  "Startups and funding",
  "Healthcare innovation",
  "Music rights",
  "Space industry",
];

const guests = [
  "Zoë Kravitz-Ng",
  "José Álvarez",
  "Søren Å. Lund",
  "Chloé O’Brien",
  "Nguyễn Thị Mai",
];
const emoji = ["🎙️", "🚀", "🔥", "📈", "🎧", "✨", "🤖"];
const rtl = [
  "الذكاء الاصطناعي في غرفة الأخبار",
  "اقتصاد البث المباشر",
  "חדשות הטכנולוגיה השבועיות",
  "סיפורים באודיו",
];
/** YouTube's title limit, in characters (code points). */
export const TITLE_LIMIT = 100;
const clip = (title: string) => Array.from(title).slice(0, TITLE_LIMIT).join("");

/**
 * A programme title for episode number n of a show (used by both emulators so pairs match).
 * Real catalogues are not plain ASCII: these carry emoji, accents, curly quotes, em dashes,
 * right-to-left scripts, commas, straight quotes, line breaks, and some run to YouTube's
 * 100-character limit, so every path (tables, search, matching, CSV, Sheets, charts) meets them.
 */
export function programmeTitle(seed: number, n: number): string {
  const r = prng(seed + n * 7919);
  const topic = topics[Math.floor(r() * topics.length)]!;
  const word = words[Math.floor(r() * words.length)]!;
  const guest = guests[Math.floor(r() * guests.length)]!;
  const icon = emoji[Math.floor(r() * emoji.length)]!;
  const other = topics[Math.floor(r() * topics.length)]!.toLowerCase();
  switch (n % 8) {
    case 1:
      return clip(`“${topic}” — ${guest} on ${other} ${icon} #${n}`);
    case 2:
      // By n / 8: n % 4 is always 2 here, which picked the same (Hebrew) title every time and
      // never the Arabic ones.
      return clip(`${rtl[Math.floor(n / 8) % rtl.length]!} — ${n}`);
    case 3:
      return clip(`He said "ship it", we said "not yet": ${topic}, part ${n}`);
    case 4:
      return clip(`${topic}\nLive Q&A #${n} ${icon}`);
    case 5:
      return clip(
        `#${n} ${topic} — the full, unabridged conversation about ${other}, ${word.toLowerCase()} notes and why it all matters in 2026`,
      );
    case 6:
      return clip(`Café, crème & cinéma: l’épisode ${n} avec ${guest}`);
    default:
      return `${topic}: ${word} edition #${n}`;
  }
}

/**
 * Base64url of text (reversible ids that carry their own seed, so no storage is needed). UTF-8
 * first: btoa takes only Latin-1 and throws on a handle such as "@정국". ASCII text gives the same
 * ids as before, so existing sandbox ids keep their meaning.
 */
export const b64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
export function unb64url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    // fatal: bytes that are not UTF-8 name nothing (null), rather than a handle full of U+FFFD.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
      Uint8Array.from(binary, (ch) => ch.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

/** Cumulative views or downloads `ageDays` after publish: a launch burst, then a slow long tail. */
export function cumulativeAt(ageDays: number, peak: number): number {
  if (ageDays <= 0) return 0;
  return Math.round(peak * (1 - Math.exp(-ageDays / 6)) + peak * 0.004 * ageDays);
}

/** How long the "slow" magic keys keep an emulator from answering: past the clients' 15 s timeout. */
export const SLOW_ANSWER_MS = 20_000;

/** Waits `ms`, or less if the caller gives up (the request's signal aborts): no timer outlives it. */
export function stall(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
