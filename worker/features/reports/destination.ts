import type {
  CreateSchedule,
  ReportPlatform,
  UpdateSchedule,
} from "../../../shared/schemas/reports";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { findPersistentSheet, insertPersistentSheet } from "./schedule-queries";

/**
 * Where a persistent schedule writes. A new spreadsheet becomes a persistent_sheets row (created
 * in Google by the first run); an existing one must belong to the organisation and platform.
 */
export async function resolveDestination(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  body: CreateSchedule | UpdateSchedule,
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
    return { persistentSheetId: sheet.id, sheetTabName: d.tabName };
  }
  const sheet = await insertPersistentSheet(organizationId, db, platform, d.sheetName);
  return {
    persistentSheetId: sheet.id,
    sheetTabName: d.tabStructure === "custom" ? (d.tabName ?? "Data") : null,
  };
}

/** A schedule's stored fields from the create or edit form, its destination resolved. */
export async function scheduleFields(
  db: Db,
  organizationId: string,
  platform: ReportPlatform,
  body: CreateSchedule | UpdateSchedule,
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
    ...(await resolveDestination(db, organizationId, platform, body)),
  };
}
