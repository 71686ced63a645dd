import type { TrackedJobMessage } from "../../shared/schemas/jobs";
import { getDb } from "../db/client";
import { failJob, finishJob, PermanentJobError, requeueJob, startJob, type JobOutcome } from "./job-state";
import type { JobContext } from "./registry";

/**
 * Runs an ingestion job with its state recorded: skipped if it already succeeded (redelivery),
 * failed for good on a permanent error (no retry), requeued with the reason and rethrown (so the
 * queue retries with backoff) on anything else.
 */
export async function runTracked(message: TrackedJobMessage, ctx: JobContext, work: () => Promise<JobOutcome>): Promise<void> {
  const db = getDb(ctx.env);
  if (!(await startJob(db, message.jobId, ctx.attempts))) {
    ctx.log.info("job: already done, skipping redelivery", { jobId: message.jobId, type: message.type });
    return;
  }
  try {
    const outcome = await work();
    await finishJob(db, message.jobId, outcome);
    ctx.log.info("job: succeeded", { jobId: message.jobId, type: message.type, ...outcome });
  } catch (error) {
    if (error instanceof PermanentJobError) {
      await failJob(db, message.jobId, error.code, error.message);
      ctx.log.warn("job: failed permanently", { jobId: message.jobId, type: message.type, code: error.code });
      return;
    }
    await requeueJob(db, message.jobId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}
