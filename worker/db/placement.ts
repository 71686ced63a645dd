import { count, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { contentDb, PRIMARY_BINDING, placementBindings } from "../lib/content-databases";
import { CAPACITY_ALERT_SHARE, D1_DATABASE_LIMIT_BYTES } from "../lib/database-capacity";
import type { Logger } from "../lib/logger";
import type { Db } from "./client";
import { contentDatabaseSizes, organizationDatabases, organizations } from "./schema";

/*
 * Where a new organisation's content goes (docs/content-databases.md, "Placement"), and the rows
 * that create an organisation: its row and directory entry in the primary database, and the stub
 * row in its content database that its content cascades from.
 */

/** What placement weighs per content database. */
export type DatabaseLoad = { binding: string; bytes: number; organizations: number };

const FULL_BYTES = CAPACITY_ALERT_SHARE * D1_DATABASE_LIMIT_BYTES;

/**
 * The least-used database: fewest bytes (as last measured), then fewest organisations, then the
 * order given. A database at 80% of D1's 10 GB or more takes no new organisation while another
 * has room; when none has, the least-used one still does (refusing a sign-up helps nobody) and
 * `full` says so, for the log line that asks for another database.
 */
export function leastUsed(loads: DatabaseLoad[]): { binding: string; full: boolean } | null {
  const ranked = loads
    .map((load, order) => ({ ...load, order }))
    .sort((a, b) => a.bytes - b.bytes || a.organizations - b.organizations || a.order - b.order);
  const open = ranked.find((load) => load.bytes < FULL_BYTES);
  if (open) return { binding: open.binding, full: false };
  const fallback = ranked[0];
  return fallback ? { binding: fallback.binding, full: true } : null;
}

/** Each content database's load: its measured size (none yet: 0) and its organisations. */
export async function contentDatabaseLoads(env: Env, primary: Db): Promise<DatabaseLoad[]> {
  const [sizes, counts] = await primary.batch([
    primary.select().from(contentDatabaseSizes),
    primary
      .select({ binding: organizationDatabases.binding, organizations: count() })
      .from(organizationDatabases)
      .groupBy(organizationDatabases.binding),
  ]);
  const bytes = new Map(sizes.map((row) => [row.binding, row.bytes]));
  const orgs = new Map(counts.map((row) => [row.binding, row.organizations]));
  return placementBindings(env).map((binding) => ({
    binding,
    bytes: bytes.get(binding) ?? 0,
    organizations: orgs.get(binding) ?? 0,
  }));
}

/**
 * The database a new organisation goes to: the least-used content database, or the primary one
 * when CONTENT_DATABASES lists none.
 */
export async function placeNewOrganization(env: Env, primary: Db, log: Logger): Promise<string> {
  const choice = leastUsed(await contentDatabaseLoads(env, primary));
  if (!choice) return PRIMARY_BINDING;
  if (choice.full)
    log.error("content_databases_full", {
      binding: choice.binding,
      advice: "every content database is 80% full or more: add one (docs/operations.md)",
    });
  return choice.binding;
}

type NewOrganization = { id: string; name: string };

/**
 * Creates an organisation: placed (or in `chosen`, a content database the caller has checked),
 * its stub written in its content database first, then its row
 * and directory entry in one primary batch with `alongside` (its users and memberships), so the
 * organisation appears with everything it needs or not at all. A failed batch removes the stub
 * (a stub no directory entry names is harmless, so a failed removal is only logged).
 */
export async function createOrganization(
  env: Env,
  primary: Db,
  log: Logger,
  organization: NewOrganization,
  alongside: BatchItem<"sqlite">[],
  chosen?: string,
): Promise<string> {
  const binding = chosen ?? (await placeNewOrganization(env, primary, log));
  const content = binding === PRIMARY_BINDING ? null : contentDb(env, binding);
  if (content) await content.insert(organizations).values(organization);
  try {
    await primary.batch([
      primary.insert(organizations).values(organization),
      primary.insert(organizationDatabases).values({ organizationId: organization.id, binding }),
      ...alongside,
    ]);
  } catch (error) {
    await content
      ?.delete(organizations)
      .where(eq(organizations.id, organization.id))
      .catch((cleanup: unknown) =>
        log.warn("organization stub left behind", { binding, cleanup: String(cleanup) }),
      );
    throw error;
  }
  return binding;
}
