import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { formatCreatedAt } from "../../../shared/schedule";
import type { JobView } from "../../../shared/schemas/ingestion";
import { Card } from "../../components/Card";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { countOf } from "../../lib/format";
import { dashboardQueries } from "./dashboard-api";

const describe = (job: JobView) => {
  const t = job.target;
  switch (job.kind) {
    case "ingest.channel":
      return `Add channel ${String(t.handle ?? "")}`;
    case "refresh.channel":
      return "Refresh channel";
    case "ingest.shows":
      return `Add ${Array.isArray(t.podcastIds) ? t.podcastIds.length : ""} show(s)`;
    case "refresh.show":
      return "Refresh show";
    case "snapshot.young-videos":
      return "Snapshot new videos";
    case "owner.backfill":
      return "Owner analytics history";
    default:
      return job.kind;
  }
};
const underway = (job: JobView) => job.status === "queued" || job.status === "running";
/** A long job's progress while it is under way (an owner backfill: videos done of all). */
const percentDone = (job: JobView) =>
  underway(job) && job.total && job.processed !== null
    ? Math.floor((100 * job.processed) / job.total)
    : null;
const badge = {
  queued: "bg-slate-100 text-slate-700",
  running: "bg-sky-100 text-sky-800",
  succeeded: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

/**
 * Calls `onFinished` once each time a job this screen saw queued or running is seen finished. A
 * job that outlived the Add Channel dialog's polling ends while the person looks at the tables,
 * and a large channel shows part of its videos while it is written (5,000 at a time), so the
 * tables would otherwise stay at the part they last read.
 */
function useJobsFinished(jobs: JobView[] | undefined, onFinished: () => void) {
  const seenUnderway = useRef(new Set<string>());
  // The newest callback, so a parent that builds it on every render does not re-run the effect.
  const callback = useRef(onFinished);
  callback.current = onFinished;
  useEffect(() => {
    if (!jobs) return;
    let finished = false;
    for (const job of jobs) {
      if (underway(job)) seenUnderway.current.add(job.id);
      else if (seenUnderway.current.delete(job.id)) finished = true;
    }
    if (finished) callback.current();
  }, [jobs]);
}

/**
 * The organisation's latest ingestion jobs, refreshed while any is still running; `onJobFinished`
 * runs when one of those ends (the dashboard re-reads its data then).
 */
export function RecentActivity({
  orgId,
  onJobFinished,
}: {
  orgId: string;
  onJobFinished: () => void;
}) {
  const { data } = useQuery({
    ...dashboardQueries.jobs(orgId),
    refetchInterval: (q) => (q.state.data?.jobs.some(underway) ? 3000 : false),
  });
  useJobsFinished(data?.jobs, onJobFinished);
  // On the organisation's clock, as the app's other times.
  const timeZone = useTimeZone();
  if (!data || data.jobs.length === 0) return null;
  return (
    <Card title="Recent activity" id="activity-title">
      <ul className="space-y-2 text-sm" data-testid="recent-activity">
        {data.jobs.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center gap-2">
            <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${badge[job.status]}`}>
              {job.status}
            </span>
            <span>{describe(job)}</span>
            {job.processed !== null && (
              <span className="text-slate-500 dark:text-slate-400">
                · {countOf(job.processed, "item")}
              </span>
            )}
            {percentDone(job) !== null && (
              <span className="text-slate-500 dark:text-slate-400">· {percentDone(job)}%</span>
            )}
            {job.quotaUnits > 0 && (
              <span className="text-slate-500 dark:text-slate-400">
                · {countOf(job.quotaUnits, "quota unit")}
              </span>
            )}
            {/* A failure's reason, or a finished job's note on what it could not do. */}
            {job.errorMessage && (job.status === "failed" || job.status === "succeeded") && (
              <span
                className={
                  job.status === "failed" ? "text-red-600" : "text-amber-700 dark:text-amber-400"
                }
              >
                · {job.errorMessage}
              </span>
            )}
            <time
              className="ml-auto text-xs text-slate-500 dark:text-slate-400"
              dateTime={job.createdAt}
            >
              {formatCreatedAt(new Date(job.createdAt), timeZone)}
            </time>
          </li>
        ))}
      </ul>
    </Card>
  );
}
