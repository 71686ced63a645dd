import { eq } from "drizzle-orm";
import { ApiError } from "../errors";
import { contentD1, contentDb, PRIMARY_BINDING } from "../lib/content-databases";
import type { Db } from "./client";
import { organizationDatabases } from "./schema";

/*
 * The directory (organization_databases, primary database) says which database holds each
 * organisation's content (docs/content-databases.md). Requests read it joined to the access check
 * (worker/features/auth/sessions.ts); this module holds what the request path and the few routes
 * outside /api/orgs/:orgId (OAuth callbacks, development seeding) need around that answer.
 */

/** An organisation's entry: where its content is, and where it is going while a move runs. */
export type ContentPlacement = { binding: string; movingTo: string | null };

/**
 * An organisation without a directory row is read as one created before the split, whose content
 * is in the primary database: migration 0010 gave every existing organisation that row, and every
 * creation path writes one, so this only keeps a row written by hand from breaking its requests.
 */
export const placementOrDefault = (
  binding: string | null | undefined,
  movingTo: string | null | undefined,
): ContentPlacement => ({ binding: binding ?? PRIMARY_BINDING, movingTo: movingTo ?? null });

export const ORGANIZATION_MOVING_MESSAGE =
  "This organisation is being moved; try again in a few minutes.";

/** A move is a short freeze: the organisation's requests are refused until it ends (503). */
export const organizationMoving = () =>
  new ApiError("UNAVAILABLE", ORGANIZATION_MOVING_MESSAGE, { reason: "organization_moving" });

/*
 * The last binding seen per organisation in this isolate. A table page reads on the remembered
 * database in parallel with the access check and keeps the rows only when the check's directory
 * answer names the same database (worker/features/auth/middleware.ts, readInOrg), so a stale
 * entry costs a second round trip, never a wrong answer. Bounded: the oldest entry goes first.
 */
const REMEMBERED_LIMIT = 10_000;
const remembered = new Map<string, string>();

export const rememberedBinding = (organizationId: string) => remembered.get(organizationId);

export function rememberBinding(organizationId: string, binding: string) {
  remembered.delete(organizationId);
  if (remembered.size >= REMEMBERED_LIMIT) {
    const oldest = remembered.keys().next();
    if (!oldest.done) remembered.delete(oldest.value);
  }
  remembered.set(organizationId, binding);
}

/**
 * The handle over a database named by the directory. The primary database's content is read with
 * the primary handle itself, so a caller can tell "content is in the primary" by identity.
 */
export const handleFor = (env: Env, primary: Db, binding: string): Db =>
  binding === PRIMARY_BINDING ? primary : contentDb(env, binding);

/** An organisation's directory entry (one statement on the primary database); null: no such organisation. */
export async function placementOf(
  primary: Db,
  organizationId: string,
): Promise<ContentPlacement | null> {
  const [row] = await primary
    .select({ binding: organizationDatabases.binding, movingTo: organizationDatabases.movingTo })
    .from(organizationDatabases)
    .where(eq(organizationDatabases.organizationId, organizationId))
    .limit(1);
  return row ? placementOrDefault(row.binding, row.movingTo) : null;
}

/**
 * The content handle of an organisation for the routes outside /api/orgs/:orgId that act on one
 * (the OAuth callbacks, development seeding); they check the caller's membership themselves.
 * Refuses (503) while the organisation is being moved.
 */
export async function organizationContent(
  env: Env,
  primary: Db,
  organizationId: string,
): Promise<{ binding: string; db: Db; d1: D1Database }> {
  const placement = (await placementOf(primary, organizationId)) ?? placementOrDefault(null, null);
  if (placement.movingTo) throw organizationMoving();
  rememberBinding(organizationId, placement.binding);
  const { binding } = placement;
  return { binding, db: handleFor(env, primary, binding), d1: contentD1(env, binding) };
}
