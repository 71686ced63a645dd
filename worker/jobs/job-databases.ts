import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { organizationDatabases, organizations } from "../db/schema";
import { contentBindings, contentDb, PRIMARY_BINDING } from "../lib/content-databases";

/*
 * Where background work runs (docs/content-databases.md, "Placement, cron and queues"). The
 * directory (organization_databases, primary database) names each organisation's content
 * database; jobs read it once per message, cron once per run. An organisation without a directory
 * row is one created before the split: its content is in the primary database.
 */

/** Where one organisation's job runs, or why it does not run now. */
export type JobDatabase =
  | { state: "ready"; binding: string; db: Db }
  /** Its content is being copied to another database: the job waits (retried later). */
  | { state: "moving"; binding: string; movingTo: string }
  /** No such organisation any more (deleted): there is nothing to do. */
  | { state: "gone" };

/** One statement on the primary database: the organisation and its directory entry. */
export async function jobDatabase(
  env: Env,
  primary: Db,
  organizationId: string,
): Promise<JobDatabase> {
  const [row] = await primary
    .select({ binding: organizationDatabases.binding, movingTo: organizationDatabases.movingTo })
    .from(organizations)
    .leftJoin(organizationDatabases, eq(organizationDatabases.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) return { state: "gone" };
  const binding = row.binding ?? PRIMARY_BINDING;
  if (row.movingTo) return { state: "moving", binding, movingTo: row.movingTo };
  return { state: "ready", binding, db: contentDb(env, binding) };
}

/** One content database as cron sees it: its handle and the organisations whose work it holds. */
export type CronDatabase = { binding: string; db: Db; owns: (organizationId: string) => boolean };

/**
 * Every database that may hold content, each with the organisations it holds and that are not
 * being moved (one read of the directory for all of them). A database can also hold rows of an
 * organisation it no longer owns: the partial copy of a move under way, or the old copy of a
 * finished move until the script deletes it. Cron leaves those alone, so nothing is refreshed,
 * run or resumed twice, or in the wrong place.
 */
export async function cronDatabases(env: Env, primary: Db): Promise<CronDatabase[]> {
  const rows = await primary
    .select({
      id: organizations.id,
      binding: sql<string>`coalesce(${organizationDatabases.binding}, ${PRIMARY_BINDING})`,
      movingTo: organizationDatabases.movingTo,
    })
    .from(organizations)
    .leftJoin(organizationDatabases, eq(organizationDatabases.organizationId, organizations.id));
  const owned = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.movingTo) continue;
    const set = owned.get(row.binding) ?? new Set<string>();
    set.add(row.id);
    owned.set(row.binding, set);
  }
  return contentBindings(env).map((binding) => {
    const mine = owned.get(binding) ?? new Set<string>();
    return { binding, db: contentDb(env, binding), owns: (id: string) => mine.has(id) };
  });
}
