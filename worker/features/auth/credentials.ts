import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authTokens, users } from "../../db/schema";
import { ApiError } from "../../errors";
import { randomToken } from "../../lib/crypto/encoding";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/crypto/password";
import { findUserByEmail, type UserRow } from "./users";

export const invalidCredentials = () =>
  new ApiError("UNAUTHORIZED", "Invalid email or password. Please try again.", {
    reason: "invalid_credentials",
  });

/** Which secret matched: the permanent password, or a temporary one from an invitation or reset. */
export type CredentialMatch = { user: UserRow; via: "password" | "temporary" };

/**
 * Checks an email and password. The permanent password always works; a temporary one (from an
 * invitation or reset) works until it expires. Every call does the same work, two password hash
 * checks, whether the account exists, has a temporary password or neither (a missing hash is
 * replaced by a dummy), so the time taken says nothing about the account. Returns null when the
 * credentials do not match.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  now = Date.now(),
): Promise<CredentialMatch | null> {
  const user = await findUserByEmail(db, email);
  const permanent = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  const temporary = user?.temporaryPasswordHash
    ? await verifyPassword(password, user.temporaryPasswordHash)
    : await verifyAgainstDummy(password);
  if (!user) return null;
  if (permanent) return { user, via: "password" };
  if (temporary) {
    // Only someone who knows the temporary password learns that it expired.
    if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now) {
      throw new ApiError(
        "FORBIDDEN",
        "Temporary password has expired. Please request a new password reset.",
        { reason: "temporary_password_expired" },
      );
    }
    return { user, via: "temporary" };
  }
  return null;
}

/** Kills the emailed recovery and invitation links that are still unused (their purpose is over). */
const retireLinks = (db: Db, userId: string, now: number) =>
  db
    .update(authTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(authTokens.userId, userId),
        inArray(authTokens.kind, ["recovery", "invite"]),
        isNull(authTokens.usedAt),
      ),
    );

/** Sets a permanent password and clears every temporary-password flag (spec section 4). */
export async function setPermanentPassword(
  db: Db,
  userId: string,
  password: string,
  now = Date.now(),
) {
  await db.batch([
    db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        temporaryPasswordHash: null,
        hasTemporaryPassword: false,
        passwordExpiresAt: null,
        isNewUser: false,
        isPasswordReset: false,
        updatedAt: new Date(now),
      })
      .where(eq(users.id, userId)),
    retireLinks(db, userId, now),
  ]);
}

/**
 * Someone signed in with their permanent password while a reset was pending: they know it, so
 * the reset (perhaps requested by a stranger) is withdrawn instead of forcing them to the
 * reset page. Invitations are untouched (an invited person has no password of their own yet).
 */
export async function withdrawPendingReset(db: Db, user: UserRow, now = Date.now()) {
  if (!user.isPasswordReset || user.isNewUser) return;
  await db.batch([
    db
      .update(users)
      .set({
        temporaryPasswordHash: null,
        hasTemporaryPassword: false,
        passwordExpiresAt: null,
        isPasswordReset: false,
        updatedAt: new Date(now),
      })
      .where(eq(users.id, user.id)),
    retireLinks(db, user.id, now),
  ]);
}

/** Marks the address confirmed (the emailed confirmation link was followed). */
export async function confirmEmail(db: Db, userId: string, now = Date.now()) {
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

/**
 * A temporary password or a recovery/invitation link only ever travelled by email, so using one proves the address.
 * On an account that was never confirmed, the password chosen at sign-up was never proven to be
 * the address owner's (anyone can sign up with anyone's email), so it is discarded: the owner
 * sets their own on the reset page, which they are sent to next.
 */
export async function proveAddress(
  db: Db,
  user: Pick<UserRow, "id" | "emailConfirmedAt">,
  now = Date.now(),
) {
  if (user.emailConfirmedAt) return;
  await db
    .update(users)
    .set({
      emailConfirmedAt: new Date(now),
      passwordHash: await hashPassword(randomToken()),
      updatedAt: new Date(now),
    })
    .where(eq(users.id, user.id));
}

export const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

/** Gives a user a temporary password valid 24 h, stored hashed beside the current one. */
export async function setTemporaryPassword(
  db: Db,
  userId: string,
  temporaryPassword: string,
  flag: "isNewUser" | "isPasswordReset",
  now = Date.now(),
) {
  await db
    .update(users)
    .set({
      temporaryPasswordHash: await hashPassword(temporaryPassword),
      hasTemporaryPassword: true,
      passwordExpiresAt: new Date(now + TEMPORARY_PASSWORD_TTL_MS),
      [flag]: true,
      updatedAt: new Date(now),
    })
    .where(eq(users.id, userId));
}
