import type {
  CreateSchedule,
  ReportPlatform,
  UpdateSchedule,
} from "../../../shared/schemas/reports";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { reportLayout } from "./report-data";
import { findPersistentSheet, insertPersistentSheet, schedulesWritingTo } from "./schedule-queries";

/**
 * Where a persistent schedule writes. A new spreadsheet becomes a persistent_sheets row (created
 * in Google by the first run); an existing one must belong to the organisation and platform.
 */
export async function resolveDestination(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  body: CreateSchedule | UpdateSchedule,
  editingId: string | undefined,
) {
  if (!body.isPersistent || !body.destination)
    return { persistentSheetId: null, sheetTabName: null };
  const d = body.destination;
  if (d.kind === "existing") {
    const sheet = await findPersistentSheet(organizationId, db, d.persistentSheetId, platform);
    if (!sheet)
      throw new ApiError("BAD_REQUEST", "That spreadsheet is not available; choose another.", {
        field: "destination.persistentSheetId",
      });
    await refuseSharedTab(db, organizationId, platform, sheet.id, d.tabName ?? null, editingId);
    return { persistentSheetId: sheet.id, sheetTabName: d.tabName ?? null };
  }
  const sheet = await insertPersistentSheet(organizationId, db, platform, d.sheetName);
  return {
    persistentSheetId: sheet.id,
    sheetTabName: d.tabStructure === "custom" ? (d.tabName ?? "Data") : null,
  };
}

/**
 * Every run clears the tabs it writes and writes them again, so two schedules writing one tab
 * would each wipe the other's rows, and the tab would hold whichever ran last. Google's tab
 * names ignore case ("Data" and "data" are one tab).
 */
async function refuseSharedTab(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  sheetId: string,
  tabName: string | null,
  editingId: string | undefined,
) {
  const { parentTab, childTab } = reportLayout[platform];
  const tabsOf = (name: string | null) => (name === null ? [parentTab, childTab] : [name]);
  const wanted = new Set(tabsOf(tabName).map((t) => t.toLocaleLowerCase()));
  for (const other of await schedulesWritingTo(organizationId, db, sheetId, editingId)) {
    const shared = tabsOf(other.tabName).find((t) => wanted.has(t.toLocaleLowerCase()));
    if (shared)
      throw new ApiError(
        "CONFLICT",
        `The recurring report "${other.title}" already writes the tab "${shared}" of this spreadsheet. Choose another tab name.`,
        { field: "destination.tabName", reason: "tab_in_use" },
      );
  }
}

/** A schedule's stored fields from the create or edit form, its destination resolved. */
export async function scheduleFields(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  body: CreateSchedule | UpdateSchedule,
  editingId?: string,
) {
  return {
    title: body.title,
    dateRange: body.dateRange,
    selectedEntities: body.selectedEntities,
    frequency: body.frequency,
    dayOfWeek: body.dayOfWeek,
    dayOfMonth: body.dayOfMonth,
    scheduledTime: body.scheduledTime,
    isPersistent: body.isPersistent,
    ...(await resolveDestination(db, organizationId, platform, body, editingId)),
  };
}
