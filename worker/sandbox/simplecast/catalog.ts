import { b64url, cumulativeAt, DAY_MS, hash, programmeTitle, prng, unb64url } from "../seeded";
import { channelByHandle, videoAt } from "../youtube/catalog";

/*
 * The emulated Simplecast account behind any key: the two demo podcasts (which publish the same
 * programmes as the demo YouTube channels, 0-3 days apart and sometimes with slightly different
 * titles) plus two podcasts of its own. Any podcast id made here can be read back.
 */
export type SandboxPodcast = { id: string; title: string; episodeCount: number; seed: number; pairedHandle: string | null };
export type SandboxEpisode = { id: string; podcastId: string; title: string; number: number; season: number; publishedAt: number; durationSeconds: number; peakDownloads: number };

const DEMO_PODCASTS: Record<string, { title: string; pairedHandle: string; episodes: number }> = {
  "demo-daily": { title: "Demo Media Daily", pairedHandle: "@demomedia-daily", episodes: 180 },
  "demo-tech": { title: "Demo Media Tech Talk", pairedHandle: "@demomedia-tech", episodes: 120 },
};

export const podcastIdFor = (slug: string) => `sbxpod-${b64url(slug)}`;

export function podcastBySlug(slug: string): SandboxPodcast {
  const demo = DEMO_PODCASTS[slug];
  const seed = hash(slug);
  return { id: podcastIdFor(slug), title: demo?.title ?? `${slug.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ")} Podcast`, episodeCount: demo?.episodes ?? 30 + (seed % 60), seed, pairedHandle: demo?.pairedHandle ?? null };
}

export function podcastById(id: string): SandboxPodcast | null {
  if (!id.startsWith("sbxpod-")) return null;
  const slug = unb64url(id.slice(7));
  return slug && /^[a-z0-9-]{3,40}$/.test(slug) ? podcastBySlug(slug) : null;
}

/** The podcasts an API key's account holds. */
export function podcastsForKey(key: string): SandboxPodcast[] {
  const own = hash(key) % 1000;
  return [podcastBySlug("demo-daily"), podcastBySlug("demo-tech"), podcastBySlug(`studio-${own}`), podcastBySlug(`interviews-${own}`)];
}

const episodeId = (podcast: SandboxPodcast, index: number) => `sbxep-${index.toString(36)}-${podcast.id.slice(7)}`;

/** Episode `index` (0 = newest). Paired podcasts follow their channel's video of the same index. */
export function episodeAt(podcast: SandboxPodcast, index: number, now = Date.now()): SandboxEpisode {
  const r = prng(podcast.seed + index * 7717);
  const number = podcast.episodeCount - index;
  const channel = podcast.pairedHandle ? channelByHandle(podcast.pairedHandle, now) : null;
  let title: string;
  let publishedAt: number;
  if (channel) {
    const video = videoAt(channel, index, now);
    const variant = index % 3 === 1 ? " (Podcast)" : index % 7 === 2 ? " - audio edition" : "";
    title = `${video.title}${variant}`;
    publishedAt = Math.min(now - 3_600_000, video.publishedAt + Math.floor(r() * 4) * DAY_MS);
  } else {
    title = programmeTitle(podcast.seed, number);
    publishedAt = Math.floor(now / DAY_MS) * DAY_MS - Math.round(index * 3.5 * DAY_MS) - Math.round(r() * 6) * 3_600_000;
  }
  return { id: episodeId(podcast, index), podcastId: podcast.id, title, number, season: 1 + Math.floor((number - 1) / 50), publishedAt, durationSeconds: 900 + Math.floor(r() * 4500), peakDownloads: 150 + Math.floor(r() ** 2 * 9000) };
}

export function episodeById(id: string, now = Date.now()): { podcast: SandboxPodcast; episode: SandboxEpisode } | null {
  const match = /^sbxep-([0-9a-z]+)-(.+)$/.exec(id);
  const podcast = match ? podcastById(`sbxpod-${match[2]}`) : null;
  const index = match ? parseInt(match[1]!, 36) : -1;
  if (!podcast || index < 0 || index >= podcast.episodeCount) return null;
  return { podcast, episode: episodeAt(podcast, index, now) };
}

/** Downloads on each UTC day from publish (or `from`) up to `to`, inclusive. */
export function dailyDownloads(episode: SandboxEpisode, from: number, to: number): Array<{ day: number; downloads: number }> {
  const rows = [];
  const firstDay = Math.max(Math.floor(episode.publishedAt / DAY_MS), Math.floor(from / DAY_MS));
  for (let day = firstDay; day <= Math.floor(to / DAY_MS); day++) {
    const age = (day * DAY_MS - episode.publishedAt) / DAY_MS;
    rows.push({ day, downloads: Math.max(0, cumulativeAt(age + 1, episode.peakDownloads) - cumulativeAt(age, episode.peakDownloads)) });
  }
  return rows;
}
