import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { organizations, userOrganizations } from "../../db/schema";

/*
 * The organisation routes' writes. Every function takes the organisation first and touches only
 * its rows; the routes authorise (orgScope, requireAdmin) before calling.
 */

type OrganizationChange = Partial<
  Pick<typeof organizations.$inferInsert, "name" | "logoKey" | "timezone">
>;

/**
 * The request's two handles (c.var): the primary database, and the organisation's content
 * database (the same object when the content is in the primary database).
 */
export type OrganizationHandles = { primary: Db; db: Db };

/**
 * Changes the organisation's row (primary database) and answers it. A content database keeps a
 * copy of the row (its `organizations` stub: the parent its content cascades from, and the name
 * and time zone its own queries read, such as report schedules'), so the copy gets the same
 * change, after the primary row: a failure in between is mended by saving again.
 */
export async function updateOrganization(
  organizationId: string,
  { primary, db }: OrganizationHandles,
  change: OrganizationChange,
) {
  const values = { ...change, updatedAt: new Date() };
  const [updated] = await primary
    .update(organizations)
    .set(values)
    .where(eq(organizations.id, organizationId))
    .returning();
  if (db !== primary)
    await db.update(organizations).set(values).where(eq(organizations.id, organizationId));
  // orgScope found the organisation moments ago, and nothing deletes one under a request.
  return updated!;
}

export async function setTimezone(
  organizationId: string,
  handles: OrganizationHandles,
  timezone: string,
) {
  await updateOrganization(organizationId, handles, { timezone });
}

/** How the person appears in this organisation (empty or null clears it); their own name stays. */
export async function setMemberDisplayName(
  organizationId: string,
  db: Db,
  userId: string,
  name: string | null,
) {
  await db
    .update(userOrganizations)
    .set({ displayName: name || null })
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(userOrganizations.userId, userId),
      ),
    );
}
