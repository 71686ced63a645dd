import { jobMessageSchema } from "../../shared/schemas/jobs";
import { getDb } from "../db/client";
import { makeLogger } from "../lib/logger";
import { jobDatabase } from "./job-databases";
import { recordDeadLetter, runJob } from "./registry";
import { retryDelaySeconds } from "./retry-delay";

const DEAD_LETTER_SUFFIX = "-dlq";
/**
 * A message that ran out of retries only because its organisation was being moved goes back to
 * the jobs queue this much later, with a fresh retry budget: the move, not the job, was slow.
 */
export const MOVED_BACK_DELAY_SECONDS = 300;

export { retryDelaySeconds } from "./retry-delay";

/**
 * The queue consumer. Each message is handled on its own: a malformed or unknown message is
 * logged and acknowledged (retrying it can never succeed) without failing the rest of the batch;
 * a handler that throws is retried with backoff and, past max_retries, lands in the dead-letter
 * queue, whose consumer records it. Every message but the maintenance purge names its
 * organisation: the directory says which database its work (and its dead letter) goes to.
 */
export async function handleQueueBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const deadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  const primary = getDb(env);
  for (const message of batch.messages) {
    const log = makeLogger({
      queue: batch.queue,
      messageId: message.id,
      attempts: message.attempts,
    });
    const parsed = jobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      log.error("job: rejected malformed message", {
        issue: parsed.error.issues[0]?.message ?? "invalid",
      });
      message.ack();
      continue;
    }
    const job = parsed.data;
    try {
      const place =
        "organizationId" in job ? await jobDatabase(env, primary, job.organizationId) : null;
      if (place?.state === "gone") {
        log.info("job: organisation no longer exists, dropped", { type: job.type });
        message.ack();
        continue;
      }
      if (place?.state === "moving") {
        log.info("job: organisation is being moved, will retry", {
          type: job.type,
          from: place.binding,
          to: place.movingTo,
        });
        if (deadLetter) {
          await env.JOBS.send(job, { delaySeconds: MOVED_BACK_DELAY_SECONDS });
          message.ack();
        } else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        continue;
      }
      const db = place?.db ?? primary;
      if (deadLetter) {
        log.error("job: gave up after retries", { type: job.type });
        // The failure becomes visible to the organisation (Recent activity, the report, the run).
        await recordDeadLetter(job, db);
      } else await runJob(job, { env, log, attempts: message.attempts, db });
      message.ack();
    } catch (error) {
      log.warn("job: failed, will retry", { type: job.type, error: String(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
