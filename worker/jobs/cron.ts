import type { JobMessage } from "../../shared/schemas/jobs";
import { getDb } from "../db/client";
import { scheduleRefreshes } from "../features/ingestion/schedule-refreshes";
import { enqueueDueSchedules } from "../features/reports/due-schedules";
import { errorFields, makeLogger } from "../lib/logger";
import { recordDatabaseSizes } from "./database-sizes";
import { cronDatabases } from "./job-databases";
import { sweepExpiredLeases } from "./leases";

/** The start of the hour a cron invocation belongs to: the idempotency key for that run. */
export const cronSlot = (scheduledTime: number) =>
  new Date(Math.floor(scheduledTime / 3_600_000) * 3_600_000).toISOString();

/** Decides what is due this hour. Kept pure so it can be tested without a queue. */
export function dueJobs(scheduledTime: number): JobMessage[] {
  const slot = cronSlot(scheduledTime);
  return [{ type: "maintenance.purge-expired", slot }];
}

/** The quarter-hourly trigger (wrangler.toml): only the lease sweep runs on it. */
export const LEASE_SWEEP_CRON = "*/15 * * * *";

/**
 * Cron: every 15 minutes, resume or fail jobs whose lease expired (worker/jobs/leases.ts); every
 * hour, also enqueue the due jobs and log how full each database is. The queue consumer does the
 * work (and retries it). Organisation content is spread over several databases
 * (docs/content-databases.md): the sweep, the refreshes and the due report schedules run once per
 * database, each for the organisations the directory says it holds. A database that fails is
 * logged and the others still run; the error is rethrown at the end so the invocation shows it.
 */
export async function handleScheduled(
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const slot = cronSlot(controller.scheduledTime);
  const log = makeLogger({ cron: controller.cron, slot });
  const primary = getDb(env);
  const databases = await cronDatabases(env, primary);
  const hourly = controller.cron !== LEASE_SWEEP_CRON;
  const jobs = hourly ? dueJobs(controller.scheduledTime) : [];
  if (jobs.length > 0) await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  let firstError: unknown = null;
  for (const { binding, db, owns } of databases) {
    const dbLog = makeLogger({ cron: controller.cron, slot, binding });
    try {
      const leases = await sweepExpiredLeases(env, db, controller.scheduledTime, owns);
      if (leases.resumed || leases.failed) dbLog.info("cron: swept expired job leases", leases);
      if (!hourly) continue;
      const refreshes = await scheduleRefreshes(env, db, Date.parse(slot), owns);
      const scheduleRuns = await enqueueDueSchedules(env, db, new Date(slot), owns);
      dbLog.info("cron: enqueued jobs", { maintenance: jobs.length, refreshes, scheduleRuns });
    } catch (error) {
      dbLog.error("cron: database failed", errorFields(error));
      firstError ??= error;
    }
  }
  // Once an hour, how full each database is: a warning from 80% on (issue 17's capacity plan),
  // and the content databases' sizes for placement.
  if (hourly) await recordDatabaseSizes(env, primary, log);
  if (firstError) throw firstError;
}
