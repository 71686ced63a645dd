import { b64url, cumulativeAt, DAY_MS, hash, programmeTitle, prng, unb64url } from "../seeded";

/*
 * The emulated YouTube: any handle is a channel. Its size comes from the handle: "@bench-5000"
 * has 5,000 videos; the demo handles (sandbox/README.md) publish the same programmes as the demo
 * podcasts; any other handle gets 40-199 videos. Videos are spread over about two years and their
 * counts grow every day.
 */
export type SandboxChannel = { id: string; handle: string; title: string; videoCount: number; seed: number; programmeSeed: number; createdAt: number };
export type SandboxVideo = { id: string; channelId: string; title: string; publishedAt: number; durationSeconds: number; peakViews: number };

/** Demo channels share programmes with the demo podcasts (same seed), so matching has real work. */
export const DEMO_CHANNELS: Record<string, { title: string; programme: string; videos: number }> = {
  "@demomedia-daily": { title: "Demo Media Daily", programme: "demo-daily", videos: 260 },
  "@demomedia-tech": { title: "Demo Media Tech Talk", programme: "demo-tech", videos: 200 },
  "@demomedia-clips": { title: "Demo Media Clips", programme: "demo-clips", videos: 140 },
};

const normalise = (handle: string) => `@${handle.replace(/^@/, "").toLowerCase()}`;
export const channelIdFor = (handle: string) => `UC${b64url(normalise(handle))}`;
export const uploadsPlaylistFor = (channelId: string) => `UU${channelId.slice(2)}`;

export function channelByHandle(rawHandle: string, now = Date.now()): SandboxChannel | null {
  const handle = normalise(rawHandle);
  if (!/^@[a-z0-9._-]{3,30}$/.test(handle) || handle.startsWith("@missing")) return null;
  const seed = hash(handle);
  const demo = DEMO_CHANNELS[handle];
  const bench = /^@bench-(\d{1,6})$/.exec(handle);
  const videoCount = demo ? demo.videos : bench ? Number(bench[1]) : 40 + (seed % 160);
  const title = demo?.title ?? handle.slice(1).split(/[._-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
  return { id: channelIdFor(handle), handle, title, videoCount, seed, programmeSeed: hash(demo?.programme ?? handle), createdAt: now - 900 * DAY_MS };
}

export function channelById(id: string, now = Date.now()): SandboxChannel | null {
  if (!id.startsWith("UC")) return null;
  const handle = unb64url(id.slice(2));
  return handle ? channelByHandle(handle, now) : null;
}

const videoId = (channel: SandboxChannel, index: number) => `v${index.toString(36)}_${channel.id.slice(2)}`;

/** Video `index` (0 = newest) of a channel. */
export function videoAt(channel: SandboxChannel, index: number, now = Date.now()): SandboxVideo {
  const r = prng(channel.seed + index * 104729);
  const spacing = Math.max(0.25, 730 / Math.max(1, channel.videoCount));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const publishedAt = today - Math.round((index * spacing + r() * 0.5) * DAY_MS) + Math.round(r() * 12) * 3_600_000;
  // Demo channels publish the programme's episodes; every 25th video is a same-title re-upload.
  const programmeNumber = channel.videoCount - index;
  const reupload = index % 25 === 24;
  const title = programmeTitle(channel.programmeSeed, reupload ? programmeNumber + 1 : programmeNumber);
  return { id: videoId(channel, index), channelId: channel.id, title, publishedAt, durationSeconds: 120 + Math.floor(r() * 3600), peakViews: 200 + Math.floor(r() ** 3 * 80_000) };
}

export function videoById(id: string, now = Date.now()): { channel: SandboxChannel; video: SandboxVideo } | null {
  const match = /^v([0-9a-z]+)_(.+)$/.exec(id);
  if (!match) return null;
  const channel = channelById(`UC${match[2]}`, now);
  const index = parseInt(match[1]!, 36);
  if (!channel || !Number.isInteger(index) || index < 0 || index >= channel.videoCount) return null;
  return { channel, video: videoAt(channel, index, now) };
}

/** Counts of a video as of `now`: they grow every day after publishing. */
export function videoStats(video: SandboxVideo, now = Date.now()) {
  const views = cumulativeAt((now - video.publishedAt) / DAY_MS, video.peakViews);
  return { viewCount: views, likeCount: Math.round(views * 0.031), commentCount: Math.round(views * 0.0024) };
}

export function channelStats(channel: SandboxChannel, now = Date.now()) {
  let views = 0;
  // Cheap enough: emulated channels are at most a few thousand videos.
  for (let i = 0; i < channel.videoCount; i++) views += videoStats(videoAt(channel, i, now), now).viewCount;
  const subscribers = Math.round(views / 180);
  // YouTube rounds subscriber counts to three significant figures.
  const rounded = subscribers < 1000 ? subscribers : Number(subscribers.toPrecision(3));
  return { viewCount: views, subscriberCount: rounded, videoCount: channel.videoCount };
}

export const isoDuration = (seconds: number) => `PT${Math.floor(seconds / 3600) ? `${Math.floor(seconds / 3600)}H` : ""}${Math.floor((seconds % 3600) / 60)}M${seconds % 60}S`;
