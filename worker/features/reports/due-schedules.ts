import { and, eq } from "drizzle-orm";
import { isScheduleDue } from "../../../shared/schedule";
import type { JobMessage } from "../../../shared/schemas/jobs";
import type { Db } from "../../db/client";
import { organizations, reportSchedules, scheduleRuns } from "../../db/schema";

/**
 * The hourly cron's share of reports: the active schedules due in this slot (their UTC time, and
 * their day on the organisation's calendar) each get one run, keyed by (schedule, slot). The
 * unique key makes a second firing of the same slot insert nothing and enqueue nothing. Runs once
 * per content database `db`, whose `organizations` stub rows carry each organisation's time zone;
 * `owns` says which organisations there are its to run (docs/content-databases.md).
 */
export async function enqueueDueSchedules(
  env: Pick<Env, "JOBS">,
  db: Db,
  slot: Date,
  owns: (organizationId: string) => boolean = () => true,
): Promise<number> {
  const time = `${String(slot.getUTCHours()).padStart(2, "0")}:00`;
  const candidates = await db
    .select({ schedule: reportSchedules, timeZone: organizations.timezone })
    .from(reportSchedules)
    .innerJoin(organizations, eq(organizations.id, reportSchedules.organizationId))
    .where(and(eq(reportSchedules.isActive, true), eq(reportSchedules.scheduledTime, time)));
  const jobs: JobMessage[] = [];
  for (const { schedule, timeZone } of candidates) {
    if (!owns(schedule.organizationId) || !isScheduleDue(schedule, slot, timeZone)) continue;
    const [run] = await db
      .insert(scheduleRuns)
      .values({
        organizationId: schedule.organizationId,
        scheduleId: schedule.id,
        slot: slot.toISOString(),
      })
      .onConflictDoNothing()
      .returning({ id: scheduleRuns.id });
    if (run)
      jobs.push({
        type: "report.schedule-run",
        organizationId: schedule.organizationId,
        runId: run.id,
      });
  }
  if (jobs.length) await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  return jobs.length;
}
