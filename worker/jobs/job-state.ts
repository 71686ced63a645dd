import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { ingestionJobs } from "../db/schema";

/** A failure that retrying cannot fix (bad key, unknown channel): recorded and not retried. */
export class PermanentJobError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export type JobOutcome = { processed: number; total?: number; quotaUnits: number; d1Statements?: number };

/**
 * Marks a job running and says whether it should run at all: a job that already succeeded (a
 * redelivered message) is skipped, so the same message never changes anything twice.
 */
export async function startJob(db: Db, jobId: string, attempts: number): Promise<boolean> {
  const started = await db
    .update(ingestionJobs)
    .set({ status: "running", attempts, startedAt: new Date(), errorCode: null, errorMessage: null })
    .where(and(eq(ingestionJobs.id, jobId), ne(ingestionJobs.status, "succeeded")))
    .returning({ id: ingestionJobs.id });
  return started.length > 0;
}

export async function finishJob(db: Db, jobId: string, outcome: JobOutcome) {
  await db
    .update(ingestionJobs)
    .set({ status: "succeeded", finishedAt: new Date(), quotaUnits: outcome.quotaUnits, progress: { processed: outcome.processed, ...(outcome.total !== undefined ? { total: outcome.total } : {}), ...(outcome.d1Statements !== undefined ? { d1Statements: outcome.d1Statements } : {}) } })
    .where(eq(ingestionJobs.id, jobId));
}

export async function failJob(db: Db, jobId: string, code: string, message: string, quotaUnits = 0) {
  await db.update(ingestionJobs).set({ status: "failed", finishedAt: new Date(), errorCode: code, errorMessage: message, quotaUnits }).where(eq(ingestionJobs.id, jobId));
}

/** A retry is coming: the job goes back to queued with the reason it failed this time. */
export async function requeueJob(db: Db, jobId: string, message: string) {
  await db.update(ingestionJobs).set({ status: "queued", errorMessage: message }).where(and(eq(ingestionJobs.id, jobId), ne(ingestionJobs.status, "succeeded")));
}
