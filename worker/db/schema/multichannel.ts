import { index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type {
  Arrangement,
  MergeOptions,
  SelectedEntities,
} from "../../../shared/schemas/arrangement";
import type { StoredDateRange } from "../../../shared/schemas/date-range";
import { previewStatuses } from "../../../shared/schemas/enums";
import { users } from "./accounts";
import { createdAt, id, timeOrderedId, updatedAt } from "./columns";
import { organizationIdColumn } from "./organizations";

export const multiChannelPreviews = sqliteTable(
  "multi_channel_previews",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    title: text("title").notNull(),
    status: text("status", { enum: previewStatuses }).notNull().default("draft"),
    dateRange: text("date_range", { mode: "json" }).$type<StoredDateRange>().notNull(),
    selectedChannels: text("selected_channels", { mode: "json" })
      .$type<SelectedEntities>()
      .notNull(),
    selectedShows: text("selected_shows", { mode: "json" }).$type<SelectedEntities>().notNull(),
    mergeOptions: text("merge_options", { mode: "json" }).$type<MergeOptions>().notNull(),
    /** Saved when the final report is generated; the live arrangement lives in the PreviewRoom. */
    finalArrangement: text("final_arrangement", { mode: "json" }).$type<Arrangement>(),
    reportId: text("report_id"),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("multi_channel_previews_org_created").on(t.organizationId, t.createdAt)],
);

/** The automatic suggestions a preview started from (confidence 0..1). */
export const previewMatches = sqliteTable(
  "preview_matches",
  {
    id: timeOrderedId(),
    organizationId: organizationIdColumn(),
    previewId: text("preview_id")
      .notNull()
      .references(() => multiChannelPreviews.id, { onDelete: "cascade" }),
    videoId: text("video_id").notNull(),
    episodeId: text("episode_id").notNull(),
    confidenceScore: real("confidence_score").notNull(),
    matchReason: text("match_reason"),
    createdAt: createdAt(),
  },
  // organization_id is indexed only so the organisation-delete cascade does not scan the table.
  (t) => [
    index("preview_matches_preview_confidence").on(t.previewId, t.confidenceScore),
    index("preview_matches_org").on(t.organizationId),
  ],
);
