import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { SelectedEntities } from "../../../shared/schemas/arrangement";
import type { StoredDateRange } from "../../../shared/schemas/date-range";
import {
  exportTypes,
  frequencies,
  platforms,
  reportFileKinds,
  reportStatuses,
  scheduleRunStatuses,
} from "../../../shared/schemas/enums";
import { users } from "./accounts";
import { createdAt, flag, id, timestamp } from "./columns";
import { organizationIdColumn } from "./organizations";

export const persistentSheets = sqliteTable(
  "persistent_sheets",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    platform: text("platform", { enum: platforms }).notNull(),
    sheetName: text("sheet_name").notNull(),
    spreadsheetId: text("spreadsheet_id"),
    spreadsheetUrl: text("spreadsheet_url"),
    createdAt: createdAt(),
  },
  (t) => [
    index("persistent_sheets_org_platform_created").on(t.organizationId, t.platform, t.createdAt),
  ],
);

export const reportSchedules = sqliteTable(
  "report_schedules",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    title: text("title").notNull(),
    platform: text("platform", { enum: platforms }).notNull(),
    dateRange: text("date_range", { mode: "json" }).$type<StoredDateRange>().notNull(),
    selectedEntities: text("selected_entities", { mode: "json" })
      .$type<SelectedEntities>()
      .notNull(),
    frequency: text("frequency", { enum: frequencies }).notNull(),
    /** 0 = Sunday ... 6 = Saturday; only for weekly schedules. */
    dayOfWeek: integer("day_of_week"),
    /** 1-31; only for monthly schedules (31 runs on the month's last day). */
    dayOfMonth: integer("day_of_month"),
    /** UTC "HH:MM", one of 00:00, 06:00, 12:00, 18:00. */
    scheduledTime: text("scheduled_time").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    isPersistent: flag("is_persistent"),
    persistentSheetId: text("persistent_sheet_id").references(() => persistentSheets.id, {
      onDelete: "set null",
    }),
    sheetTabName: text("sheet_tab_name"),
    lastRunAt: timestamp("last_run_at"),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("report_schedules_org_platform_created").on(t.organizationId, t.platform, t.createdAt),
    index("report_schedules_active_time").on(t.isActive, t.scheduledTime),
  ],
);

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    title: text("title").notNull(),
    platform: text("platform", { enum: platforms }).notNull(),
    exportType: text("export_type", { enum: exportTypes }).notNull(),
    dateRange: text("date_range", { mode: "json" }).$type<StoredDateRange>().notNull(),
    selectedEntities: text("selected_entities", { mode: "json" })
      .$type<SelectedEntities>()
      .notNull(),
    isPersistent: flag("is_persistent"),
    scheduleId: text("schedule_id").references(() => reportSchedules.id, { onDelete: "set null" }),
    persistentSheetId: text("persistent_sheet_id").references(() => persistentSheets.id, {
      onDelete: "set null",
    }),
    persistentSheetName: text("persistent_sheet_name"),
    sheetTabName: text("sheet_tab_name"),
    status: text("status", { enum: reportStatuses }).notNull().default("queued"),
    errorMessage: text("error_message"),
    googleSheetUrl: text("google_sheet_url"),
    /** For multi-channel reports: the preview they were generated from. */
    previewId: text("preview_id"),
    rowCount: integer("row_count"),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    index("reports_org_platform_created").on(t.organizationId, t.platform, t.createdAt),
    index("reports_org_created").on(t.organizationId, t.createdAt),
  ],
);

/** The R2 objects of a report; downloads go through an authorised route, never a public URL. */
export const reportFiles = sqliteTable(
  "report_files",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    reportId: text("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reportFileKinds }).notNull(),
    r2Key: text("r2_key").notNull().unique(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    rowCount: integer("row_count"),
    createdAt: createdAt(),
  },
  (t) => [
    index("report_files_report").on(t.reportId),
    index("report_files_org_created").on(t.organizationId, t.createdAt),
  ],
);

/** One run per schedule and cron slot: the unique key makes a second cron firing a no-op. */
export const scheduleRuns = sqliteTable(
  "schedule_runs",
  {
    id: id(),
    organizationId: organizationIdColumn(),
    scheduleId: text("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    slot: text("slot").notNull(),
    status: text("status", { enum: scheduleRunStatuses }).notNull().default("queued"),
    reportId: text("report_id").references(() => reports.id, { onDelete: "set null" }),
    rowCount: integer("row_count"),
    sheetUrl: text("sheet_url"),
    /**
     * The spreadsheet this run created (a schedule with a new spreadsheet each time), recorded as
     * soon as Google answers, so that a retried run writes into it instead of creating another.
     */
    spreadsheetId: text("spreadsheet_id"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("schedule_runs_schedule_slot").on(t.scheduleId, t.slot),
    index("schedule_runs_org_created").on(t.organizationId, t.createdAt),
  ],
);
