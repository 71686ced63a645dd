import { z } from "zod";

/*
 * Simplecast v2 answers, as loose as the reference allows: fields marked unverified there are
 * optional here, and extra fields are ignored.
 */
const instant = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), { message: "not a date-time" });

/** The list envelope: `collection` plus hypermedia paging (`pages.next` is null on the last page). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    collection: z.array(item),
    pages: z.object({ next: z.object({ href: z.string() }).nullable().optional() }).optional(),
  });

export const podcastSchema = z.object({
  id: z.string(),
  title: z.string(),
  episodes: z.object({ count: z.number() }).optional(),
});

export const episodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  number: z.number().nullable().optional(),
  season: z.object({ number: z.number().nullable().optional() }).nullable().optional(),
  published_at: instant.nullable().optional(),
  duration: z.number().nullable().optional(),
});

export const downloadsSchema = z.object({
  total: z.number(),
  by_interval: z.array(z.object({ interval: z.string(), downloads_total: z.number() })).default([]),
});

/** The reference is unsure whether the total is `total` or `listeners_total`: accept both. */
export const listenersSchema = z.object({
  total: z.number().optional(),
  listeners_total: z.number().optional(),
});
