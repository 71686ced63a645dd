import { and, eq, isNull } from "drizzle-orm";
import type { AuthTokenKind } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { authTokens } from "../../db/schema";
import { randomToken, sha256Hex } from "../../lib/crypto/encoding";

export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Creates a single-use link token; only its hash is stored. */
export async function issueLinkToken(
  db: Db,
  userId: string,
  kind: AuthTokenKind,
  now = Date.now(),
) {
  const token = randomToken();
  await db.insert(authTokens).values({
    userId,
    kind,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(now + LINK_TTL_MS),
    createdAt: new Date(now),
  });
  return token;
}

/** Uses a link token once: marks it used and returns its user, or null if unknown, used or expired. */
export async function consumeLinkToken(
  db: Db,
  token: string,
  kinds: AuthTokenKind[],
  now = Date.now(),
) {
  const row = await db.query.authTokens.findFirst({
    where: eq(authTokens.tokenHash, await sha256Hex(token)),
  });
  if (!row || row.usedAt || row.expiresAt.getTime() <= now || !kinds.includes(row.kind))
    return null;
  const claimed = await db
    .update(authTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return claimed.length ? { userId: row.userId, kind: row.kind } : null;
}

export const linkUrl = (origin: string, token: string, type: "invite" | "recovery") =>
  `${origin}/#access_token=${encodeURIComponent(token)}&type=${type}`;
