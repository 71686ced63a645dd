import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { JobView } from "../../../shared/schemas/ingestion";
import type { TrackedJobMessage } from "../../../shared/schemas/jobs";
import type { Db } from "../../db/client";
import { ingestionJobs } from "../../db/schema";
import { ApiError } from "../../errors";
import { leaseFrom } from "../../jobs/job-state";

type NewJob = {
  [K in TrackedJobMessage["type"]]: Omit<
    Extract<TrackedJobMessage, { type: K }>,
    "jobId" | "organizationId"
  >;
}[TrackedJobMessage["type"]];

/** Records a job (so the UI can follow it) and puts it on the queue; returns its id. */
export async function enqueueJob(
  env: Env,
  db: Db,
  organizationId: string,
  userId: string | null,
  job: NewJob,
  dedupeKey?: string,
): Promise<string | null> {
  const { type, ...target } = job;
  const inserted = await db
    .insert(ingestionJobs)
    .values({
      organizationId,
      kind: type,
      target,
      createdByUserId: userId,
      dedupeKey: dedupeKey ?? null,
      leaseExpiresAt: leaseFrom(Date.now()),
    })
    .onConflictDoNothing()
    .returning({ id: ingestionJobs.id });
  const id = inserted[0]?.id;
  if (!id) return null; // this dedupe key was enqueued already (cron firing twice)
  const message = { ...job, organizationId, jobId: id } as TrackedJobMessage;
  await env.JOBS.send(message);
  return id;
}

const view = (row: typeof ingestionJobs.$inferSelect): JobView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  target: row.target,
  errorCode: row.errorCode,
  errorMessage: row.errorMessage,
  quotaUnits: row.quotaUnits,
  processed: row.progress?.processed ?? null,
  total: row.progress?.total ?? null,
  d1Statements: row.progress?.d1Statements ?? null,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function getJob(db: Db, organizationId: string, jobId: string): Promise<JobView> {
  const row = await db.query.ingestionJobs.findFirst({
    where: and(eq(ingestionJobs.id, jobId), eq(ingestionJobs.organizationId, organizationId)),
  });
  if (!row) throw new ApiError("NOT_FOUND", "Job not found");
  return view(row);
}

export async function recentJobs(
  db: Db,
  organizationId: string,
  limit: number,
): Promise<JobView[]> {
  const rows = await db
    .select()
    .from(ingestionJobs)
    .where(eq(ingestionJobs.organizationId, organizationId))
    .orderBy(desc(ingestionJobs.createdAt))
    .limit(limit);
  return rows.map(view);
}

/**
 * The channels and shows (our ids) that already have a live job (queued or running, lease not
 * expired), across every organisation or within one: neither cron nor the Refresh button adds a
 * second job beside it. A job whose lease expired lost its process and blocks nothing.
 */
export async function inFlightTargets(
  db: Db,
  nowMs: number,
  organizationId?: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ target: ingestionJobs.target })
    .from(ingestionJobs)
    .where(
      and(
        organizationId ? eq(ingestionJobs.organizationId, organizationId) : undefined,
        inArray(ingestionJobs.status, ["queued", "running"]),
        gt(ingestionJobs.leaseExpiresAt, new Date(nowMs)),
      ),
    );
  const busy = new Set<string>();
  for (const { target } of rows)
    for (const key of ["channelId", "showId"])
      if (typeof target[key] === "string") busy.add(target[key]);
  return busy;
}
