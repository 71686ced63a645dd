import { isYouTubeHandle } from "../../../shared/channel-url";
import { b64url, cumulativeAt, DAY_MS, hash, prng, programmeTitle, unb64url } from "../seeded";

/*
 * The emulated YouTube: any handle is a channel. Its uploads sit on a fixed timeline (video `s`,
 * its sequence number, is published at the same instant on every machine and every day), so a
 * video never changes identity or date and its counts grow as it ages. The uploads playlist holds
 * the channel's newest N videos, N from the handle: "@bench-5000" has exactly 5,000; the demo
 * handles (sandbox/README.md) publish the same programmes as the demo podcasts; any other handle
 * gets 40-199. N videos span about two years, so as new ones appear the oldest leave the playlist
 * (as if made private: videos.list leaves them out, but their views stay in the channel's total,
 * which therefore never goes down, as a real channel's does not when it hides old uploads).
 */
export type SandboxChannel = {
  id: string;
  handle: string;
  title: string;
  videoCount: number;
  /** The owner hides the subscriber count (statistics.hiddenSubscriberCount). */
  hiddenSubscribers: boolean;
  /** How many uploads its uploads playlist lists at most (none: every one). */
  uploadsListedAtMost?: number;
  seed: number;
  programmeSeed: number;
  originMs: number;
  spacingMs: number;
};
export type SandboxVideo = {
  id: string;
  sequence: number;
  channelId: string;
  title: string;
  publishedAt: number;
  durationSeconds: number;
  peakViews: number;
};

/** Demo channels share programmes with the demo podcasts (same programme seed and timeline). */
export const DEMO_CHANNELS: Record<
  string,
  { title: string; programme: string; videos: number; hiddenSubscribers?: boolean }
> = {
  "@demomedia-daily": { title: "Demo Media Daily", programme: "demo-daily", videos: 260 },
  "@demomedia-tech": { title: "Demo Media Tech Talk", programme: "demo-tech", videos: 200 },
  // The clips channel hides its subscriber count, so the demo shows how that looks.
  "@demomedia-clips": {
    title: "Demo Media Clips",
    programme: "demo-clips",
    videos: 140,
    hiddenSubscribers: true,
  },
};

/** Every timeline starts here; a channel's own offset spreads publishing over the day. */
const EPOCH = Date.UTC(2020, 0, 1);
const SPAN_MS = 730 * DAY_MS;
const MAX_VIDEOS = 100_000;
/**
 * The most uploads YouTube's uploads playlist lists, whatever the channel's videoCount: reported
 * in public trackers (e.g. mattwright324/youtube-metadata#177, a pageInfo.totalResults of 20000
 * for a 22,641-video channel); the discovery document names no cap, so only "@capped-N" channels
 * keep it here and the 100,000-video "@bench-N" channels of the scale benches list everything.
 */
export const UPLOADS_LISTED_AT_MOST = 20_000;
/** Every 25th upload re-publishes the previous programme under the same title. */
export const isReupload = (sequence: number) => sequence % 25 === 24;

/** YouTube matches handles without regard to case or Unicode normal form (NFC, as we store them). */
const normalise = (handle: string) => `@${handle.replace(/^@/, "").normalize("NFC").toLowerCase()}`;
export const channelIdFor = (handle: string) => `UC${b64url(normalise(handle))}`;
export const uploadsPlaylistFor = (channelId: string) => `UU${channelId.slice(2)}`;

export function channelByHandle(rawHandle: string): SandboxChannel | null {
  const handle = normalise(rawHandle);
  // Handles as YouTube allows them, in any of its languages (shared/channel-url.ts).
  if (!isYouTubeHandle(handle) || handle.startsWith("@missing")) return null;
  const seed = hash(handle);
  const demo = DEMO_CHANNELS[handle];
  // "@capped-N" channels have N uploads of which the uploads playlist lists only the newest
  // UPLOADS_LISTED_AT_MOST, as public trackers report YouTube does; "@bench-N" list them all.
  const bench = /^@(?:bench|capped)-(\d{1,6})$/.exec(handle);
  // "@empty…" channels have no public uploads (new, or every upload removed).
  const videoCount = handle.startsWith("@empty")
    ? 0
    : demo
      ? demo.videos
      : bench
        ? Math.min(MAX_VIDEOS, Math.max(1, Number(bench[1])))
        : 40 + (seed % 160);
  const title =
    demo?.title ??
    handle
      .slice(1)
      .split(/[._·-]/)
      // By code point: an astral first letter must not be split in two.
      .map((w) => {
        const [first = "", ...rest] = w;
        return first.toUpperCase() + rest.join("");
      })
      .join(" ");
  return {
    id: channelIdFor(handle),
    handle,
    title,
    videoCount,
    hiddenSubscribers: handle.startsWith("@hidden") || demo?.hiddenSubscribers === true,
    ...(handle.startsWith("@capped-") ? { uploadsListedAtMost: UPLOADS_LISTED_AT_MOST } : {}),
    seed,
    programmeSeed: hash(demo?.programme ?? handle),
    originMs: EPOCH + (seed % DAY_MS),
    spacingMs: Math.floor(SPAN_MS / Math.max(1, videoCount)),
  };
}

export function channelById(id: string): SandboxChannel | null {
  if (!id.startsWith("UC")) return null;
  const handle = unb64url(id.slice(2));
  return handle ? channelByHandle(handle) : null;
}

/** When upload `sequence` goes public: its slot on the timeline plus a fixed jitter (order kept). */
export const publishedAtOf = (channel: SandboxChannel, sequence: number) =>
  channel.originMs +
  sequence * channel.spacingMs +
  Math.floor(prng(channel.seed + sequence * 104729)() * 0.6 * channel.spacingMs);

/** The newest upload public at `now`. */
export function latestSequence(channel: SandboxChannel, now: number): number {
  let s = Math.floor((now - channel.originMs) / channel.spacingMs);
  while (s > 0 && publishedAtOf(channel, s) > now) s--;
  return s;
}

const videoIdFor = (channel: SandboxChannel, sequence: number) =>
  `v${sequence.toString(36)}_${channel.id.slice(2)}`;

/** Upload `sequence` of a channel. */
export function videoAt(channel: SandboxChannel, sequence: number): SandboxVideo {
  const r = prng(channel.seed + sequence * 7919 + 1);
  const title = programmeTitle(
    channel.programmeSeed,
    isReupload(sequence) ? sequence - 1 : sequence,
  );
  return {
    id: videoIdFor(channel, sequence),
    sequence,
    channelId: channel.id,
    title,
    publishedAt: publishedAtOf(channel, sequence),
    durationSeconds: 120 + Math.floor(r() * 3600),
    peakViews: 200 + Math.floor(r() ** 3 * 80_000),
  };
}

/** The uploads playlist at `now`: the newest N sequence numbers, newest first. */
export function uploadSequences(
  channel: SandboxChannel,
  now: number,
): { latest: number; oldest: number } {
  const latest = latestSequence(channel, now);
  return { latest, oldest: latest - channel.videoCount + 1 };
}

type FoundVideo = { channel: SandboxChannel; video: SandboxVideo };

/** The video an id names, if its sequence number is from `oldest(channel)` to the latest at `now`. */
function videoIn(
  id: string,
  now: number,
  oldest: (channel: SandboxChannel) => number,
): FoundVideo | null {
  const match = /^v([0-9a-z]+)_(.+)$/.exec(id);
  if (!match) return null;
  const channel = channelById(`UC${match[2]}`);
  const sequence = parseInt(match[1]!, 36);
  if (!channel || !Number.isInteger(sequence)) return null;
  return sequence >= oldest(channel) && sequence <= latestSequence(channel, now)
    ? { channel, video: videoAt(channel, sequence) }
    : null;
}

/** A video by id, or null when it is unknown or no longer (or not yet) public. */
export const videoById = (id: string, now: number) =>
  videoIn(id, now, (channel) => uploadSequences(channel, now).oldest);

/**
 * A video as its owner sees it: every upload published by `now`, including those no longer in
 * the public uploads playlist (YouTube Analytics reports an owner's whole history).
 */
export const ownedVideoById = (id: string, now: number) => videoIn(id, now, () => 0);

/**
 * Figures YouTube leaves out of a video's statistics (VideoStatistics: likeCount and
 * commentCount are optional): about one upload in 31 has its likes hidden by the owner, and one
 * in 37 its comments turned off, fixed per video.
 */
export const likesHidden = (video: SandboxVideo) => video.sequence % 31 === 17;
export const commentsOff = (video: SandboxVideo) => video.sequence % 37 === 11;

/**
 * About one upload in 41 is a stream still live (a round-the-clock channel's radio, say):
 * `liveBroadcastContent: "live"` with the duration YouTube gives a broadcast, `P0D`.
 */
export const streamingLive = (video: SandboxVideo) => video.sequence % 41 === 5;

/** Counts of a video as of `now`: they grow every day after publishing. */
export function videoStats(video: SandboxVideo, now: number) {
  const views = cumulativeAt((now - video.publishedAt) / DAY_MS, video.peakViews);
  return {
    viewCount: views,
    likeCount: Math.round(views * 0.031),
    commentCount: Math.round(views * 0.0024),
  };
}

/** YouTube's public subscriber count: rounded DOWN to three significant figures (1,299 -> 1,290). */
export function roundDownToThreeFigures(count: number): number {
  if (count < 1000) return count;
  const unit = 10 ** (Math.floor(Math.log10(count)) - 2);
  return Math.floor(count / unit) * unit;
}

export function channelStats(channel: SandboxChannel, now: number) {
  const { latest } = uploadSequences(channel, now);
  let views = 0;
  // Every upload so far, listed or no longer (made private): cheap enough, as a channel
  // publishes at most 100,000 videos in two years.
  for (let s = 0; s <= latest; s++) views += videoStats(videoAt(channel, s), now).viewCount;
  const subscribers = roundDownToThreeFigures(Math.round(views / 180) + (channel.seed % 97));
  return {
    viewCount: views,
    // A hidden count is reported as 0 beside hiddenSubscriberCount: true.
    subscriberCount: channel.hiddenSubscribers ? 0 : subscribers,
    hiddenSubscriberCount: channel.hiddenSubscribers,
    videoCount: channel.videoCount,
  };
}

export const channelCreatedAt = (channel: SandboxChannel, now: number) =>
  publishedAtOf(channel, uploadSequences(channel, now).oldest) - 30 * DAY_MS;

export const isoDuration = (seconds: number) =>
  `PT${Math.floor(seconds / 3600) ? `${Math.floor(seconds / 3600)}H` : ""}${Math.floor((seconds % 3600) / 60)}M${seconds % 60}S`;
