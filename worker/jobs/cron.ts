import type { JobMessage } from "../../shared/schemas/jobs";
import { getDb } from "../db/client";
import { scheduleRefreshes } from "../features/ingestion/schedule-refreshes";
import { enqueueDueSchedules } from "../features/reports/due-schedules";
import { checkDatabaseCapacity } from "../lib/database-capacity";
import { makeLogger } from "../lib/logger";
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
 * hour, also enqueue the due jobs and log how full the database is. The queue consumer does the
 * work (and retries it).
 */
export async function handleScheduled(
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const log = makeLogger({ cron: controller.cron, slot: cronSlot(controller.scheduledTime) });
  const leases = await sweepExpiredLeases(env, getDb(env), controller.scheduledTime);
  if (leases.resumed || leases.failed) log.info("cron: swept expired job leases", leases);
  if (controller.cron === LEASE_SWEEP_CRON) return;
  const jobs = dueJobs(controller.scheduledTime);
  if (jobs.length > 0) await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  const refreshes = await scheduleRefreshes(
    env,
    getDb(env),
    Date.parse(cronSlot(controller.scheduledTime)),
  );
  const scheduleRuns = await enqueueDueSchedules(
    env,
    getDb(env),
    new Date(cronSlot(controller.scheduledTime)),
  );
  log.info("cron: enqueued jobs", { maintenance: jobs.length, refreshes, scheduleRuns });
  // Once an hour, how full the database is: a warning from 80% on (issue 17's capacity plan).
  await checkDatabaseCapacity(env.DB, "DB", log);
}
