import { asc, eq } from "drizzle-orm";
import type { InvitationView } from "../../../shared/schemas/organization";
import type { Db } from "../../db/client";
import { invitations } from "../../db/schema";
import type { InvitationRow } from "./invitations";

/** What an admin sees of an invitation: the address they typed and where it stands. */
export function invitationView(row: InvitationRow, now = Date.now()): InvitationView {
  return {
    id: row.id,
    email: row.email,
    name: row.displayName,
    role: row.role,
    status:
      row.status === "declined"
        ? "declined"
        : row.expiresAt.getTime() <= now
          ? "expired"
          : "pending",
    sentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function listInvitations(db: Db, organizationId: string, now = Date.now()) {
  const rows = await db
    .select()
    .from(invitations)
    .where(eq(invitations.organizationId, organizationId))
    .orderBy(asc(invitations.createdAt));
  return rows.map((row) => invitationView(row, now));
}
