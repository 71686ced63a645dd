import { and, inArray, isNotNull, lt, notInArray, or } from "drizzle-orm";
import { IDS_PER_STATEMENT } from "../db/batch";
import { getDb } from "../db/client";
import {
  authAttempts,
  authTokens,
  ingestionJobs,
  organizationDatabases,
  sessions,
} from "../db/schema";
import { contentBindings, contentDb } from "../lib/content-databases";

/** A table whose rows expire. Returns how many rows it deleted. */
export type PurgeTarget = { name: string; purge: (env: Env, now: number) => Promise<number> };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every expiring table, run by the hourly maintenance job. Accounts' tables are in the primary
 * database (`getDb(env)`); a content table's target purges every content database itself. Listed here (not registered by the
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
    // young-video snapshots alone add one row per channel per hour. They are content, so every
    // content database is purged (docs/content-databases.md), except the rows of organisations
    // being moved: a move copies and then compares an organisation's rows, which must hold still.
    name: "ingestion_jobs",
    purge: async (env, now) => {
      const moving = (
        await getDb(env)
          .select({ id: organizationDatabases.organizationId })
          .from(organizationDatabases)
          .where(isNotNull(organizationDatabases.movingTo))
      ).map((row) => row.id);
      // More moves at once than one statement can name: this hour's purge waits for them.
      if (moving.length > IDS_PER_STATEMENT) return 0;
      let deleted = 0;
      for (const binding of contentBindings(env)) {
        const gone = await contentDb(env, binding)
          .delete(ingestionJobs)
          .where(
            and(
              inArray(ingestionJobs.status, ["succeeded", "failed"]),
              lt(ingestionJobs.createdAt, new Date(now - 30 * DAY_MS)),
              moving.length > 0 ? notInArray(ingestionJobs.organizationId, moving) : undefined,
            ),
          )
          .returning({ id: ingestionJobs.id });
        deleted += gone.length;
      }
      return deleted;
    },
  },
];
