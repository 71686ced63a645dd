import { type Context, Hono } from "hono";
import type { AppEnv } from "../../env";
import { FieldMaskError, partialResponse } from "../fields";
import { accountOfAccessToken } from "../google/tokens";
import { channelOwnedBy } from "../youtube-analytics/data";
import {
  channelByHandle,
  channelById,
  channelCreatedAt,
  channelStats,
  commentsOff,
  isoDuration,
  likesHidden,
  type SandboxChannel,
  streamingLive,
  uploadSequences,
  uploadsPlaylistFor,
  videoAt,
  videoById,
  videoStats,
} from "./catalog";
import { badParameter, keyError, notFound, slowKey } from "./errors";

const MAX_RESULTS = 50;

/**
 * A list's maxResults: a uint32 from 0 to 50, default 5 (channels.list and playlistItems.list
 * parameters.maxResults); anything else is refused, not clamped, as YouTube does.
 */
function maxResultsOf(c: Context<AppEnv>): number | Response {
  const raw = c.req.query("maxResults") ?? "5";
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (value >= 0 && value <= MAX_RESULTS) return value;
  return badParameter(
    c,
    `Invalid value '${raw}' for maxResults. Values must be within the range: [0, ${MAX_RESULTS}]`,
    "invalidParameter",
  );
}

/** A 200 answer shaped by the request's `fields` (partial response), as YouTube does. */
function respond(c: Context<AppEnv>, body: unknown) {
  try {
    return c.json(partialResponse(body, c.req.query("fields")));
  } catch (error) {
    if (!(error instanceof FieldMaskError)) throw error;
    return badParameter(c, error.message, "invalidParameter");
  }
}

/*
 * `part` (required, repeatable, comma-separated) names the resource properties the answer
 * carries (youtube.v3.json, *.list.parameters.part); kind, etag and id come always. The names a
 * resource knows are its schema's properties: asking for one the emulator does not model (say
 * brandingSettings) is allowed and simply absent; an unknown one is 400 unknownPart.
 */
const KNOWN_PARTS = {
  channels: [
    "auditDetails",
    "brandingSettings",
    "contentDetails",
    "contentOwnerDetails",
    "conversionPings",
    "id",
    "localizations",
    "snippet",
    "statistics",
    "status",
    "topicDetails",
  ],
  videos: [
    "ageGating",
    "contentDetails",
    "fileDetails",
    "id",
    "liveStreamingDetails",
    "localizations",
    "monetizationDetails",
    "player",
    "processingDetails",
    "projectDetails",
    "recordingDetails",
    "snippet",
    "statistics",
    "status",
    "suggestions",
    "topicDetails",
  ],
  playlistItems: ["contentDetails", "id", "snippet", "status"],
} as const;

/** The parts a request names, or the 400 YouTube answers for a missing or unknown part. */
function requestedParts(
  c: Context<AppEnv>,
  resource: keyof typeof KNOWN_PARTS,
): { parts: ReadonlySet<string> } | { refusal: Response } {
  const names = (c.req.queries("part") ?? [])
    .flatMap((value) => value.split(","))
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0)
    return { refusal: badParameter(c, "Required parameter: part", "required") };
  const known: readonly string[] = KNOWN_PARTS[resource];
  const unknown = names.find((name) => !known.includes(name));
  if (unknown)
    return {
      refusal: badParameter(
        c,
        `The request specifies an unknown part: '${unknown}'.`,
        "unknownPart",
      ),
    };
  return { parts: new Set(names) };
}

/** A resource as the request's parts shape it: kind, etag and id, plus the parts asked for. */
function withParts<T extends { kind: string; etag: string; id: string }>(
  resource: T,
  parts: ReadonlySet<string>,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(resource).filter(
      ([key]) => key === "kind" || key === "etag" || key === "id" || parts.has(key),
    ),
  ) as Partial<T>;
}

function channelResource(channel: SandboxChannel, now: number) {
  const stats = channelStats(channel, now);
  return {
    kind: "youtube#channel",
    etag: `sbx-${channel.seed}`,
    id: channel.id,
    snippet: {
      title: channel.title,
      description: `${channel.title} on the Crosscast sandbox.`,
      customUrl: channel.handle,
      publishedAt: new Date(channelCreatedAt(channel, now)).toISOString(),
      thumbnails: {
        default: { url: `https://sandbox.invalid/thumbs/${channel.id}.jpg`, width: 88, height: 88 },
      },
    },
    contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsPlaylistFor(channel.id) } },
    statistics: {
      viewCount: String(stats.viewCount),
      subscriberCount: String(stats.subscriberCount),
      hiddenSubscriberCount: stats.hiddenSubscriberCount,
      videoCount: String(stats.videoCount),
    },
  };
}

/** YouTube Data API v3: channels.list, playlistItems.list, videos.list, with the real shapes and errors. */
export const youtubeSandbox = new Hono<AppEnv>()
  .use("*", slowKey)
  .get("/channels", (c) => {
    const bearer = (c.req.header("authorization") ?? "").replace(/^Bearer /, "");
    // OAuth (mine=true) needs no API key: the token says whose channel it is.
    const error = bearer && c.req.query("key") === undefined ? null : keyError(c);
    if (error) return error;
    const requested = requestedParts(c, "channels");
    if ("refusal" in requested) return requested.refusal;
    const resource = (channel: SandboxChannel, now: number) =>
      withParts(channelResource(channel, now), requested.parts);
    const now = Date.now();
    const { forHandle, id, mine } = c.req.query();
    const filters = [forHandle, id, mine].filter((v) => v !== undefined).length;
    if (filters !== 1)
      return badParameter(
        c,
        "Incompatible parameters specified in the request: exactly one filter is required.",
        "incompatibleParameters",
      );
    const account = bearer ? accountOfAccessToken(bearer) : null;
    if (mine !== undefined && account) {
      // The sandbox account <handle>@... owns @<handle> (youtube-analytics/data.ts).
      const owned = channelOwnedBy(account);
      const items = owned ? [resource(owned, now)] : [];
      return respond(c, {
        kind: "youtube#channelListResponse",
        etag: "sbx",
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
        ...(items.length ? { items } : {}),
      });
    }
    if (mine !== undefined)
      return c.json(
        {
          error: {
            code: 401,
            message: "Login Required.",
            errors: [{ message: "Login Required.", domain: "global", reason: "required" }],
          },
        },
        401,
      );
    // channels.list's maxResults (0..50, default 5) has no exemption for an id list, unlike
    // videos.list's: a list of more ids than maxResults answers maxResults of them.
    const maxResults = maxResultsOf(c);
    if (typeof maxResults !== "number") return maxResults;
    const channels = forHandle
      ? [channelByHandle(forHandle)]
      : (id ?? "")
          .split(",")
          .slice(0, MAX_RESULTS)
          .map((one) => channelById(one.trim()));
    const found = channels.filter((ch): ch is SandboxChannel => ch !== null);
    const items = found.slice(0, maxResults).map((ch) => resource(ch, now));
    // Like YouTube, "not found" is a 200 with no items (and no items key at all).
    return respond(c, {
      kind: "youtube#channelListResponse",
      etag: "sbx",
      pageInfo: { totalResults: found.length, resultsPerPage: maxResults },
      ...(items.length ? { items } : {}),
    });
  })
  .get("/playlistItems", (c) => {
    const error = keyError(c);
    if (error) return error;
    const requested = requestedParts(c, "playlistItems");
    if ("refusal" in requested) return requested.refusal;
    const now = Date.now();
    const playlistId = c.req.query("playlistId");
    if (!playlistId) return badParameter(c, "No filter selected. Expected one of: id, playlistId");
    const channel = playlistId.startsWith("UU") ? channelById(`UC${playlistId.slice(2)}`) : null;
    // A channel without public uploads has no uploads playlist to read: YouTube answers 404.
    if (!channel || channel.videoCount === 0)
      return notFound(
        c,
        "The playlist identified with the request's playlistId parameter cannot be found.",
        "playlistNotFound",
      );
    const maxResults = maxResultsOf(c);
    if (typeof maxResults !== "number") return maxResults;
    // The token pins the newest upload seen on the first page, so an upload published while a
    // client pages does not shift the pages under it.
    const token = c.req.query("pageToken");
    const pinned = token ? /^sbx([0-9a-z]+)\.([0-9a-z]+)$/.exec(token) : null;
    if (token && !pinned)
      return badParameter(c, "The request specifies an invalid page token.", "invalidPageToken");
    const latest = pinned ? parseInt(pinned[1]!, 36) : uploadSequences(channel, now).latest;
    const offset = pinned ? parseInt(pinned[2]!, 36) : 0;
    const listed = Math.min(channel.videoCount, channel.uploadsListedAtMost ?? channel.videoCount);
    const end = Math.min(listed, offset + maxResults);
    const items = [];
    for (let i = offset; i < end; i++) {
      const v = videoAt(channel, latest - i);
      const published = new Date(v.publishedAt).toISOString();
      const item = {
        kind: "youtube#playlistItem",
        etag: `sbx-${channel.seed}-${v.sequence}`,
        id: `pli-${v.id}`,
        snippet: {
          publishedAt: published,
          channelId: channel.id,
          title: v.title,
          description: "",
          channelTitle: channel.title,
          playlistId,
          position: i,
          resourceId: { kind: "youtube#video", videoId: v.id },
        },
        contentDetails: { videoId: v.id, videoPublishedAt: published },
      };
      items.push(withParts(item, requested.parts));
    }
    return respond(c, {
      kind: "youtube#playlistItemListResponse",
      // maxResults=0 asks for the count alone: a token would name the same empty page forever.
      ...(maxResults > 0 && end < listed
        ? { nextPageToken: `sbx${latest.toString(36)}.${end.toString(36)}` }
        : {}),
      pageInfo: { totalResults: listed, resultsPerPage: maxResults },
      items,
    });
  })
  .get("/videos", (c) => {
    const error = keyError(c);
    if (error) return error;
    const requested = requestedParts(c, "videos");
    if ("refusal" in requested) return requested.refusal;
    const now = Date.now();
    const ids = (c.req.query("id") ?? "").split(",").filter(Boolean);
    if (ids.length === 0)
      return badParameter(c, "No filter selected. Expected one of: id, chart, myRating");
    if (ids.length > MAX_RESULTS)
      return badParameter(c, "The request specifies too many video ids.", "invalidFilters");
    // Unknown ids are simply left out, as YouTube does.
    const items = ids.flatMap((id) => {
      const found = videoById(id, now);
      if (!found) return [];
      const stats = videoStats(found.video, now);
      const video = {
        kind: "youtube#video",
        etag: `sbx-${found.channel.seed}-${found.video.sequence}`,
        id,
        snippet: {
          publishedAt: new Date(found.video.publishedAt).toISOString(),
          channelId: found.channel.id,
          title: found.video.title,
          description: "",
          channelTitle: found.channel.title,
          liveBroadcastContent: streamingLive(found.video) ? "live" : "none",
        },
        contentDetails: {
          duration: streamingLive(found.video) ? "P0D" : isoDuration(found.video.durationSeconds),
          dimension: "2d",
          definition: "hd",
          caption: "false",
        },
        // Hidden likes and turned-off comments leave their count out.
        statistics: {
          viewCount: String(stats.viewCount),
          ...(likesHidden(found.video) ? {} : { likeCount: String(stats.likeCount) }),
          favoriteCount: "0",
          ...(commentsOff(found.video) ? {} : { commentCount: String(stats.commentCount) }),
        },
      };
      return [withParts(video, requested.parts)];
    });
    return respond(c, {
      kind: "youtube#videoListResponse",
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    });
  });
