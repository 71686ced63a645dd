import { formatCreatedAt } from "../../../shared/schedule";
import type { ReportView, ScheduleView } from "../../../shared/schemas/reports";
import { countOf } from "../../lib/format";

/** A link in the reports tables. */
export const linkClass = "text-indigo-600 hover:underline dark:text-indigo-400";

/** How often the reports page asks again while something of it is still being made. */
export const FOLLOW_MS = 1_500;
/**
 * While the only unfinished runs are waiting to be retried (Google refused an attempt: its
 * request quota, an outage), the next attempt is minutes away (worker/features/reports/
 * rate-limit-deferral.ts), so the page asks less often.
 */
export const FOLLOW_RETRY_MS = 30_000;

type ReportsPage = { reports: Array<Pick<ReportView, "status">>; schedules: ScheduleView[] };

const unfinished = (s: ScheduleView) =>
  s.lastRun?.status === "queued" || s.lastRun?.status === "running";

/** The reports page's refetch interval for what it shows (false: nothing left to follow). */
export function reportsFollowInterval(page: ReportsPage | undefined): number | false {
  if (!page) return false;
  const generating = page.reports.some((r) => r.status === "queued" || r.status === "generating");
  const runs = page.schedules.filter(unfinished);
  if (generating || runs.some((s) => !s.lastRun?.errorMessage)) return FOLLOW_MS;
  return runs.length > 0 ? FOLLOW_RETRY_MS : false;
}

/**
 * A recurring report's Last Run: its time, rows and sheet, or its error; while it runs,
 * "Running...", with the reason an earlier attempt was refused when it is waiting to be retried.
 */
export function ScheduleLastRun({
  run,
  timeZone,
}: {
  run: ScheduleView["lastRun"];
  timeZone: string;
}) {
  if (!run) return <span className="text-slate-500 dark:text-slate-400">Not run yet</span>;
  if (run.status === "queued" || run.status === "running")
    return (
      // The table's cells are one line: the whole reason is in the title too.
      <span role="status" title={run.errorMessage ?? undefined}>
        Running...
        {run.errorMessage && (
          <span className="block text-xs text-amber-800 dark:text-amber-300">
            {run.errorMessage}
          </span>
        )}
      </span>
    );
  return (
    <span
      className={run.status === "failed" ? "text-red-600 dark:text-red-400" : ""}
      title={run.errorMessage ?? undefined}
    >
      {formatCreatedAt(new Date(run.at), timeZone)} ·{" "}
      {run.status === "failed" ? run.errorMessage : countOf(run.rowCount ?? 0, "row")}
      {run.sheetUrl && (
        <>
          {" · "}
          <a className={linkClass} href={run.sheetUrl} target="_blank" rel="noreferrer">
            Open sheet
          </a>
        </>
      )}
    </span>
  );
}
