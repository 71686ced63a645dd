import { z } from "zod";

/*
 * Every message on the `jobs` queue. Features add their job types here; the consumer
 * (worker/jobs/queue.ts) parses each message with this schema and dispatches by `type`.
 */
export const jobMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("maintenance.purge-expired"),
    /** ISO time the cron slot started; makes the job idempotent per slot. */
    slot: z.string(),
  }),
]);
export type JobMessage = z.infer<typeof jobMessageSchema>;
export type JobType = JobMessage["type"];
