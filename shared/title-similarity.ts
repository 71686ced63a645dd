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

export function titleWords(title: string | null | undefined): string[] {
  const text = title ?? "";
  // Plain ASCII titles (most of them) skip Unicode normalisation: same words, a fraction of the cost.
  const words = /^[\x20-\x7e]*$/.test(text)
    ? text
        .replace(/'/g, "")
        .toLowerCase()
        .split(/[^a-z0-9]+/)
    : text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .replace(/['\u2019]/g, "")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((w) => w.length > 0))];
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
