import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { type JobMessage, jobMessageSchema } from "../../../shared/schemas/jobs";
import { schema } from "../../../worker/db/client";
import worker from "../../../worker/index";
import { db } from "./factories";

/** The queue message an ingestion_jobs row was enqueued with. */
export async function messageFor(jobId: string) {
  const [row] = await db()
    .select()
    .from(schema.ingestionJobs)
    .where(eq(schema.ingestionJobs.id, jobId));
  return jobMessageSchema.parse({
    type: row!.kind,
    ...row!.target,
    organizationId: row!.organizationId,
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

export async function jobRow(jobId: string) {
  return (
    await db().select().from(schema.ingestionJobs).where(eq(schema.ingestionJobs.id, jobId))
  )[0]!;
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
