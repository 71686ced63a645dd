import { z } from "zod";
import { SCHEDULE_TIMES_UTC } from "../schedule";
import { SPREADSHEET_NAME_MAX, TAB_NAME_MAX, TITLE_MAX } from "../text-limits";
import { selectedEntitiesSchema } from "./arrangement";
import { dateRangeSchema, storedDateRangeSchema } from "./date-range";
import {
  exportTypes,
  frequencies,
  reportFileKinds,
  reportStatuses,
  scheduleRunStatuses,
} from "./enums";
import { plainText } from "./text";

/*
 * Reports and recurring schedules (spec sections 2-5, 9). The server checks what the dialog
 * checks, with the same words, and refuses day fields that do not belong to the frequency.
 */

export const reportPlatforms = ["youtube", "simplecast"] as const;
export type ReportPlatform = (typeof reportPlatforms)[number];
export const DEFAULT_TAB_NAME = "Data";

const title = plainText(TITLE_MAX, "Report title").pipe(
  z.string().min(1, { message: "Please enter a report title" }),
);
const selection = (platform: ReportPlatform) =>
  platform === "youtube"
    ? "Please select at least one YouTube channel"
    : "Please select at least one podcast show";

export const createReportSchema = z
  .object({
    title,
    platform: z.enum(reportPlatforms),
    dateRange: dateRangeSchema,
    selectedEntities: selectedEntitiesSchema,
  })
  .superRefine((r, ctx) => {
    if (r.selectedEntities.length === 0)
      ctx.addIssue({ code: "custom", path: ["selectedEntities"], message: selection(r.platform) });
  });
export type CreateReport = z.infer<typeof createReportSchema>;

const tabName = z
  .string()
  .trim()
  .min(1, { message: "Please enter a tab name" })
  .max(TAB_NAME_MAX, {
    message: `Tab names must be at most ${TAB_NAME_MAX} characters`,
  })
  .regex(/^[^[\]*?/\\:]+$/, { message: "Tab names cannot contain [ ] * ? / \\ or :" });

/** Where a persistent schedule writes: a new spreadsheet (default tabs or one named tab), or a tab of an existing one. */
export const sheetDestinationSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("new"),
    sheetName: plainText(SPREADSHEET_NAME_MAX, "Spreadsheet name").pipe(
      z.string().min(1, { message: "Please enter a spreadsheet name" }),
    ),
    tabStructure: z.enum(["default", "custom"]),
    tabName: tabName.optional(),
  }),
  z.object({
    kind: z.literal("existing"),
    persistentSheetId: z.string().uuid({ message: "Choose a spreadsheet" }),
    /** The one tab written; left out, the platform's default tabs (Channels and Videos). */
    tabName: tabName.optional(),
  }),
]);
export type SheetDestination = z.infer<typeof sheetDestinationSchema>;

const scheduleFields = {
  title,
  dateRange: dateRangeSchema,
  selectedEntities: selectedEntitiesSchema,
  frequency: z.enum(frequencies),
  dayOfWeek: z.number().int().min(0).max(6).nullable().default(null),
  dayOfMonth: z.number().int().min(1).max(31).nullable().default(null),
  scheduledTime: z.enum(SCHEDULE_TIMES_UTC, {
    message: "Time of day must be one of 00:00, 06:00, 12:00 or 18:00 UTC",
  }),
  isPersistent: z.boolean(),
  destination: sheetDestinationSchema.nullable().default(null),
};

type ScheduleShape = {
  frequency: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  isPersistent: boolean;
  destination: SheetDestination | null;
  selectedEntities: string[];
};
function checkSchedule(s: ScheduleShape, ctx: z.RefinementCtx, platform?: ReportPlatform) {
  if (s.selectedEntities.length === 0)
    ctx.addIssue({
      code: "custom",
      path: ["selectedEntities"],
      message: platform ? selection(platform) : "Select at least one channel or show",
    });
  if (s.frequency === "weekly" && s.dayOfWeek === null)
    ctx.addIssue({
      code: "custom",
      path: ["dayOfWeek"],
      message: "A weekly schedule needs a day of the week",
    });
  if (s.frequency !== "weekly" && s.dayOfWeek !== null)
    ctx.addIssue({
      code: "custom",
      path: ["dayOfWeek"],
      message: "Only weekly schedules have a day of the week",
    });
  if (s.frequency === "monthly" && s.dayOfMonth === null)
    ctx.addIssue({
      code: "custom",
      path: ["dayOfMonth"],
      message: "A monthly schedule needs a day of the month",
    });
  if (s.frequency !== "monthly" && s.dayOfMonth !== null)
    ctx.addIssue({
      code: "custom",
      path: ["dayOfMonth"],
      message: "Only monthly schedules have a day of the month",
    });
  if (s.isPersistent && !s.destination)
    ctx.addIssue({
      code: "custom",
      path: ["destination"],
      message: "Choose where the persistent sheet goes",
    });
  if (!s.isPersistent && s.destination)
    ctx.addIssue({
      code: "custom",
      path: ["destination"],
      message: "Only 'Update the same sheet' schedules have a destination",
    });
}

export const createScheduleSchema = z
  .object({ ...scheduleFields, platform: z.enum(reportPlatforms) })
  .superRefine((s, ctx) => checkSchedule(s, ctx, s.platform));
export type CreateSchedule = z.infer<typeof createScheduleSchema>;
export const updateScheduleSchema = z
  .object(scheduleFields)
  .superRefine((s, ctx) => checkSchedule(s, ctx));
export type UpdateSchedule = z.infer<typeof updateScheduleSchema>;

export const reportsQuerySchema = z.object({ platform: z.enum(reportPlatforms) });
export const scheduleParamsSchema = z.object({
  scheduleId: z.string().uuid({ message: "Invalid schedule id" }),
});
export const reportFileParamsSchema = z.object({
  reportId: z.string().uuid({ message: "Invalid report id" }),
  fileId: z.string().uuid({ message: "Invalid file id" }),
});
export const scheduleActiveBodySchema = z.object({ isActive: z.boolean() });
export const reportCreatedSchema = z.object({
  report: z.object({ id: z.string(), status: z.enum(reportStatuses) }),
});
export const scheduleCreatedSchema = z.object({
  schedule: z.object({ id: z.string() }),
  /** A persistent schedule's Initial Setup run, started at once. */
  initialRunId: z.string().nullable(),
});
export const scheduleUpdatedSchema = z.object({ schedule: z.object({ id: z.string() }) });

const fileView = z.object({ id: z.string(), kind: z.enum(reportFileKinds), filename: z.string() });

export const reportViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  platform: z.string(),
  exportType: z.enum(exportTypes),
  dateRange: storedDateRangeSchema,
  status: z.enum(reportStatuses),
  errorMessage: z.string().nullable(),
  googleSheetUrl: z.string().nullable(),
  isPersistent: z.boolean(),
  rowCount: z.number().nullable(),
  createdAt: z.string(),
  files: z.array(fileView),
});
export type ReportView = z.infer<typeof reportViewSchema>;

export const persistentSheetViewSchema = z.object({
  id: z.string(),
  sheetName: z.string(),
  spreadsheetUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PersistentSheetView = z.infer<typeof persistentSheetViewSchema>;

export const scheduleViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  platform: z.enum(reportPlatforms),
  dateRange: storedDateRangeSchema,
  selectedEntities: z.array(z.string()),
  frequency: z.enum(frequencies),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  scheduledTime: z.string(),
  isActive: z.boolean(),
  isPersistent: z.boolean(),
  sheetTabName: z.string().nullable(),
  persistentSheet: persistentSheetViewSchema.nullable(),
  lastRun: z
    .object({
      status: z.enum(scheduleRunStatuses),
      at: z.string(),
      rowCount: z.number().nullable(),
      sheetUrl: z.string().nullable(),
      errorMessage: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

export const reportsPageSchema = z.object({
  reports: z.array(reportViewSchema),
  schedules: z.array(scheduleViewSchema),
  persistentSheets: z.array(persistentSheetViewSchema),
  /** Drives the spreadsheet banner: a connected, working Google account. */
  sheetsAvailable: z.boolean(),
});
export type ReportsPage = z.infer<typeof reportsPageSchema>;

/** The spec's messages (section 8, Reports). */
export const reportMessages = {
  created: "Report created successfully",
  updated: "Report updated successfully",
  persistentCreated:
    "Persistent sheet created successfully! You can now access it from the recurring reports list.",
  createFailed: "Failed to create report",
  deleted: (n: number) => `${n} report(s) deleted`,
  schedulesDeleted: (n: number) => `${n} recurring report(s) deleted`,
  deleteFailed: "Failed to delete reports",
  deleteSchedulesFailed: "Failed to delete recurring reports",
  loadFailed: "Failed to load reports",
  loadSchedulesFailed: "Failed to load recurring reports",
  noSchedules: "No recurring reports configured, create one via New Report and Recurring export.",
};
