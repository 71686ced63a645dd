import { z } from "zod";

/*
 * What a client on the drag-and-drop board may ask the PreviewRoom to do (ARCHITECTURE section
 * 11). The room validates every message with these schemas before applying the row rules of
 * shared/arrangement-rules.ts. Each intent names the ids the client saw where it acted (the
 * episode it dragged, the video in the row), so an intent made stale by someone else's change is
 * refused instead of acting on content the user never saw. Unknown keys are refused too.
 */
const id = z.string().min(1).max(200);

/** Drop an episode into a row, from the Available Episodes pool (fromRowId absent or null) or from another row. */
export const placeEpisodeIntentSchema = z.strictObject({
  type: z.literal("place_episode"),
  rowId: id,
  episodeId: id,
  fromRowId: id.nullish(),
});
/** Remove a row's episode: it returns to the pool. */
export const removeEpisodeIntentSchema = z.strictObject({
  type: z.literal("remove_episode"),
  rowId: id,
  episodeId: id,
});
/** Remove a row's video: the slot is cleared and the row becomes empty. */
export const removeVideoIntentSchema = z.strictObject({
  type: z.literal("remove_video"),
  rowId: id,
  videoId: id,
});
/** Move a video to another row: the two rows swap videos. */
export const moveVideoIntentSchema = z.strictObject({
  type: z.literal("move_video"),
  fromRowId: id,
  toRowId: id,
  videoId: id,
});

export const roomIntentSchema = z.discriminatedUnion("type", [
  placeEpisodeIntentSchema,
  removeEpisodeIntentSchema,
  removeVideoIntentSchema,
  moveVideoIntentSchema,
]);

export type PlaceEpisodeIntent = z.infer<typeof placeEpisodeIntentSchema>;
export type RemoveEpisodeIntent = z.infer<typeof removeEpisodeIntentSchema>;
export type RemoveVideoIntent = z.infer<typeof removeVideoIntentSchema>;
export type MoveVideoIntent = z.infer<typeof moveVideoIntentSchema>;
export type RoomIntent = z.infer<typeof roomIntentSchema>;

/** Client to room: an intent with the client's id for it (echoed in the update or the rejection). */
export const roomClientMessageSchema = z.strictObject({
  type: z.literal("intent"),
  intentId: z.string().min(1).max(64),
  intent: roomIntentSchema,
});
export type RoomClientMessage = z.infer<typeof roomClientMessageSchema>;
