import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { MeResponse } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { organizations, userOrganizations, users } from "../../db/schema";
import { pendingInvitationsFor } from "../organization/pending-invitations";

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = (db: Db, email: string) =>
  db.query.users.findFirst({ where: eq(users.email, email) });
export const findUserById = (db: Db, id: string) =>
  db.query.users.findFirst({ where: eq(users.id, id) });

export const imageUrl = (key: string | null) => (key ? `/api/images/${key}` : null);

/** Every organisation a person belongs to, the one used last first (then the oldest membership). */
export async function membershipsOf(db: Db, userId: string) {
  return db
    .select({ role: userOrganizations.role, organization: organizations })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(eq(userOrganizations.userId, userId))
    .orderBy(
      sql`${userOrganizations.lastUsedAt} is null`,
      desc(userOrganizations.lastUsedAt),
      asc(userOrganizations.createdAt),
    );
}

export async function membershipOf(db: Db, userId: string, organizationId: string) {
  const row = await db.query.userOrganizations.findFirst({
    where: and(
      eq(userOrganizations.userId, userId),
      eq(userOrganizations.organizationId, organizationId),
    ),
  });
  return row ?? null;
}

/** Remembers the organisation a person works in now: where they land next time. */
export async function rememberActiveOrganization(
  db: Db,
  userId: string,
  organizationId: string,
  now = Date.now(),
) {
  const updated = await db
    .update(userOrganizations)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(userOrganizations.userId, userId),
        eq(userOrganizations.organizationId, organizationId),
      ),
    )
    .returning({ organizationId: userOrganizations.organizationId });
  return updated.length > 0;
}

/**
 * The signed-in person, their memberships and the invitations awaiting their answer. The active
 * organisation is `preferred` when they belong to it, else the one they used last.
 */
export async function meResponse(db: Db, user: UserRow, preferred?: string): Promise<MeResponse> {
  const [memberships, invitations] = await Promise.all([
    membershipsOf(db, user.id),
    pendingInvitationsFor(db, user.email),
  ]);
  const active = memberships.find((m) => m.organization.id === preferred) ?? memberships[0] ?? null;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      avatarUrl: imageUrl(user.avatarKey),
      phoneNumber: user.phoneNumber,
      isNewUser: user.isNewUser,
      isPasswordReset: user.isPasswordReset,
      passwordExpiresAt: user.passwordExpiresAt?.toISOString() ?? null,
    },
    organization: active
      ? {
          id: active.organization.id,
          name: active.organization.name,
          logoUrl: imageUrl(active.organization.logoKey),
          timezone: active.organization.timezone,
        }
      : null,
    membership: active ? { role: active.role, organizationId: active.organization.id } : null,
    isAdmin: active?.role === "admin",
    memberships: memberships.map((m) => ({
      organizationId: m.organization.id,
      name: m.organization.name,
      logoUrl: imageUrl(m.organization.logoKey),
      role: m.role,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      organizationName: i.organizationName,
      role: i.role,
      invitedByEmail: i.invitedByEmail,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}
