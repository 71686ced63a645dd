import { b64url, cumulativeAt, DAY_MS, hash, prng, programmeTitle, unb64url } from "../seeded";
import {
  channelByHandle,
  latestSequence,
  publishedAtOf,
  type SandboxChannel,
} from "../youtube/catalog";

/*
 * The emulated Simplecast account behind any key: the two demo podcasts (which publish the demo
 * channels' programmes 0-3 days after the video, some under a slightly different title) plus two
 * podcasts of its own. Like the videos, episodes sit on a fixed timeline (episode `s` is the
 * programme of sequence number `s`), so their dates never move and their downloads grow daily.
 * A podcast lists its newest N episodes; any podcast id made here can be read back.
 */
export type SandboxPodcast = {
  id: string;
  title: string;
  episodeCount: number;
  seed: number;
  paired: SandboxChannel | null;
};
export type SandboxEpisode = {
  id: string;
  sequence: number;
  podcastId: string;
  title: string;
  number: number;
  season: number;
  publishedAt: number;
  durationSeconds: number;
  peakDownloads: number;
};

const DEMO_PODCASTS: Record<string, { title: string; pairedHandle: string; episodes: number }> = {
  "demo-daily": { title: "Demo Media Daily", pairedHandle: "@demomedia-daily", episodes: 180 },
  "demo-tech": { title: "Demo Media Tech Talk", pairedHandle: "@demomedia-tech", episodes: 120 },
};
const EPOCH = Date.UTC(2020, 0, 1);
/** Unpaired podcasts publish every 3.5 days. */
const SPACING_MS = 3.5 * DAY_MS;
/** Episode numbers count from the sequence current on this date, so they stay small and stable. */
const NUMBERING_FROM = Date.UTC(2024, 0, 1);

export const podcastIdFor = (slug: string) => `sbxpod-${b64url(slug)}`;

/**
 * Benchmarks' podcasts: "bench-N" publishes the programmes of the YouTube emulator's "@bench-N"
 * channel 0-3 days after each video, N episodes, so a multi-channel preview of the two is N x N
 * with realistic pairs (bench/preview.bench.mjs). An account lists it when its key ends "-bench-N".
 */
const benchSizeOf = (name: string): number | null => {
  const size = /(?:^|-)bench-(\d{1,5})$/.exec(name);
  return size ? Math.min(10_000, Math.max(1, Number(size[1]))) : null;
};

export function podcastBySlug(slug: string): SandboxPodcast {
  const demo = DEMO_PODCASTS[slug];
  const benchSize = /^bench-\d+$/.test(slug) ? benchSizeOf(slug) : null;
  const seed = hash(slug);
  const title =
    demo?.title ??
    `${slug
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ")} Podcast`;
  return {
    id: podcastIdFor(slug),
    title,
    episodeCount: demo?.episodes ?? benchSize ?? 30 + (seed % 60),
    seed,
    paired: demo
      ? channelByHandle(demo.pairedHandle)
      : benchSize
        ? channelByHandle(`@bench-${benchSize}`)
        : null,
  };
}

export function podcastById(id: string): SandboxPodcast | null {
  if (!id.startsWith("sbxpod-")) return null;
  const slug = unb64url(id.slice(7));
  return slug && /^[a-z0-9-]{3,40}$/.test(slug) ? podcastBySlug(slug) : null;
}

/** The podcasts an API key's account holds. */
export function podcastsForKey(key: string): SandboxPodcast[] {
  const own = hash(key) % 1000;
  const benchSize = benchSizeOf(key);
  return [
    podcastBySlug("demo-daily"),
    podcastBySlug("demo-tech"),
    podcastBySlug(`studio-${own}`),
    podcastBySlug(`interviews-${own}`),
    ...(benchSize ? [podcastBySlug(`bench-${benchSize}`)] : []),
  ];
}

const unpairedPublish = (podcast: SandboxPodcast, sequence: number) =>
  EPOCH +
  (podcast.seed % DAY_MS) +
  sequence * SPACING_MS +
  Math.floor(prng(podcast.seed + sequence)() * 6) * 3_600_000;

/** When episode `sequence` goes public: paired ones follow their video by 0-3 whole days. */
function publishedAt(podcast: SandboxPodcast, sequence: number): number {
  if (!podcast.paired) return unpairedPublish(podcast, sequence);
  return (
    publishedAtOf(podcast.paired, sequence) +
    Math.floor(prng(podcast.seed + sequence * 7717)() * 4) * DAY_MS
  );
}

/** The newest N episodes public at `now`, newest first (paired delays can reorder neighbours). */
export function episodeSequences(podcast: SandboxPodcast, now: number): number[] {
  let s = podcast.paired
    ? latestSequence(podcast.paired, now)
    : Math.floor((now - EPOCH) / SPACING_MS);
  const out: number[] = [];
  for (; s >= 0 && out.length < podcast.episodeCount; s--)
    if (publishedAt(podcast, s) <= now) out.push(s);
  return out.sort((a, b) => publishedAt(podcast, b) - publishedAt(podcast, a));
}

const episodeIdFor = (podcast: SandboxPodcast, sequence: number) =>
  `sbxep-${sequence.toString(36)}-${podcast.id.slice(7)}`;

export function episodeAt(podcast: SandboxPodcast, sequence: number): SandboxEpisode {
  const r = prng(podcast.seed + sequence * 31337);
  const numberingBase = podcast.paired
    ? latestSequence(podcast.paired, NUMBERING_FROM)
    : Math.floor((NUMBERING_FROM - EPOCH) / SPACING_MS);
  const number = Math.max(1, sequence - numberingBase);
  const programme = programmeTitle(
    podcast.paired ? podcast.paired.programmeSeed : podcast.seed,
    sequence,
  );
  const variant = !podcast.paired
    ? ""
    : sequence % 3 === 1
      ? " (Podcast)"
      : sequence % 7 === 2
        ? " - audio edition"
        : "";
  return {
    id: episodeIdFor(podcast, sequence),
    sequence,
    podcastId: podcast.id,
    title: `${programme}${variant}`,
    number,
    season: 1 + Math.floor((number - 1) / 50),
    publishedAt: publishedAt(podcast, sequence),
    durationSeconds: 900 + Math.floor(r() * 4500),
    peakDownloads: 150 + Math.floor(r() ** 2 * 9000),
  };
}

/** An episode by id, or null when unknown or not (or no longer) listed. */
export function episodeById(
  id: string,
  now: number,
): { podcast: SandboxPodcast; episode: SandboxEpisode } | null {
  const match = /^sbxep-([0-9a-z]+)-(.+)$/.exec(id);
  const podcast = match ? podcastById(`sbxpod-${match[2]}`) : null;
  const sequence = match ? parseInt(match[1]!, 36) : -1;
  if (!podcast || !episodeSequences(podcast, now).includes(sequence)) return null;
  return { podcast, episode: episodeAt(podcast, sequence) };
}

/**
 * Downloads on each UTC day from `fromMs` (or the publish day) until `untilMs` (exclusive): the
 * growth of the download curve over the part of the day the episode was public and time had passed.
 */
export function dailyDownloads(
  episode: SandboxEpisode,
  fromMs: number,
  untilMs: number,
): Array<{ day: number; downloads: number }> {
  const rows = [];
  const age = (ms: number) => (ms - episode.publishedAt) / DAY_MS;
  const firstDay = Math.max(Math.floor(episode.publishedAt / DAY_MS), Math.floor(fromMs / DAY_MS));
  for (let day = firstDay; day * DAY_MS < untilMs; day++) {
    const start = Math.max(day * DAY_MS, episode.publishedAt);
    const end = Math.min((day + 1) * DAY_MS, untilMs);
    rows.push({
      day,
      downloads: Math.max(
        0,
        cumulativeAt(age(end), episode.peakDownloads) -
          cumulativeAt(age(start), episode.peakDownloads),
      ),
    });
  }
  return rows;
}
