import { and, inArray, isNotNull, lt, or } from "drizzle-orm";
import { getDb } from "../db/client";
import { authAttempts, authTokens, ingestionJobs, sessions } from "../db/schema";

/** A table whose rows expire. Returns how many rows it deleted. */
export type PurgeTarget = { name: string; purge: (env: Env, now: number) => Promise<number> };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every expiring table, run by the hourly maintenance job. Listed here (not registered by the
 * features as a side effect of importing them) so the job purges the same tables whatever the
 * entry point loaded. Other features may still append theirs.
 */
export const purgeTargets: PurgeTarget[] = [
  {
    // Expired refresh tokens, and families revoked more than a day ago (a replayed token of a
    // deleted family is refused as unknown, which is just as final).
    name: "sessions",
    purge: async (env, now) =>
      (
        await getDb(env)
          .delete(sessions)
          .where(
            or(
              lt(sessions.expiresAt, new Date(now)),
              and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, new Date(now - DAY_MS))),
            ),
          )
          .returning({ id: sessions.id })
      ).length,
  },
  {
    // Confirmation, recovery and invitation links live 24 hours; used ones are dead already.
    name: "auth_tokens",
    purge: async (env, now) =>
      (
        await getDb(env)
          .delete(authTokens)
          .where(lt(authTokens.expiresAt, new Date(now)))
          .returning({ id: authTokens.id })
      ).length,
  },
  {
    // Rate-limit windows are at most an hour; a day of history is plenty.
    name: "auth_attempts",
    purge: async (env, now) =>
      (
        await getDb(env)
          .delete(authAttempts)
          .where(lt(authAttempts.createdAt, new Date(now - DAY_MS)))
          .returning({ id: authAttempts.id })
      ).length,
  },
  {
    // Finished ingestion jobs (Recent activity shows the latest few) are kept 30 days: hourly
    // young-video snapshots alone add one row per channel per hour.
    name: "ingestion_jobs",
    purge: async (env, now) =>
      (
        await getDb(env)
          .delete(ingestionJobs)
          .where(
            and(
              inArray(ingestionJobs.status, ["succeeded", "failed"]),
              lt(ingestionJobs.createdAt, new Date(now - 30 * DAY_MS)),
            ),
          )
          .returning({ id: ingestionJobs.id })
      ).length,
  },
];
