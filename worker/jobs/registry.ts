import type { JobMessage, JobType } from "../../shared/schemas/jobs";
import { getDb } from "../db/client";
import { countingD1 } from "../db/counting";
import type { Logger } from "../lib/logger";
import { ingestSimplecastShow } from "../features/ingestion/simplecast-ingest";
import { ingestYouTubeChannel } from "../features/ingestion/youtube-ingest";
import { purgeExpired } from "./purge-expired";
import { runTracked } from "./tracked";
import type { JobOutcome } from "./job-state";
import { refreshShowTarget } from "../features/ingestion/targets";
import { snapshotYoungVideos } from "../features/ingestion/young-videos";

export type JobContext = { env: Env; log: Logger; attempts: number };

/** A database handle for one job that counts its D1 statements (reported with the outcome). */
function countedDb(env: Env) {
  const counter = countingD1(env.DB);
  return { db: getDb({ DB: counter.binding }), env: { ...env, DB: counter.binding }, statements: counter.count };
}

const measured = (env: Env, work: (env: Env, db: ReturnType<typeof getDb>) => Promise<JobOutcome>) => async () => {
  const c = countedDb(env);
  const outcome = await work(c.env, c.db);
  return { ...outcome, d1Statements: c.statements() };
};
type Handler<T extends JobType> = (message: Extract<JobMessage, { type: T }>, ctx: JobContext) => Promise<void>;

/** One handler per job type; the mapped type makes a missing handler a compile error. */
export const jobHandlers: { [T in JobType]: Handler<T> } = {
  "maintenance.purge-expired": purgeExpired,
  "ingest.channel": (m, ctx) => runTracked(m, ctx, measured(ctx.env, (env, db) => ingestYouTubeChannel(env, db, m.organizationId, { handle: m.handle }))),
  "refresh.channel": (m, ctx) => runTracked(m, ctx, measured(ctx.env, (env, db) => ingestYouTubeChannel(env, db, m.organizationId, { channelId: m.channelId }))),
  "ingest.shows": (m, ctx) =>
    runTracked(m, ctx, async () => {
      const total: JobOutcome = { processed: 0, total: 0, quotaUnits: 0 };
      for (const podcastId of m.podcastIds) {
        const one = await ingestSimplecastShow(ctx.env, getDb(ctx.env), m.organizationId, podcastId);
        total.processed += one.processed;
        total.total = (total.total ?? 0) + (one.total ?? 0);
      }
      return total;
    }),
  "refresh.show": (m, ctx) =>
    runTracked(m, ctx, async () => ingestSimplecastShow(ctx.env, getDb(ctx.env), m.organizationId, await refreshShowTarget(getDb(ctx.env), m.organizationId, m.showId))),
  "snapshot.young-videos": (m, ctx) => runTracked(m, ctx, () => snapshotYoungVideos(ctx.env, getDb(ctx.env), m.organizationId, m.channelId)),
};

export function runJob(message: JobMessage, ctx: JobContext): Promise<void> {
  const handler = jobHandlers[message.type] as Handler<typeof message.type>;
  return handler(message, ctx);
}
