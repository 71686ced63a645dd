import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizationIdColumn } from "./organizations";

/*
 * Per-organisation figures of the dashboard tables, kept by triggers on every write (see the
 * migration that creates them, "table_stats"), so a table page never counts its rows: whoever
 * writes (ingestion, deletes, cascades, tests) keeps them right in the same transaction.
 */

/** Rows of each dashboard table, and for videos the number of distinct trimmed titles. */
export const tableStats = sqliteTable(
  "table_stats",
  {
    organizationId: organizationIdColumn(),
    /** channels, videos, shows or episodes. */
    tableName: text("table_name").notNull(),
    rowCount: integer("row_count").notNull().default(0),
    /** Videos: rows once merged by trimmed title (Merge Same); 0 for the other tables. */
    titleGroups: integer("title_groups").notNull().default(0),
    /**
     * Counts the writes to the table's rows of this organisation (insert, update, delete), from
     * a random start when the row is created (migrations/0012). Totals computed from the rows
     * are kept per isolate under these versions (worker/features/tables/totals-cache.ts).
     */
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName] })],
);

/**
 * How many videos of an organisation share each trimmed title (Merge Same's groups). The partial
 * index lists only the titles shared by two videos or more: a merged page reads them without
 * reading every group (tables/merged-videos.ts), and a new title (one member) adds no entry.
 */
export const videoTitleGroups = sqliteTable(
  "video_title_groups",
  {
    organizationId: organizationIdColumn(),
    titleKey: text("title_key").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.titleKey] }),
    index("video_title_groups_duplicates")
      .on(t.organizationId, t.titleKey)
      .where(sql`${t.members} > 1`),
  ],
);
