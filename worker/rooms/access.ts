import { and, eq, sql } from "drizzle-orm";
import { type Db, getDb } from "../db/client";
import { boardConnections, sessions, userOrganizations } from "../db/schema";

/*
 * Board access ends everywhere at once (issue 14): a socket remembers the organisation and the
 * sign-in (session family) its ticket was issued under. When either ends, the Worker tells every
 * room the person has opened (board_connections) to close their sockets, and each intent
 * re-checks both in one query as a backstop.
 */

export type SocketAccess = { organizationId: string; familyId: string };

/** Why sockets close: "access_changed" lets the board reconnect (and re-check), the rest end it. */
export type AccessEndReason = "access_ended" | "access_changed";

/**
 * Whose sockets close: a user, in one organisation or all, optionally only one sign-in (sign-out)
 * or all but one (a password change keeps the device that made it).
 */
export type AccessEnd = {
  userId: string;
  reason: AccessEndReason;
  organizationId?: string;
  familyId?: string;
  exceptFamilyId?: string;
};

export function matchesAccessEnd(
  holder: { userId: string } & SocketAccess,
  end: AccessEnd,
): boolean {
  if (holder.userId !== end.userId) return false;
  if (end.organizationId && holder.organizationId !== end.organizationId) return false;
  if (end.familyId && holder.familyId !== end.familyId) return false;
  if (end.exceptFamilyId && holder.familyId === end.exceptFamilyId) return false;
  return true;
}

/** Still a member of the organisation, and the sign-in still live: one indexed query. */
export async function accessStillLive(
  database: D1Database,
  holder: { userId: string } & SocketAccess,
  now = Date.now(),
): Promise<boolean> {
  const db = getDb({ DB: database });
  const [row] = await db
    .select({ live: sql<number>`1` })
    .from(userOrganizations)
    .where(
      and(
        eq(userOrganizations.userId, holder.userId),
        eq(userOrganizations.organizationId, holder.organizationId),
        sql`exists (select 1 from ${sessions} where ${sessions.familyId} = ${holder.familyId} and ${sessions.userId} = ${holder.userId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now})`,
      ),
    )
    .limit(1);
  return !!row;
}

const roomFor = (env: Env, organizationId: string, previewId: string) =>
  env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${organizationId}:${previewId}`));

/** Remembers that a person opened a board, so ending their access can reach its room. */
export async function recordBoardConnection(
  db: Db,
  userId: string,
  organizationId: string,
  previewId: string,
  now = Date.now(),
) {
  await db
    .insert(boardConnections)
    .values({ userId, organizationId, previewId, lastTicketAt: new Date(now) })
    .onConflictDoUpdate({
      target: [boardConnections.userId, boardConnections.previewId],
      set: { lastTicketAt: new Date(now), organizationId },
    });
}

/** Closes the person's board sockets in every room they opened (within the scope). */
export async function endBoardAccess(env: Env, db: Db, end: AccessEnd): Promise<number> {
  const rooms = await db
    .select({
      organizationId: boardConnections.organizationId,
      previewId: boardConnections.previewId,
    })
    .from(boardConnections)
    .where(
      and(
        eq(boardConnections.userId, end.userId),
        end.organizationId ? eq(boardConnections.organizationId, end.organizationId) : undefined,
      ),
    );
  const closed = await Promise.all(
    rooms.map((r) => roomFor(env, r.organizationId, r.previewId).endAccess(end)),
  );
  return closed.reduce((a, b) => a + b, 0);
}

/** The session family of a session (what a socket's ticket was issued under). */
export async function familyOfSession(db: Db, sessionId: string) {
  const row = await db.query.sessions.findFirst({
    where: eq(sessions.id, sessionId),
    columns: { familyId: true },
  });
  return row?.familyId ?? null;
}
