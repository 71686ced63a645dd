import { z } from "zod";
import { TITLE_MAX } from "../text-limits";
import {
  arrangementRowSchema,
  arrangementSchema,
  mergeOptionsSchema,
  selectedEntitiesSchema,
} from "./arrangement";
import { dateRangeSchema, storedDateRangeSchema } from "./date-range";
import { previewStatuses, reportFileKinds } from "./enums";
import { plainText } from "./text";

/*
 * The multi-channel API (worker/features/multichannel) and the PreviewRoom's WebSocket messages.
 * Messages are the spec's (section 5) so the server's 400s read like the dialog's own checks.
 */

export const MULTI_CHANNEL_MESSAGES = {
  title: "Please enter a report title",
  channels: "Please select at least one YouTube channel",
  shows: "Please select at least one podcast show",
  customRange: "Please select both start and end dates for custom range",
} as const;

/** A board larger than this is refused with a clear message rather than frozen (README design notes). */
export const MAX_BOARD_ITEMS = 5_000;

const ids = (message: string) => selectedEntitiesSchema.min(1, { message });

/** Setup dialog: what to put on the board. The title is trimmed before it is stored. */
export const contentRequestSchema = z.object({
  dateRange: dateRangeSchema,
  selectedChannels: ids(MULTI_CHANNEL_MESSAGES.channels),
  selectedShows: ids(MULTI_CHANNEL_MESSAGES.shows),
});
export type ContentRequest = z.infer<typeof contentRequestSchema>;

export const previewRequestSchema = contentRequestSchema.extend({
  title: plainText(TITLE_MAX, "Title").pipe(
    z.string().min(1, { message: MULTI_CHANNEL_MESSAGES.title }),
  ),
  mergeOptions: mergeOptionsSchema,
});
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

const duplicatesSchema = z.object({
  before: z.number(),
  after: z.number(),
  duplicates: z.number(),
  examples: z.array(z.string()),
});

/** Merge Content Options: counts, duplicates and examples of each kind. */
export const contentSummarySchema = z.object({
  videos: duplicatesSchema,
  episodes: duplicatesSchema,
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

const counted = z.number().nullable();

/** A card on the board and a line of the final report: one video (possibly merged from several). */
export const boardVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  channelId: z.string(),
  channelTitle: z.string(),
  views: z.number(),
  /** Null when YouTube leaves it out (the owner hides likes). */
  likes: counted,
  /** Null when YouTube leaves it out (comments turned off). */
  comments: counted,
  publishDate: z.number(),
  durationSeconds: counted,
  trailing1dViews: counted,
  trailing1wViews: counted,
  trailing1mViews: counted,
  trailing1yViews: counted,
  mergedCount: z.number(),
});
export type BoardVideo = z.infer<typeof boardVideoSchema>;

export const boardEpisodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  showId: z.string(),
  showTitle: z.string(),
  downloads: z.number(),
  publishDate: z.number(),
  durationSeconds: counted,
  seasonNumber: counted,
  episodeNumber: counted,
  trailing1dDownloads: counted,
  trailing1wDownloads: counted,
  trailing1mDownloads: counted,
  trailing1yDownloads: counted,
  uniqueListeners: counted,
  mergedCount: z.number(),
});
export type BoardEpisode = z.infer<typeof boardEpisodeSchema>;

export const boardContentSchema = z.object({
  videos: z.array(boardVideoSchema),
  episodes: z.array(boardEpisodeSchema),
  timeZone: z.string(),
});
export type BoardContent = z.infer<typeof boardContentSchema>;

export const previewViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(previewStatuses),
  dateRange: storedDateRangeSchema,
  selectedChannels: z.array(z.string()),
  selectedShows: z.array(z.string()),
  mergeOptions: mergeOptionsSchema,
  content: boardContentSchema,
  version: z.number(),
  arrangement: arrangementSchema,
  readOnly: z.boolean(),
});
export type PreviewView = z.infer<typeof previewViewSchema>;

export const reportFileViewSchema = z.object({
  id: z.string(),
  kind: z.enum(reportFileKinds),
  filename: z.string(),
});

/** A row of the Multi-Channel Reports table. */
export const multiChannelReportRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(previewStatuses),
  dateRange: storedDateRangeSchema,
  channelTitles: z.array(z.string()),
  showTitles: z.array(z.string()),
  reportId: z.string().nullable(),
  files: z.array(reportFileViewSchema),
  createdAt: z.string(),
});
export type MultiChannelReportRow = z.infer<typeof multiChannelReportRowSchema>;

export const multiChannelListSchema = z.object({
  counts: z.object({ channels: z.number(), shows: z.number(), reports: z.number() }),
  reports: z.array(multiChannelReportRowSchema),
});

export const previewCreatedSchema = z.object({ previewId: z.string() });
export const previewParamsSchema = z.object({
  previewId: z.string().uuid({ message: "Invalid preview id" }),
});
/** A short-lived, single-use ticket for the board's WebSocket, and the socket's URL with it. */
export const roomTicketSchema = z.object({ ticket: z.string(), url: z.string() });
export const reopenedSchema = z.object({ status: z.literal("draft") });
export const socketQuerySchema = z.object({ ticket: z.string().max(200).optional() });

export const finalReportResultSchema = z.object({
  reportId: z.string(),
  contentCount: z.number(),
  files: z.array(reportFileViewSchema),
});

// ---- PreviewRoom WebSocket messages ----

export const presenceUserSchema = z.object({
  connectionId: z.string(),
  userId: z.string(),
  name: z.string(),
});
export type PresenceUser = z.infer<typeof presenceUserSchema>;

/** Server to client. Updates carry only the rows that changed and the pool when it changed. */
export const roomServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("snapshot"),
    version: z.number(),
    arrangement: arrangementSchema,
    readOnly: z.boolean(),
    you: z.string(),
    presence: z.array(presenceUserSchema),
  }),
  z.object({
    type: z.literal("update"),
    version: z.number(),
    rows: z.array(arrangementRowSchema),
    availableEpisodeIds: z.array(z.string()).nullable(),
    intentId: z.string().nullable(),
    by: z.string(),
  }),
  z.object({
    type: z.literal("rejected"),
    intentId: z.string(),
    reason: z.string(),
    version: z.number(),
  }),
  z.object({ type: z.literal("presence"), presence: z.array(presenceUserSchema) }),
  z.object({ type: z.literal("closed"), reason: z.string() }),
]);
export type RoomServerMessage = z.infer<typeof roomServerMessageSchema>;
