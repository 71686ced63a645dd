import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { organizations, userOrganizations } from "../../db/schema";

/*
 * The organisation routes' writes. Every function takes the organisation first and touches only
 * its rows; the routes authorise (orgScope, requireAdmin) before calling.
 */

type OrganizationChange = Partial<Pick<typeof organizations.$inferInsert, "name" | "logoKey">>;

/** Renames the organisation or changes its logo; answers the updated row. */
export async function updateOrganization(
  organizationId: string,
  db: Db,
  change: OrganizationChange,
) {
  const [updated] = await db
    .update(organizations)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  // orgScope found the organisation moments ago, and nothing deletes one under a request.
  return updated!;
}

export async function setTimezone(organizationId: string, db: Db, timezone: string) {
  await db
    .update(organizations)
    .set({ timezone, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId));
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
