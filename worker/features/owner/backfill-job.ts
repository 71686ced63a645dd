import { eq } from "drizzle-orm";
import { integrationMessages } from "../../../shared/messages-integrations";
import type { JobMessage } from "../../../shared/schemas/jobs";
import { ingestionJobs } from "../../db/schema";
import type { JobContext } from "../../jobs/job-context";
import {
  failJob,
  finishJob,
  leaseFrom,
  PermanentJobError,
  requeueJob,
  startJob,
} from "../../jobs/job-state";
import { retryDelaySeconds } from "../../jobs/retry-delay";
import { shownFailure } from "../../jobs/tracked";
import { backfillStep } from "./backfill";

type BackfillMessage = Extract<JobMessage, { type: "owner.backfill" }>;

/**
 * Runs one message of an owner backfill with its state recorded in ingestion_jobs (Recent
 * activity): succeeded when every video is in; queued again with its progress while videos
 * remain (the message sends itself again); on YouTube's daily quota, queued until after the
 * quota resets (midnight Pacific), progress kept; on anything retryable, the queue retries with
 * backoff (what was written stays written: each video is one transaction).
 */
export async function runOwnerBackfill(message: BackfillMessage, ctx: JobContext): Promise<void> {
  const db = ctx.db;
  if (!(await startJob(db, message.organizationId, message.jobId, ctx.attempts))) return;
  const meter = { requests: 0 };
  try {
    const step = await backfillStep(ctx.env, db, message, meter);
    ctx.log.info("owner backfill: step", { jobId: message.jobId, ...step, ...meter });
    if (step.state === "done") {
      await finishJob(db, message.jobId, { processed: step.processed, total: step.total }, 0);
      return;
    }
    const progress = { processed: step.processed, total: step.total };
    if (step.state === "continue") {
      await db
        .update(ingestionJobs)
        .set({ status: "queued", progress, leaseExpiresAt: leaseFrom(Date.now()) })
        .where(eq(ingestionJobs.id, message.jobId));
      await ctx.env.JOBS.send(message);
      return;
    }
    await requeueJob(
      db,
      message.jobId,
      "quota_exceeded",
      `${integrationMessages.quotaExceeded} The history carries on after the quota resets.`,
      0,
      step.delaySeconds,
    );
    await db.update(ingestionJobs).set({ progress }).where(eq(ingestionJobs.id, message.jobId));
    await ctx.env.JOBS.send(message, { delaySeconds: step.delaySeconds });
  } catch (error) {
    if (error instanceof PermanentJobError) {
      await failJob(db, message.jobId, error.code, error.message);
      return;
    }
    const shown = shownFailure(error);
    await requeueJob(
      db,
      message.jobId,
      shown.code,
      shown.message,
      0,
      retryDelaySeconds(ctx.attempts),
    );
    throw error;
  }
}
