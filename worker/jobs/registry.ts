import { integrationMessages } from "../../shared/messages-integrations";
import type { JobMessage, JobType, TrackedJobMessage } from "../../shared/schemas/jobs";
import { type Db, getDb } from "../db/client";
import { countingD1 } from "../db/counting";
import { ingestSimplecastShow } from "../features/ingestion/simplecast-ingest";
import { refreshShowTarget } from "../features/ingestion/targets";
import { snapshotYoungVideos } from "../features/ingestion/young-videos";
import { ingestYouTubeChannel } from "../features/ingestion/youtube-ingest";
import { runOwnerBackfill } from "../features/owner/backfill-job";
import { addOwnerDays } from "../features/owner/daily";
import { generateReport, markReportFailed } from "../features/reports/generate";
import { deadLetterRun, runSchedule } from "../features/reports/schedule-run";
import type { QuotaMeter } from "../providers/youtube/client";
import type { JobContext } from "./job-context";
import type { JobOutcome } from "./job-state";
import { deadLetterJob } from "./job-state";
import { purgeExpired } from "./purge-expired";
import { runTracked } from "./tracked";

/**
 * Runs a job's work against a handle over the organisation's content database that counts its D1
 * statements, reported with the outcome (the benchmark and Recent activity show them).
 */
const measured =
  (ctx: JobContext, work: (db: Db) => Promise<JobOutcome>) => async (): Promise<JobOutcome> => {
    const counter = countingD1(ctx.db.$client);
    const outcome = await work(getDb({ DB: counter.binding }));
    return { ...outcome, d1Statements: counter.count() };
  };

type Handler<T extends JobType> = (
  message: Extract<JobMessage, { type: T }>,
  ctx: JobContext,
) => Promise<void>;
const tracked =
  <T extends TrackedJobMessage["type"]>(
    work: (
      m: Extract<JobMessage, { type: T }>,
      env: Env,
      db: Db,
      meter: QuotaMeter,
    ) => Promise<JobOutcome>,
  ): Handler<T> =>
  (m, ctx) =>
    runTracked(m, ctx, (meter) => measured(ctx, (db) => work(m, ctx.env, db, meter))());

/** One handler per job type; the mapped type makes a missing handler a compile error. */
export const jobHandlers: { [T in JobType]: Handler<T> } = {
  "maintenance.purge-expired": purgeExpired,
  "ingest.channel": tracked((m, env, db, meter) =>
    ingestYouTubeChannel(env, db, m.organizationId, { handle: m.handle }, { meter }),
  ),
  "refresh.channel": (m, ctx) =>
    tracked<"refresh.channel">(async (m, env, db, meter) => {
      const outcome = await ingestYouTubeChannel(
        env,
        db,
        m.organizationId,
        { channelId: m.channelId },
        { meter },
      );
      // An owner-connected channel also gets the days YouTube Analytics closed since. Its failure
      // leaves the public refresh done: the next refresh catches the days up.
      await addOwnerDays(env, db, m.channelId, ctx.log).catch((error: unknown) =>
        ctx.log.warn("owner refresh: failed", { channelId: m.channelId, error: String(error) }),
      );
      return outcome;
    })(m, ctx),
  "ingest.shows": tracked(async (m, env, db) => {
    const total: JobOutcome = { processed: 0, total: 0 };
    // One podcast after another: each is complete (totals written last) before the next starts.
    for (const podcastId of m.podcastIds) {
      const one = await ingestSimplecastShow(env, db, m.organizationId, podcastId);
      total.processed += one.processed;
      total.total = (total.total ?? 0) + (one.total ?? 0);
    }
    return total;
  }),
  "refresh.show": tracked(async (m, env, db) =>
    ingestSimplecastShow(
      env,
      db,
      m.organizationId,
      await refreshShowTarget(db, m.organizationId, m.showId),
    ),
  ),
  "snapshot.young-videos": tracked((m, env, db, meter) =>
    snapshotYoungVideos(env, db, m.organizationId, m.channelId, { meter }),
  ),
  "owner.backfill": runOwnerBackfill,
  "report.generate": (m, ctx) => generateReport(ctx.env, ctx.db, m.organizationId, m.reportId),
  "report.schedule-run": (m, ctx) =>
    runSchedule(ctx.env, ctx.db, m.organizationId, m.runId, m.deferrals ?? 0),
};

type DeadLetter<T extends JobType> = (
  message: Extract<JobMessage, { type: T }>,
  db: Db,
) => Promise<unknown>;
const trackedDeadLetter = (m: TrackedJobMessage, db: Db) =>
  deadLetterJob(
    db,
    m.organizationId,
    m.jobId,
    "retries_exhausted",
    integrationMessages.retriesExhausted,
  );

/**
 * What a message that ran out of retries leaves visible to the organisation, per job type (the
 * mapped type makes a missing entry a compile error): ingestion jobs show as failed in Recent
 * activity, a report as failed, a schedule run as failed; the maintenance purge has nothing to show.
 */
export const deadLetterHandlers: { [T in JobType]: DeadLetter<T> } = {
  "maintenance.purge-expired": async () => undefined,
  "ingest.channel": trackedDeadLetter,
  "refresh.channel": trackedDeadLetter,
  "ingest.shows": trackedDeadLetter,
  "refresh.show": trackedDeadLetter,
  "snapshot.young-videos": trackedDeadLetter,
  "owner.backfill": trackedDeadLetter,
  "report.generate": (m, db) => markReportFailed(db, m.organizationId, m.reportId),
  "report.schedule-run": (m, db) => deadLetterRun(db, m.organizationId, m.runId),
};

export function recordDeadLetter(message: JobMessage, db: Db): Promise<unknown> {
  const handler = deadLetterHandlers[message.type] as DeadLetter<typeof message.type>;
  return handler(message, db);
}

export function runJob(message: JobMessage, ctx: JobContext): Promise<void> {
  const handler = jobHandlers[message.type] as Handler<typeof message.type>;
  return handler(message, ctx);
}
