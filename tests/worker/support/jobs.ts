import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { type JobMessage, jobMessageSchema } from "../../../shared/schemas/jobs";
import { schema } from "../../../worker/db/client";
import worker from "../../../worker/index";
import { CONTENT_BINDINGS, contentHandle } from "./factories";

/**
 * A job's ingestion_jobs row, wherever its organisation's content is: the primary database or a
 * content database (docs/content-databases.md). Job ids are UUIDs, so at most one database has it.
 */
export async function jobRow(jobId: string) {
  for (const binding of CONTENT_BINDINGS) {
    const [row] = await contentHandle(binding)
      .select()
      .from(schema.ingestionJobs)
      .where(eq(schema.ingestionJobs.id, jobId));
    if (row) return row;
  }
  throw new Error(`no ingestion job ${jobId} in any database`);
}

/** The queue message an ingestion_jobs row was enqueued with. */
export async function messageFor(jobId: string) {
  const row = await jobRow(jobId);
  return jobMessageSchema.parse({
    type: row.kind,
    ...row.target,
    organizationId: row.organizationId,
    jobId,
  });
}

/** Delivers messages to the real consumer, as the queue would, and returns what it acked/retried. */
export async function deliver(
  bodies: unknown[],
  attempts = 1,
  queue = "crosscast-jobs",
  bindings: Env = env,
) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, i) => ({
      id: `m${i}-${crypto.randomUUID().slice(0, 6)}`,
      timestamp: new Date(),
      attempts,
      body,
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings, ctx);
  return getQueueResult(batch, ctx);
}

/** A JOBS producer that records every message it is given, then hands it to the real queue. */
export function recordingQueue() {
  const sent: JobMessage[] = [];
  const queue = {
    send: async (body: unknown, options?: QueueSendOptions) => {
      sent.push(jobMessageSchema.parse(body));
      return env.JOBS.send(body, options);
    },
    sendBatch: async (messages: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) => {
      const list = [...messages];
      for (const m of list) sent.push(jobMessageSchema.parse(m.body));
      return env.JOBS.sendBatch(list, options);
    },
  } as unknown as Queue;
  return { sent, queue };
}
