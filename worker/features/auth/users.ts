import { and, asc, eq } from "drizzle-orm";
import type { MeResponse } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { organizations, userOrganizations, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = (db: Db, email: string) =>
  db.query.users.findFirst({ where: eq(users.email, email) });
export const findUserById = (db: Db, id: string) =>
  db.query.users.findFirst({ where: eq(users.id, id) });

export const imageUrl = (key: string | null) => (key ? `/api/images/${key}` : null);

/** The membership a user works in: the earliest one (a user normally has exactly one). */
export async function primaryMembership(db: Db, userId: string) {
  const [row] = await db
    .select({ role: userOrganizations.role, organization: organizations })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(eq(userOrganizations.userId, userId))
    .orderBy(asc(userOrganizations.createdAt))
    .limit(1);
  return row ?? null;
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

export async function meResponse(db: Db, user: UserRow): Promise<MeResponse> {
  const membership = await primaryMembership(db, user.id);
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
    organization: membership
      ? {
          id: membership.organization.id,
          name: membership.organization.name,
          logoUrl: imageUrl(membership.organization.logoKey),
          timezone: membership.organization.timezone,
        }
      : null,
    membership: membership
      ? { role: membership.role, organizationId: membership.organization.id }
      : null,
    isAdmin: membership?.role === "admin",
  };
}
