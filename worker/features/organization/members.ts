import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Role } from "../../../shared/schemas/enums";
import type { Member } from "../../../shared/schemas/organization";
import type { Db } from "../../db/client";
import { userOrganizations, users } from "../../db/schema";
import { ApiError } from "../../errors";
import { imageUrl } from "../auth/users";

export const LAST_ADMIN_MESSAGE =
  "Cannot demote the last administrator. Promote another member to admin first.";
/** The spec words only the demotion; a removal is refused for the same reason, in its own words. */
const LAST_ADMIN_REMOVAL_MESSAGE =
  "Cannot remove the last administrator. Promote another member to admin first.";
const lastAdmin = (message = LAST_ADMIN_MESSAGE) =>
  new ApiError("CONFLICT", message, { reason: "last_admin" });
export const memberNotFound = () => new ApiError("NOT_FOUND", "Member not found");

/** How many organisations a person belongs to (admin resets need it to be exactly one). */
export async function membershipCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId));
  return row?.n ?? 0;
}

export async function listMembers(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select({
      user: users,
      role: userOrganizations.role,
      displayName: userOrganizations.displayName,
      joinedAt: userOrganizations.createdAt,
      // The inner user_organizations shadows the outer one: every membership of this person.
      organizations: sql<number>`(select count(*) from ${userOrganizations} where ${userOrganizations.userId} = ${users.id})`,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(eq(userOrganizations.organizationId, organizationId))
    .orderBy(asc(userOrganizations.createdAt));
  return rows.map(({ user, role, displayName, joinedAt, organizations }) => ({
    userId: user.id,
    // How the person appears here: the organisation's name for them, else their own.
    name: displayName ?? user.name,
    displayName,
    email: user.email,
    avatarUrl: imageUrl(user.avatarKey),
    role,
    joinedAt: joinedAt.toISOString(),
    canResetPassword: organizations <= 1,
  }));
}

export async function findMember(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select({ user: users, role: userOrganizations.role })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(userOrganizations.userId, userId),
      ),
    );
  if (!row) throw memberNotFound();
  return row;
}

// Counted inside the same statement as the change: D1 runs one statement at a time, so two
// admins demoting each other at once cannot both succeed and leave the organisation headless.
const otherAdminsExist = (organizationId: string, userId: string) =>
  sql`(select count(*) from ${userOrganizations} where ${userOrganizations.organizationId} = ${organizationId} and ${userOrganizations.role} = 'admin' and ${userOrganizations.userId} <> ${userId}) > 0`;

export async function changeRole(db: Db, organizationId: string, userId: string, role: Role) {
  const member = await findMember(db, organizationId, userId);
  if (member.role === role) return;
  const guard = role === "admin" ? sql`1 = 1` : otherAdminsExist(organizationId, userId);
  const updated = await db
    .update(userOrganizations)
    .set({ role })
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(userOrganizations.userId, userId),
        guard,
      ),
    )
    .returning({ userId: userOrganizations.userId });
  if (updated.length === 0) throw lastAdmin();
}

/**
 * Removes a member. Someone who belongs to no other organisation is deleted entirely (with their
 * sessions and picture); otherwise only this membership goes. Returns which happened.
 */
export async function removeMember(
  db: Db,
  bucket: R2Bucket,
  organizationId: string,
  userId: string,
  afterMembershipEnded: () => Promise<unknown> = async () => undefined,
): Promise<"completely" | "membership"> {
  const member = await findMember(db, organizationId, userId);
  const guard = member.role === "admin" ? otherAdminsExist(organizationId, userId) : sql`1 = 1`;
  const removed = await db
    .delete(userOrganizations)
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(userOrganizations.userId, userId),
        guard,
      ),
    )
    .returning({ userId: userOrganizations.userId });
  if (removed.length === 0) throw lastAdmin(LAST_ADMIN_REMOVAL_MESSAGE);
  await afterMembershipEnded();
  const [others] = await db
    .select({ n: count() })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId));
  if ((others?.n ?? 0) > 0) return "membership";
  await db.delete(users).where(eq(users.id, userId));
  if (member.user.avatarKey) await bucket.delete(member.user.avatarKey);
  return "completely";
}
