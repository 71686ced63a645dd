import type { ScheduleView } from "../../shared/schemas/reports";

/** A recurring report as the Reports page lists it: weekly on Monday at 06:00, one channel. */
export const aSchedule = (changes: Partial<ScheduleView> = {}): ScheduleView => ({
  id: "s1",
  title: "Weekly digest",
  platform: "youtube",
  dateRange: { type: "30days", range: null },
  selectedEntities: ["c1"],
  frequency: "weekly",
  dayOfWeek: 1,
  dayOfMonth: null,
  scheduledTime: "06:00",
  isActive: true,
  isPersistent: false,
  sheetTabName: null,
  persistentSheet: null,
  lastRun: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...changes,
});
