import type { TrackedJobMessage } from "../../shared/schemas/jobs";
import { ProviderError } from "../providers/http";
import type { QuotaMeter } from "../providers/youtube/client";
import type { JobContext } from "./job-context";
import {
  failJob,
  finishJob,
  type JobOutcome,
  PermanentJobError,
  requeueJob,
  startJob,
} from "./job-state";
import { retryDelaySeconds } from "./retry-delay";

/**
 * What a retried job's failure tells the organisation: provider messages are ours (the spec's
 * words); anything else is not shown.
 */
export const shownFailure = (error: unknown) =>
  error instanceof ProviderError
    ? { code: error.kind, message: error.message }
    : { code: "internal", message: "The job failed unexpectedly and will be retried." };

/**
 * Runs an ingestion job with its state recorded: skipped if it already succeeded (redelivery),
 * failed for good on a permanent error (no retry), requeued with the reason and rethrown (so the
 * queue retries with backoff) on anything else. The quota the attempt spent is added to the job
 * whatever the outcome.
 */
export async function runTracked(
  message: TrackedJobMessage,
  ctx: JobContext,
  work: (meter: QuotaMeter) => Promise<JobOutcome>,
): Promise<void> {
  const db = ctx.db;
  if (!(await startJob(db, message.organizationId, message.jobId, ctx.attempts))) {
    ctx.log.info("job: already done (or not this organisation's), skipping", {
      jobId: message.jobId,
      type: message.type,
    });
    return;
  }
  const meter: QuotaMeter = { quotaUnits: 0 };
  try {
    const outcome = await work(meter);
    await finishJob(db, message.jobId, outcome, meter.quotaUnits);
    ctx.log.info("job: succeeded", {
      jobId: message.jobId,
      type: message.type,
      quotaUnits: meter.quotaUnits,
      ...outcome,
    });
  } catch (error) {
    if (error instanceof PermanentJobError) {
      await failJob(db, message.jobId, error.code, error.message, meter.quotaUnits);
      ctx.log.warn("job: failed permanently", {
        jobId: message.jobId,
        type: message.type,
        code: error.code,
      });
      return;
    }
    const shown = shownFailure(error);
    await requeueJob(
      db,
      message.jobId,
      shown.code,
      shown.message,
      meter.quotaUnits,
      retryDelaySeconds(ctx.attempts),
    );
    throw error;
  }
}
