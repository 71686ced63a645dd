/*
 * Title comparison for matching videos to episodes (spec section 9 names "title similarity" for
 * automatic matching and "word overlap" for a user-made pair without defining either; these are
 * our definitions).
 *
 * Normalised words: Unicode-decomposed with accents removed, lower-cased, apostrophes dropped
 * ("Don't" = "dont"), then split on anything that is not a letter or digit, and de-duplicated.
 * Titles of one piece of content on two platforms differ mostly in decoration ("Ep. 12:", "| My
 * Podcast", punctuation, word order), which this ignores, while numbers stay words so "Episode 12"
 * and "Episode 13" stay apart. Scripts written without spaces form one word per run.
 *
 * - titleSimilarity: the Sørensen-Dice coefficient of the two word sets, 2|A∩B| / (|A| + |B|):
 *   1 for the same words, 0 for none in common; symmetric; and unlike the overlap coefficient it
 *   penalises one title being a small part of a long one.
 * - wordOverlap: the share of the longer title's words found in the other, |A∩B| / max(|A|, |B|).
 * A title without words has similarity 0 with everything, itself included: no evidence.
 */

/** A title's normalised words in order of first appearance, read a character at a time. */
export function titleWords(title: string | null | undefined): string[] {
  const text = title ?? "";
  const words = new Set<string>();
  let word = "";
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      // ASCII: letters lower-cased, digits kept, the apostrophe dropped, anything else ends a word.
      if (code >= 0x61 && code <= 0x7a) word += text[i];
      else if (code >= 0x41 && code <= 0x5a) word += String.fromCharCode(code + 0x20);
      else if (code >= 0x30 && code <= 0x39) word += text[i];
      else if (code !== 0x27 && word) {
        words.add(word);
        word = "";
      }
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    const folded = foldedCharacter(code);
    if (folded === null) return wholeTitleWords(text);
    for (const ch of folded) {
      if (ch !== " ") word += ch;
      else if (word) {
        words.add(word);
        word = "";
      }
    }
  }
  if (word) words.add(word);
  return [...words];
}

/**
 * The definition above applied to the whole title at once: decomposed (NFKD), marks removed,
 * apostrophes removed, lower-cased, split on anything that is not a letter or digit.
 * titleWords gives the same words a character at a time, because each of those steps maps one
 * character independently of its neighbours, with one exception: a capital sigma lower-cases to
 * ς at the end of a word and σ elsewhere, so a title holding one (after decomposition) is read
 * whole. (tests/unit/title-words.test.ts holds titleWords to this definition over every code point.)
 */
export function wholeTitleWords(text: string): string[] {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/['\u2019]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((w) => w.length > 0))];
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * A non-ASCII character as it reads in a title's words: its decomposition without marks or
 * apostrophes, lower-cased, with a space for each character that separates words; null when its
 * decomposition holds a capital sigma. Titles repeat few distinct characters, so each is worked
 * out once per isolate (at most one entry per code point ever seen): normalising and four
 * regular-expression passes over every title were half of a 2,000 x 2,000 preview's matching
 * (2026-11-29, docs/performance.md).
 */
const foldedCharacters = new Map<number, string | null>();
function foldedCharacter(code: number): string | null {
  let folded = foldedCharacters.get(code);
  if (folded === undefined) {
    const decomposed = String.fromCodePoint(code).normalize("NFKD");
    folded = null;
    if (!decomposed.includes("\u03a3")) {
      folded = "";
      const lower = decomposed
        .replace(/\p{M}+/gu, "")
        .replace(/['\u2019]/g, "")
        .toLowerCase();
      for (const ch of lower) folded += LETTER_OR_DIGIT.test(ch) ? ch : " ";
    }
    foldedCharacters.set(code, folded);
  }
  return folded;
}

/** Size of the intersection of two ascending arrays of distinct word ids. */
export function intersectionSize(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      n++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return n;
}

/** Dice coefficient of two ascending word-id arrays (the fast form used by the matcher). */
export const diceOfIds = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === 0 || b.length === 0 ? 0 : (2 * intersectionSize(a, b)) / (a.length + b.length);

/**
 * Gives each distinct word a small integer, so word sets become sorted integer arrays that
 * intersect in linear time without hashing strings in the inner loop.
 */
export class WordIds {
  private readonly ids = new Map<string, number>();
  get size() {
    return this.ids.size;
  }
  of(title: string | null | undefined): Int32Array {
    const out = titleWords(title).map((w) => {
      let id = this.ids.get(w);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(w, id);
      }
      return id;
    });
    return Int32Array.from(out).sort();
  }
}

function pair(a: string | null | undefined, b: string | null | undefined) {
  const ids = new WordIds();
  return [ids.of(a), ids.of(b)] as const;
}

export function titleSimilarity(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const [x, y] = pair(a, b);
  return diceOfIds(x, y);
}

export function wordOverlap(a: string | null | undefined, b: string | null | undefined): number {
  const [x, y] = pair(a, b);
  if (x.length === 0 || y.length === 0) return 0;
  return intersectionSize(x, y) / Math.max(x.length, y.length);
}
