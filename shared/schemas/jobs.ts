import { z } from "zod";

/*
 * Every message on the `jobs` queue. Features add their job types here; the consumer
 * (worker/jobs/queue.ts) parses each message with this schema and dispatches by `type`.
 * Ingestion jobs carry the id of their ingestion_jobs row, where their state is recorded.
 */
const tracked = { organizationId: z.string().uuid(), jobId: z.string().uuid() };

export const jobMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("maintenance.purge-expired"),
    /** ISO time the cron slot started; makes the job idempotent per slot. */
    slot: z.string(),
  }),
  z.object({ type: z.literal("ingest.channel"), ...tracked, handle: z.string().min(2).max(100) }),
  z.object({ type: z.literal("refresh.channel"), ...tracked, channelId: z.string().uuid() }),
  z.object({
    type: z.literal("ingest.shows"),
    ...tracked,
    podcastIds: z.array(z.string().min(1).max(100)).min(1).max(50),
  }),
  z.object({ type: z.literal("refresh.show"), ...tracked, showId: z.string().uuid() }),
  z.object({ type: z.literal("snapshot.young-videos"), ...tracked, channelId: z.string().uuid() }),
  // A channel owner's exact history, up to and including `through` (YYYY-MM-DD, UTC).
  z.object({
    type: z.literal("owner.backfill"),
    ...tracked,
    channelId: z.string().uuid(),
    through: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  // Reports keep their state on their own rows (reports, schedule_runs), not in ingestion_jobs.
  z.object({
    type: z.literal("report.generate"),
    organizationId: z.string().uuid(),
    reportId: z.string().uuid(),
  }),
  z.object({
    type: z.literal("report.schedule-run"),
    organizationId: z.string().uuid(),
    runId: z.string().uuid(),
    /** Times the run was sent back for Google's request quota (rate-limit-deferral.ts). */
    deferrals: z.number().int().min(0).max(10_000).optional(),
  }),
]);
export type JobMessage = z.infer<typeof jobMessageSchema>;
export type JobType = JobMessage["type"];
export type TrackedJobMessage = Extract<JobMessage, { jobId: string }>;
