import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { resolveDateRange } from "../../../shared/date-ranges";
import type { JobMessage } from "../../../shared/schemas/jobs";
import type { TableName } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { persistentSheets, reportSchedules, reports, scheduleRuns } from "../../db/schema";
import { ApiError } from "../../errors";
import { sheetsClient } from "../../providers/clients";
import { DriveError, isTrashed } from "../../providers/google/drive";
import {
  type DateColumn,
  type SheetsClient,
  SheetsError,
  spreadsheetUrl,
} from "../../providers/google/sheets";
import { providerFetch } from "../../providers/transport";
import { googleAccessToken } from "../google/connection";
import type { Row } from "../tables/rows";
import { organizationZone, writeReportFiles } from "./generate";
import { deferralDelaySeconds, mayDefer } from "./rate-limit-deferral";
import { childPages, headings, parentRows, type ReportPlatform, reportLayout } from "./report-data";
import { SheetRowBatches } from "./sheet-batches";
import { dateColumnsOf, SHEET_DATE_PATTERN, serialZone, sheetCells } from "./sheet-dates";

type Schedule = typeof reportSchedules.$inferSelect;
type ScheduleRun = typeof scheduleRuns.$inferSelect;

export const INITIAL_SETUP_SUFFIX = " (Initial Setup)";

const newTab = (tab: { title: string; table: TableName }) => ({
  title: tab.title,
  columns: headings(tab.table).length,
});

/** The tabs a run writes: the default two (Channels & Videos, Shows & Episodes) or one named tab with the child rows. */
const tabsFor = (schedule: Schedule) => {
  const layout = reportLayout[schedule.platform as ReportPlatform];
  return schedule.sheetTabName
    ? [{ title: schedule.sheetTabName, table: layout.child }]
    : [
        { title: layout.parentTab, table: layout.parent },
        { title: layout.childTab, table: layout.child },
      ];
};

/**
 * The spreadsheet's tab ids by title, with the run's missing tabs added. A tab that appears
 * between the read and the addSheet (an earlier attempt's addSheet Google applied but whose
 * answer was lost, or the person adding it at that moment) makes Google answer "already
 * exists": the tabs are read again and that tab is used (its values are cleared before writing).
 */
async function tabsOf(
  sheets: SheetsClient,
  spreadsheetId: string,
  tabs: ReturnType<typeof tabsFor>,
) {
  const outline = await sheets.outline(spreadsheetId);
  const read = async () =>
    new Map((await sheets.outline(spreadsheetId)).tabs.map((t) => [t.title, t.sheetId]));
  let tabIds = new Map(outline.tabs.map((t) => [t.title, t.sheetId]));
  for (const tab of tabs) {
    if (tabIds.has(tab.title)) continue;
    try {
      tabIds.set(tab.title, await sheets.addTab(spreadsheetId, newTab(tab)));
    } catch (error) {
      if (
        !(
          error instanceof SheetsError &&
          error.kind === "invalid" &&
          /already exists/i.test(error.message)
        )
      )
        throw error;
      tabIds = await read();
      if (!tabIds.has(tab.title)) throw error;
    }
  }
  return { tabIds, timeZone: outline.timeZone };
}

/** Google Drive's refusal in the run's words, with the retry handling of the Sheets kinds. */
function driveRefusal(error: DriveError): SheetsError {
  if (error.status === 401)
    return new SheetsError(
      "unauthorized",
      401,
      "Google refused the connection's credentials. An administrator needs to reconnect Google in Organization Settings.",
    );
  // Drive signals its rate limits as 403 with these reasons, or as 429.
  if (
    error.status === 429 ||
    (error.status === 403 && /^(user)?RateLimitExceeded$/i.test(error.reason))
  )
    return new SheetsError(
      "rate_limited",
      error.status,
      "Google Drive is rate limiting this account; the export will be retried.",
    );
  if (error.status >= 500)
    return new SheetsError(
      "unavailable",
      error.status,
      "Google Drive is unavailable; the export will be retried.",
    );
  return new SheetsError(
    error.status === 403 ? "forbidden" : "invalid",
    error.status,
    `Google Drive refused the request: ${error.message}`,
  );
}

/**
 * Whether the spreadsheet is in the person's Drive trash. Drive's web UI "Remove" trashes a file
 * (files.delete, the storage manager's, deletes it for good); a trashed spreadsheet keeps its id
 * and Sheets still answers for it, so without this the runs would go on writing into the trash
 * until Drive empties it after 30 days. A file Drive does not know (404) is left to the Sheets
 * read that follows, which answers 404 too.
 */
async function inTrash(env: Env, token: string, spreadsheetId: string): Promise<boolean> {
  try {
    return await isTrashed(providerFetch(env), token, spreadsheetId);
  } catch (error) {
    if (error instanceof DriveError) {
      if (error.status === 404) return false;
      throw driveRefusal(error);
    }
    // An answer we cannot read is a fault of ours or Google's, not worth retrying.
    if (error instanceof z.ZodError) throw error;
    // The call timed out or the network failed: a read, so the queue's retry may repeat it.
    throw new SheetsError(
      "unavailable",
      0,
      "Google Drive could not be reached; the export will be retried.",
    );
  }
}

/**
 * The spreadsheet an earlier attempt of the run (or the persistent sheet's earlier run) created,
 * unless the person deleted it since or moved it to the Drive trash.
 */
async function ownSpreadsheet(
  env: Env,
  token: string,
  sheets: SheetsClient,
  spreadsheetId: string,
  tabs: ReturnType<typeof tabsFor>,
) {
  if (await inTrash(env, token, spreadsheetId)) return undefined;
  try {
    return { spreadsheetId, ...(await tabsOf(sheets, spreadsheetId, tabs)) };
  } catch (error) {
    if (error instanceof SheetsError && error.kind === "not_found") return undefined;
    // It exists but the connected account may not open it: Google was reconnected with another
    // account. Making a new one there would split the schedule's sheet in two without a word;
    // the person is told what to do instead.
    if (error instanceof SheetsError && error.kind === "forbidden" && error.status === 403)
      throw new SheetsError("forbidden", 403, SPREADSHEET_OF_ANOTHER_ACCOUNT);
    throw error;
  }
}

export const SPREADSHEET_OF_ANOTHER_ACCOUNT =
  "The connected Google account cannot open this schedule's spreadsheet. Connect the Google account that owns it, or edit the schedule to choose another spreadsheet.";

/**
 * Writes a run's data to Google Sheets: a new spreadsheet each time, or the schedule's persistent
 * spreadsheet with its tabs replaced (cleared, then written RAW). Returns the spreadsheet link.
 * A new spreadsheet is recorded on the run as soon as Google makes it: when the run fails after
 * that (Google unavailable, or rate limiting past the client's waits) and the queue retries it,
 * the retry writes into that spreadsheet again, its tabs cleared, instead of creating a second
 * one and leaving the half-written first in the person's Drive. If the person deleted it in
 * between, the retry creates a new one.
 */
async function writeSheets(
  env: Env,
  db: Db,
  schedule: Schedule,
  run: Pick<ScheduleRun, "id" | "spreadsheetId">,
  runTitle: string,
  timeZone: string,
  range: { start: Date; end: Date },
): Promise<string> {
  const token = await googleAccessToken(db, env, providerFetch(env), schedule.organizationId);
  const sheets = sheetsClient(env, token);
  const platform = schedule.platform as ReportPlatform;
  const tabs = tabsFor(schedule);
  let spreadsheetId: string;
  let tabIds = new Map<string, number>();
  // The zone of the spreadsheet's date cells: ours for one we create, its own for one we reuse.
  let sheetZone = timeZone;
  // Whether the spreadsheet may hold rows already (a persistent one, or this run's own on a retry).
  let written = schedule.isPersistent;
  if (schedule.isPersistent && schedule.persistentSheetId) {
    const [sheet] = await db
      .select()
      .from(persistentSheets)
      .where(
        and(
          eq(persistentSheets.id, schedule.persistentSheetId),
          eq(persistentSheets.organizationId, schedule.organizationId),
        ),
      );
    if (!sheet)
      throw new SheetsError(
        "not_found",
        404,
        "The schedule's spreadsheet was deleted. Edit the schedule to choose another.",
      );
    // A person may delete the spreadsheet (storage manager, or Drive itself) or move it to the
    // Drive trash while the schedule still points at it. Google then answers 404 for it, which
    // would fail every later run, or keeps it in the trash, where the runs' data would be lost
    // with it; so the run creates it again as the first run did and records the new address. Any
    // other failure keeps its usual handling.
    const own = sheet.spreadsheetId
      ? await ownSpreadsheet(env, token, sheets, sheet.spreadsheetId, tabs)
      : undefined;
    if (own) {
      ({ spreadsheetId, tabIds } = own);
      sheetZone = serialZone(own.timeZone, timeZone);
    } else {
      // The first run creates the persistent spreadsheet; so does the first after its deletion.
      const created = await sheets.create(sheet.sheetName, tabs.map(newTab), timeZone);
      spreadsheetId = created.spreadsheetId;
      tabIds = new Map(created.sheets.map((t) => [t.title, t.sheetId]));
      await db
        .update(persistentSheets)
        .set({ spreadsheetId, spreadsheetUrl: spreadsheetUrl(spreadsheetId) })
        .where(eq(persistentSheets.id, sheet.id));
    }
  } else {
    const own = run.spreadsheetId
      ? await ownSpreadsheet(env, token, sheets, run.spreadsheetId, tabs)
      : undefined;
    if (own) {
      ({ spreadsheetId, tabIds } = own);
      sheetZone = serialZone(own.timeZone, timeZone);
      written = true;
    } else {
      const created = await sheets.create(runTitle, tabs.map(newTab), timeZone);
      spreadsheetId = created.spreadsheetId;
      tabIds = new Map(created.sheets.map((t) => [t.title, t.sheetId]));
      await db.update(scheduleRuns).set({ spreadsheetId }).where(eq(scheduleRuns.id, run.id));
    }
  }

  // The heading row goes to A1 (inside every grid); the rows are appended after it, so Google
  // grows the grid as they come (a new tab has 1,000 rows; a write starting past them is refused).
  const dateColumns: DateColumn[] = [];
  for (const tab of tabs) {
    if (written) await sheets.clear(spreadsheetId, tab.title);
    await sheets.write(spreadsheetId, tab.title, 1, [headings(tab.table)]);
    const batches = new SheetRowBatches();
    let rows = 0;
    const add = async (r: Row) => {
      rows++;
      const full = batches.add(sheetCells(tab.table, r, sheetZone));
      if (full) await sheets.append(spreadsheetId, tab.title, full);
    };
    if (tab.table === "channels" || tab.table === "shows") {
      for (const r of await parentRows(
        db,
        schedule.organizationId,
        platform,
        schedule.selectedEntities,
      ))
        await add(r);
    } else {
      for await (const page of childPages(
        db,
        schedule.organizationId,
        platform,
        schedule.selectedEntities,
        range,
      ))
        for (const r of page) await add(r);
    }
    const last = batches.take();
    if (last.length > 0) await sheets.append(spreadsheetId, tab.title, last);
    const sheetId = tabIds.get(tab.title);
    if (sheetId !== undefined) dateColumns.push(...dateColumnsOf(tab.table, sheetId, rows));
  }
  // One request for every tab's date columns, once their rows are there (the grid has grown to
  // hold them; a format may not reach past it).
  await sheets.formatDates(spreadsheetId, dateColumns, SHEET_DATE_PATTERN);
  const firstTab = tabIds.get(tabs[0]!.title);
  return spreadsheetUrl(
    spreadsheetId,
    schedule.isPersistent && schedule.sheetTabName ? firstTab : undefined,
  );
}

/** What a Google failure says on the run: our words for the known cases. */
function googleFailure(error: unknown): string {
  if (error instanceof SheetsError) return error.message;
  if (error instanceof ApiError) return error.message;
  return "The export to Google Sheets failed unexpectedly.";
}

/**
 * The `report.schedule-run` job: one run of a schedule in one cron slot (or its initial setup).
 * The date range is resolved now. The report's CSV and JSON files are written first, so a
 * Google failure is recorded on the run without losing them. Redelivery of a finished run does
 * nothing; the run row is unique per schedule and slot.
 */
export async function runSchedule(
  env: Env,
  db: Db,
  organizationId: string,
  runId: string,
  deferrals = 0,
): Promise<void> {
  const [run] = await db
    .select()
    .from(scheduleRuns)
    .where(and(eq(scheduleRuns.id, runId), eq(scheduleRuns.organizationId, organizationId)));
  if (!run || run.status === "succeeded" || run.status === "failed") return;
  const [schedule] = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.id, run.scheduleId));
  if (!schedule) return;
  const now = new Date();
  const timeZone = await organizationZone(db, organizationId);
  const initial = run.slot.startsWith("initial:");
  const title = `${schedule.title}${initial ? INITIAL_SETUP_SUFFIX : ""}`;
  await db.update(scheduleRuns).set({ status: "running" }).where(eq(scheduleRuns.id, run.id));

  // One report per run (reused on redelivery), holding the files and the sheet link.
  let reportId = run.reportId;
  if (!reportId) {
    reportId = crypto.randomUUID();
    const [sheet] = schedule.persistentSheetId
      ? await db
          .select()
          .from(persistentSheets)
          .where(eq(persistentSheets.id, schedule.persistentSheetId))
      : [];
    await db.batch([
      db.insert(reports).values({
        id: reportId,
        organizationId,
        title,
        platform: schedule.platform,
        exportType: "recurring",
        dateRange: schedule.dateRange,
        selectedEntities: schedule.selectedEntities,
        isPersistent: schedule.isPersistent,
        scheduleId: schedule.id,
        persistentSheetId: schedule.persistentSheetId,
        persistentSheetName: sheet?.sheetName ?? null,
        sheetTabName: schedule.sheetTabName,
        status: "generating",
        createdByUserId: schedule.createdByUserId,
      }),
      db.update(scheduleRuns).set({ reportId }).where(eq(scheduleRuns.id, run.id)),
    ]);
  }
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
  let rows: number;
  try {
    rows = await writeReportFiles(env, db, report!, timeZone, now);
    await db
      .update(reports)
      .set({ status: "completed", rowCount: rows, completedAt: new Date() })
      .where(eq(reports.id, reportId));
  } catch (error) {
    await db.batch([
      db
        .update(reports)
        .set({ status: "failed", errorMessage: "Failed to generate report" })
        .where(eq(reports.id, reportId)),
      db
        .update(scheduleRuns)
        .set({
          status: "failed",
          errorMessage: "Failed to generate report",
          finishedAt: new Date(),
        })
        .where(eq(scheduleRuns.id, run.id)),
    ]);
    throw error;
  }

  try {
    const url = await writeSheets(
      env,
      db,
      schedule,
      run,
      `${title} - ${now.toISOString().slice(0, 16).replace("T", " ")}`,
      timeZone,
      resolveDateRange(schedule.dateRange, now, timeZone),
    );
    await db.batch([
      db.update(reports).set({ googleSheetUrl: url }).where(eq(reports.id, reportId)),
      db
        .update(scheduleRuns)
        .set({
          status: "succeeded",
          rowCount: rows,
          sheetUrl: url,
          errorMessage: null,
          finishedAt: new Date(),
        })
        .where(eq(scheduleRuns.id, run.id)),
      db.update(reportSchedules).set({ lastRunAt: now }).where(eq(reportSchedules.id, schedule.id)),
    ]);
  } catch (error) {
    // Rate limits and outages (of Sheets, or of Google's token endpoint before it) go back to
    // the queue (a later attempt may succeed); the rest are final. A rate limit goes back as a
    // deferral, which spends none of the queue's retries.
    const limited = error instanceof SheetsError && error.kind === "rate_limited";
    const tokenOutage = error instanceof ApiError && error.reason === "google_unavailable";
    const retry =
      limited || tokenOutage || (error instanceof SheetsError && error.kind === "unavailable");
    const message = tokenOutage
      ? "Google could not be reached; the export will be retried."
      : googleFailure(error);
    const defer = limited && mayDefer(run.createdAt, now);
    await db.batch([
      db
        .update(reports)
        .set({ errorMessage: `Google Sheets: ${message}` })
        .where(eq(reports.id, reportId)),
      db
        .update(scheduleRuns)
        .set({
          status: retry ? "queued" : "failed",
          rowCount: rows,
          errorMessage: message,
          finishedAt: retry ? null : new Date(),
        })
        .where(eq(scheduleRuns.id, run.id)),
      db.update(reportSchedules).set({ lastRunAt: now }).where(eq(reportSchedules.id, schedule.id)),
    ]);
    if (defer) {
      const job: JobMessage = {
        type: "report.schedule-run",
        organizationId,
        runId,
        deferrals: deferrals + 1,
      };
      await env.JOBS.send(job, { delaySeconds: deferralDelaySeconds(deferrals) });
      return;
    }
    if (retry) throw error;
  }
}

/** A run whose retries ran out (dead-letter queue) is failed, never left running. */
export async function deadLetterRun(db: Db, organizationId: string, runId: string) {
  await db
    .update(scheduleRuns)
    .set({
      status: "failed",
      errorMessage: "The export kept failing and was stopped after several retries.",
      finishedAt: new Date(),
    })
    .where(and(eq(scheduleRuns.id, runId), eq(scheduleRuns.organizationId, organizationId)));
}
