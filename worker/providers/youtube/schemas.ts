import { z } from "zod";

// Counts arrive as strings (uint64) and any of them may be missing (hidden likes, disabled comments).
const count = z.string().regex(/^\d+$/).transform(Number).optional();
const instant = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), { message: "not a date-time" });

export const channelItemSchema = z.object({
  id: z.string(),
  snippet: z.object({
    title: z.string(),
    customUrl: z.string().optional(),
    thumbnails: z.record(z.string(), z.object({ url: z.string() })).optional(),
  }),
  contentDetails: z
    .object({ relatedPlaylists: z.object({ uploads: z.string().optional() }) })
    .optional(),
  statistics: z
    .object({
      viewCount: count,
      subscriberCount: count,
      hiddenSubscriberCount: z.boolean().optional(),
      videoCount: count,
    })
    .optional(),
});
// A channel that does not exist is a 200 whose `items` key may be absent.
export const channelListSchema = z.object({
  items: z.array(channelItemSchema).optional().default([]),
});

export const playlistItemsSchema = z.object({
  nextPageToken: z.string().optional(),
  pageInfo: z.object({ totalResults: z.number() }).optional(),
  items: z
    .array(
      z.object({
        contentDetails: z.object({ videoId: z.string(), videoPublishedAt: z.string().optional() }),
      }),
    )
    .default([]),
});

export const videoListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string(),
          publishedAt: instant,
          channelId: z.string(),
          // "none", "upcoming", "live" or "completed" (VideoSnippet); kept open to new values.
          liveBroadcastContent: z.string().optional(),
        }),
        contentDetails: z.object({ duration: z.string() }).optional(),
        statistics: z
          .object({ viewCount: count, likeCount: count, commentCount: count })
          .optional(),
      }),
    )
    .default([]),
});

export const youtubeErrorSchema = z.object({
  error: z.object({
    code: z.number(),
    message: z.string(),
    errors: z
      .array(z.object({ reason: z.string().optional(), domain: z.string().optional() }))
      .optional(),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/** ISO-8601 durations as YouTube sends them: PT#H#M#S, P#DT#H#M#S, and P0D for live/upcoming. */
export function parseIsoDuration(text: string): number | null {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!m) return null;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0);
}
