import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ingestionJobs } from "../db/schema";

/** A failure that retrying cannot fix (bad key, unknown channel): recorded and not retried. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A job's lease. A Worker invocation (a queue consumer included) runs at most 15 minutes, so a
 * job still "running" 15 minutes after it started has lost its process; a queued one not started
 * within 15 minutes (plus its retry delay) has lost its message.
 */
export const LEASE_MS = 15 * 60_000;
export const leaseFrom = (ms: number) => new Date(ms + LEASE_MS);

/** What a job did. Quota is not here: it is metered as it is spent (see tracked.ts). */
export type JobOutcome = {
  processed: number;
  total?: number;
  d1Statements?: number;
  /** What a job that succeeded could still not do, shown with it in Recent activity. */
  note?: string;
};

// Units are added, never overwritten: every attempt's spending was real, failed ones included.
const addQuota = (units: number) => sql`${ingestionJobs.quotaUnits} + ${units}`;

/**
 * Marks a job running and says whether it should run at all: a job that already succeeded (a
 * redelivered message) is skipped, so the same message never changes anything twice; so is a
 * job row of another organisation than the message names (its state is not this message's).
 */
export async function startJob(
  db: Db,
  organizationId: string,
  jobId: string,
  attempts: number,
): Promise<boolean> {
  const started = await db
    .update(ingestionJobs)
    .set({
      status: "running",
      // Every start counts, whether the queue redelivered the message or a lease sweep did.
      attempts: sql`max(${ingestionJobs.attempts} + 1, ${attempts})`,
      startedAt: new Date(),
      leaseExpiresAt: leaseFrom(Date.now()),
      errorCode: null,
      errorMessage: null,
    })
    .where(
      and(
        eq(ingestionJobs.id, jobId),
        eq(ingestionJobs.organizationId, organizationId),
        ne(ingestionJobs.status, "succeeded"),
      ),
    )
    .returning({ id: ingestionJobs.id });
  return started.length > 0;
}

export async function finishJob(db: Db, jobId: string, outcome: JobOutcome, quotaUnits: number) {
  const progress = {
    processed: outcome.processed,
    ...(outcome.total !== undefined ? { total: outcome.total } : {}),
    ...(outcome.d1Statements !== undefined ? { d1Statements: outcome.d1Statements } : {}),
  };
  await db
    .update(ingestionJobs)
    .set({
      status: "succeeded",
      finishedAt: new Date(),
      quotaUnits: addQuota(quotaUnits),
      progress,
      // A succeeded job keeps no failure of an earlier attempt, only its own note if any.
      errorCode: null,
      errorMessage: outcome.note ?? null,
    })
    .where(eq(ingestionJobs.id, jobId));
}

export async function failJob(
  db: Db,
  jobId: string,
  code: string,
  message: string,
  quotaUnits = 0,
) {
  await db
    .update(ingestionJobs)
    .set({
      status: "failed",
      finishedAt: new Date(),
      errorCode: code,
      errorMessage: message,
      quotaUnits: addQuota(quotaUnits),
    })
    .where(eq(ingestionJobs.id, jobId));
}

/**
 * The dead-letter queue's verdict: the job failed for good. A job that succeeded meanwhile (a
 * duplicate delivery got through) keeps its success.
 */
export async function deadLetterJob(
  db: Db,
  organizationId: string,
  jobId: string,
  code: string,
  message: string,
) {
  const mine = and(eq(ingestionJobs.id, jobId), eq(ingestionJobs.organizationId, organizationId));
  const row = await db.query.ingestionJobs.findFirst({
    where: mine,
    columns: { errorMessage: true },
  });
  // Keep the last attempt's reason: "stopped after retries" alone would not say what went wrong.
  const errorMessage = row?.errorMessage ? `${message} Last error: ${row.errorMessage}` : message;
  await db
    .update(ingestionJobs)
    .set({ status: "failed", finishedAt: new Date(), errorCode: code, errorMessage })
    .where(and(mine, ne(ingestionJobs.status, "succeeded")));
}

/** A retry is coming: the job goes back to queued with the reason it failed this time. */
export async function requeueJob(
  db: Db,
  jobId: string,
  code: string,
  message: string,
  quotaUnits: number,
  retryDelaySeconds = 0,
) {
  await db
    .update(ingestionJobs)
    .set({
      status: "queued",
      leaseExpiresAt: leaseFrom(Date.now() + retryDelaySeconds * 1000),
      errorCode: code,
      errorMessage: message,
      quotaUnits: addQuota(quotaUnits),
    })
    .where(and(eq(ingestionJobs.id, jobId), ne(ingestionJobs.status, "succeeded")));
}
