import { jobMessageSchema } from "../../shared/schemas/jobs";
import { getDb } from "../db/client";
import { makeLogger } from "../lib/logger";
import { recordDeadLetter, runJob } from "./registry";
import { retryDelaySeconds } from "./retry-delay";

const DEAD_LETTER_SUFFIX = "-dlq";

export { retryDelaySeconds } from "./retry-delay";

/**
 * The queue consumer. Each message is handled on its own: a malformed or unknown message is
 * logged and acknowledged (retrying it can never succeed) without failing the rest of the batch;
 * a handler that throws is retried with backoff and, past max_retries, lands in the dead-letter
 * queue, whose consumer records it.
 */
export async function handleQueueBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const deadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
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
    if (deadLetter) {
      log.error("job: gave up after retries", { type: parsed.data.type });
      // The failure becomes visible to the organisation (Recent activity, the report, the run).
      await recordDeadLetter(parsed.data, getDb(env));
      message.ack();
      continue;
    }
    try {
      await runJob(parsed.data, { env, log, attempts: message.attempts });
      message.ack();
    } catch (error) {
      log.warn("job: failed, will retry", { type: parsed.data.type, error: String(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
