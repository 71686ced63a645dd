import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invitations, organizations, users } from "../../db/schema";

/** Invitations of an address still waiting for an answer (pending and not expired). */
export const liveFor = (email: string, now: number) =>
  and(
    eq(invitations.email, email),
    eq(invitations.status, "pending"),
    sql`${invitations.expiresAt} > ${now}`,
  );

/** The invitations waiting for a person's answer (the banner after sign-in). */
export async function pendingInvitationsFor(db: Db, email: string, now = Date.now()) {
  return db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      organizationName: organizations.name,
      role: invitations.role,
      invitedByEmail: users.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(liveFor(email, now))
    .orderBy(invitations.createdAt);
}
