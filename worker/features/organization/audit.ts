import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";

export type AuditAction =
  | "organization.updated"
  | "organization.logo_changed"
  | "organization.logo_removed"
  | "organization.timezone_changed"
  | "integrations.keys_changed"
  | "member.added"
  | "member.invited"
  | "member.invitation_resent"
  | "member.invitation_revoked"
  | "member.removed"
  | "member.role_changed"
  | "member.updated"
  | "member.password_reset"
  | "google.connected"
  | "google.disconnected"
  | "youtube_owner.connected"
  | "youtube_owner.disconnected"
  | "storage.files_deleted";

type Details = Record<string, string | number | boolean | null>;

/** Records one admin action. Details never hold secrets (keys are noted by type only). */
export async function audit(
  db: Db,
  entry: {
    organizationId: string;
    actorUserId: string;
    action: AuditAction;
    targetType: string;
    targetId?: string | null;
    details?: Details;
  },
) {
  await db
    .insert(auditLog)
    .values({ ...entry, targetId: entry.targetId ?? null, details: entry.details ?? null });
}

/** The person an entry is about, when it is about a person (a role changed, a password reset). */
const targets = alias(users, "target_users");

export async function recentAudit(db: Db, organizationId: string, limit = 50) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorEmail: users.email,
      targetEmail: targets.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(targets, and(eq(auditLog.targetType, "user"), eq(targets.id, auditLog.targetId)))
    .where(eq(auditLog.organizationId, organizationId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
