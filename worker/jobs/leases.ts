import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { jobMessageSchema } from "../../shared/schemas/jobs";
import type { Db } from "../db/client";
import { ingestionJobs } from "../db/schema";
import { LEASE_MS, leaseFrom } from "./job-state";

/** A job that lost its process this many times is failed rather than started again. */
export const MAX_STARTS = 3;
const SWEEP_LIMIT = 200;

export const messages = {
  resumed: "The job stopped unexpectedly (the worker restarted) and was started again.",
  gaveUp:
    "The job stopped unexpectedly several times (the worker restarted) and was given up. Try again with Refresh.",
} as const;

/**
 * Jobs whose lease expired: running ones lost their process (a crash, a restart, a deploy),
 * queued ones lost their message. Each is put back on the queue with a fresh lease, or, after
 * MAX_STARTS starts, failed with a reason the organisation sees in Recent activity. Idempotent:
 * a job the sweep touched has a live lease or is finished, so a second sweep leaves it alone.
 * Runs from cron every 15 minutes, so nothing stays stuck much past its 15-minute lease, once per
 * content database: `owns` says which organisations' jobs are this database's to sweep (not those
 * of an organisation being moved, nor a moved one's old copy; docs/content-databases.md).
 */
export async function sweepExpiredLeases(
  env: Pick<Env, "JOBS">,
  db: Db,
  nowMs: number,
  owns: (organizationId: string) => boolean = () => true,
): Promise<{ resumed: number; failed: number }> {
  // Jobs from before leases existed have none: their age stands in for it.
  const leaseOver = or(
    lt(ingestionJobs.leaseExpiresAt, new Date(nowMs)),
    and(
      isNull(ingestionJobs.leaseExpiresAt),
      lt(ingestionJobs.createdAt, new Date(nowMs - LEASE_MS)),
    ),
  );
  const expired = await db
    .select()
    .from(ingestionJobs)
    .where(and(inArray(ingestionJobs.status, ["queued", "running"]), leaseOver))
    .limit(SWEEP_LIMIT);
  let resumed = 0;
  let failed = 0;
  for (const job of expired) {
    if (!owns(job.organizationId)) continue;
    const parsed = jobMessageSchema.safeParse({
      type: job.kind,
      ...job.target,
      organizationId: job.organizationId,
      jobId: job.id,
    });
    const stillExpired = and(
      eq(ingestionJobs.id, job.id),
      inArray(ingestionJobs.status, ["queued", "running"]),
      leaseOver,
    );
    if (!parsed.success || job.attempts >= MAX_STARTS) {
      const done = await db
        .update(ingestionJobs)
        .set({
          status: "failed",
          finishedAt: new Date(nowMs),
          errorCode: "lease_expired",
          errorMessage: messages.gaveUp,
        })
        .where(stillExpired)
        .returning({ id: ingestionJobs.id });
      failed += done.length;
      continue;
    }
    const claimed = await db
      .update(ingestionJobs)
      .set({
        status: "queued",
        leaseExpiresAt: leaseFrom(nowMs),
        errorCode: "lease_expired",
        errorMessage: messages.resumed,
      })
      .where(stillExpired)
      .returning({ id: ingestionJobs.id });
    if (claimed.length === 0) continue; // another sweep or the job itself got there first
    await env.JOBS.send(parsed.data);
    resumed++;
  }
  return { resumed, failed };
}
