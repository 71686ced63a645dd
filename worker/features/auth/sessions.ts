import { and, eq, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Role } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { type ContentPlacement, placementOrDefault } from "../../db/directory";
import { type Reads, readOne, runReads } from "../../db/reads";
import { organizationDatabases, organizations, sessions, userOrganizations } from "../../db/schema";
import { ApiError } from "../../errors";
import { randomToken, sha256Hex } from "../../lib/crypto/encoding";
import { REFRESH_TTL_MS } from "./cookies";

export type SessionMeta = { userAgent?: string | null; ip?: string | null };

/**
 * Two tabs refreshing at the same moment both present the same token; the loser arrives within
 * this window after the rotation. It is told to retry (the cookie now holds the new token)
 * instead of being treated as theft.
 */
const CONCURRENT_REFRESH_GRACE_MS = 10_000;

async function insertSession(
  db: Db,
  userId: string,
  familyId: string,
  meta: SessionMeta,
  now: number,
) {
  const refreshToken = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      familyId,
      refreshTokenHash: await sha256Hex(refreshToken),
      expiresAt: new Date(now + REFRESH_TTL_MS),
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .returning({ id: sessions.id });
  return { sessionId: row!.id, refreshToken };
}

/** A new sign-in starts a new family. */
export const startSession = (db: Db, userId: string, meta: SessionMeta, now = Date.now()) =>
  insertSession(db, userId, crypto.randomUUID(), meta, now);

export async function revokeFamily(db: Db, familyId: string, now = Date.now()) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Every sign-in of the user ends (an administrator reset their password). */
export async function revokeAllSessions(db: Db, userId: string, now = Date.now()) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * After a password change every other device must sign in again (ASVS 7.4.3); the session that
 * made the change stays. Revokes every family of the user except the current session's.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  now = Date.now(),
) {
  const current = await db.query.sessions.findFirst({
    where: eq(sessions.id, currentSessionId),
    columns: { familyId: true },
  });
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ne(sessions.familyId, current?.familyId ?? ""),
      ),
    );
}

/**
 * Exchanges a refresh token for a new one (single use). Presenting a token that was already
 * exchanged is reuse: the whole family is revoked, since someone else holds a copy.
 */
export async function rotateSession(
  db: Db,
  refreshToken: string,
  meta: SessionMeta,
  now = Date.now(),
) {
  const row = await db.query.sessions.findFirst({
    where: eq(sessions.refreshTokenHash, await sha256Hex(refreshToken)),
  });
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now) {
    throw new ApiError("UNAUTHORIZED", "Your session has ended. Please sign in again.", {
      reason: "session_expired",
    });
  }
  if (row.rotatedAt) {
    if (now - row.rotatedAt.getTime() < CONCURRENT_REFRESH_GRACE_MS) {
      throw new ApiError("CONFLICT", "The session was refreshed by another tab; retry.", {
        reason: "refresh_token_rotated",
      });
    }
    await revokeFamily(db, row.familyId, now);
    throw new ApiError(
      "UNAUTHORIZED",
      "This session was signed out for your security. Please sign in again.",
      { reason: "refresh_token_reused" },
    );
  }
  // Only the request that flips rotated_at from null wins; a racing twin sees no change.
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: new Date(now), lastUsedAt: new Date(now) })
    .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt)))
    .returning({ id: sessions.id });
  if (claimed.length === 0)
    throw new ApiError("CONFLICT", "The session was refreshed by another tab; retry.", {
      reason: "refresh_token_rotated",
    });
  const next = await insertSession(db, row.userId, row.familyId, meta, now);
  return { ...next, userId: row.userId };
}

/** The family (and its user) of a refresh token, for sign-out (an unknown token signs out nothing). */
export async function familyOf(db: Db, refreshToken: string) {
  const row = await db.query.sessions.findFirst({
    where: eq(sessions.refreshTokenHash, await sha256Hex(refreshToken)),
    columns: { familyId: true, userId: true },
  });
  return row ?? null;
}

/**
 * Access tokens name their session; a revoked or expired family makes them useless at once. The
 * session counts as live when its own row is not revoked and its family's newest unrevoked row
 * has not expired (rotation moves expiry forward on a new row of the same family).
 */
function liveSession(sessionId: string, userId: string, now: number): SQL | undefined {
  const family = alias(sessions, "family");
  const familyExpiry = sql`(SELECT ${family.expiresAt} FROM ${sessions} AS ${family} WHERE ${and(
    eq(family.familyId, sessions.familyId),
    isNull(family.revokedAt),
  )} ORDER BY ${family.createdAt} DESC LIMIT 1)`;
  return and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(familyExpiry, now),
  );
}

/** Whether the access token's session is live (one statement). */
export async function isSessionLive(db: Db, sessionId: string, userId: string, now = Date.now()) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(liveSession(sessionId, userId, now))
    .limit(1);
  return !!row;
}

/**
 * The caller's access to one organisation: null when the session is not live. A member also
 * learns where the organisation's content is (its directory entry).
 */
export type OrgAccess = {
  membership: {
    role: Role;
    organization: typeof organizations.$inferSelect;
    placement: ContentPlacement;
  } | null;
} | null;

/**
 * The session check, the caller's membership of one organisation and the organisation's content
 * database (the directory) in one statement, built but not sent. `null`: no live session;
 * `membership: null`: signed in, but not a member (or no such organisation).
 */
export function sessionMembershipRead(
  db: Db,
  claims: { sessionId: string; userId: string; orgId: string },
  now = Date.now(),
): Reads<OrgAccess> {
  const statement = db
    .select({
      role: userOrganizations.role,
      organization: organizations,
      binding: organizationDatabases.binding,
      movingTo: organizationDatabases.movingTo,
    })
    .from(sessions)
    .leftJoin(
      userOrganizations,
      and(
        eq(userOrganizations.userId, sessions.userId),
        eq(userOrganizations.organizationId, claims.orgId),
      ),
    )
    .leftJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .leftJoin(organizationDatabases, eq(organizationDatabases.organizationId, organizations.id))
    .where(liveSession(claims.sessionId, claims.userId, now))
    .limit(1);
  return readOne(statement, ([row]) => {
    if (!row) return null;
    return {
      membership:
        row.role && row.organization
          ? {
              role: row.role,
              organization: row.organization,
              placement: placementOrDefault(row.binding, row.movingTo),
            }
          : null,
    };
  });
}

/** The same check on its own (one round trip on the primary database). */
export const sessionMembership = (
  db: Db,
  claims: { sessionId: string; userId: string; orgId: string },
  now = Date.now(),
) => runReads(db, sessionMembershipRead(db, claims, now));
