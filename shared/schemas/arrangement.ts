import { z } from "zod";

export const mergeStrategies = ["title", "none"] as const;

export const mergeOptionsSchema = z.object({
  mergeVideos: z.boolean(),
  mergeEpisodes: z.boolean(),
  videoMergeStrategy: z.enum(mergeStrategies),
  episodeMergeStrategy: z.enum(mergeStrategies),
});
export type MergeOptions = z.infer<typeof mergeOptionsSchema>;

export const rowMatchTypes = ["high-confidence", "manual", "unmatched", "empty"] as const;
export const rowStatuses = ["suggested", "empty"] as const;

export const arrangementRowSchema = z.object({
  id: z.string(),
  videoId: z.string().nullable(),
  episodeId: z.string().nullable(),
  matchConfidence: z.number().min(0).max(1).nullable(),
  matchType: z.enum(rowMatchTypes),
  userModified: z.boolean(),
  status: z.enum(rowStatuses),
});
export type ArrangementRow = z.infer<typeof arrangementRowSchema>;

export const arrangementSchema = z.object({
  rows: z.array(arrangementRowSchema),
  availableEpisodeIds: z.array(z.string()),
});
export type Arrangement = z.infer<typeof arrangementSchema>;

/** Ids of the channels, shows or other entities a report covers. */
export const selectedEntitiesSchema = z.array(z.string().min(1)).max(500);
export type SelectedEntities = z.infer<typeof selectedEntitiesSchema>;
