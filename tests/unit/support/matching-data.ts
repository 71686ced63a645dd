/*
 * Seeded synthetic catalogues for the matching tests and bench: videos, and episodes of which a
 * share are the "same content" (title reworded or decorated, published 0-40 days apart), the rest
 * unrelated. Same seed, same data.
 */
import { prng } from "../../../worker/sandbox/seeded";

type Item = { id: string; title: string; publishDate: number };

/** The sandbox's seeded PRNG (mulberry32): same seed, same data. */
export const seededRandom = prng;

export type CatalogueOptions = {
  videos: number;
  episodes: number;
  days: number;
  vocabulary: number;
  seed: number;
  start?: number;
};

export function catalogue(o: CatalogueOptions): { videos: Item[]; episodes: Item[] } {
  const rnd = seededRandom(o.seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const word = () => `w${int(o.vocabulary)}`;
  const start = o.start ?? Date.parse("2025-01-01T00:00:00Z");
  const at = () => start + int(o.days) * 86_400_000 + int(86_400_000);
  const title = () => Array.from({ length: 3 + int(6) }, word).join(" ");
  const videos = Array.from({ length: o.videos }, (_, i) => ({
    id: `v${i}`,
    title: title(),
    publishDate: at(),
  }));
  const episodes: Item[] = [];
  for (let i = 0; i < o.episodes; i++) {
    const twin = i < o.videos && rnd() < 0.6 ? videos[i] : undefined;
    if (!twin) {
      episodes.push({ id: `e${i}`, title: rnd() < 0.02 ? "" : title(), publishDate: at() });
      continue;
    }
    const words = twin.title.split(" ");
    const r = rnd();
    if (r < 0.2) words.reverse();
    else if (r < 0.4) words.unshift("ep", String(i));
    else if (r < 0.55) words[int(words.length)] = word();
    const shift = rnd() < 0.5 ? 0 : rnd() < 0.6 ? 1 + int(3) : 4 + int(37);
    episodes.push({
      id: `e${i}`,
      title: words.join(rnd() < 0.5 ? " " : " | "),
      publishDate: twin.publishDate + (rnd() < 0.5 ? -1 : 1) * shift * 86_400_000,
    });
  }
  // Episodes arrive in their own order, not the videos'.
  for (let i = episodes.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [episodes[i], episodes[j]] = [episodes[j]!, episodes[i]!];
  }
  return { videos, episodes };
}
