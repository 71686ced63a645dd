import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ApiError } from "../../errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/crypto/password";
import { findUserByEmail, type UserRow } from "./users";

export const invalidCredentials = () => new ApiError("UNAUTHORIZED", "Invalid email or password. Please try again.", { reason: "invalid_credentials" });

/**
 * Checks an email and password. The permanent password always works; a temporary one (from an
 * invitation or reset) works until it expires. Unknown emails cost the same time as wrong
 * passwords. Returns the user, or null when the credentials do not match.
 */
export async function checkCredentials(db: Db, email: string, password: string, now = Date.now()): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return verifyAgainstDummy(password).then(() => null);
  if (await verifyPassword(password, user.passwordHash)) return user;
  if (user.temporaryPasswordHash && (await verifyPassword(password, user.temporaryPasswordHash))) {
    // Only someone who knows the temporary password learns that it expired.
    if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now) {
      throw new ApiError("FORBIDDEN", "Temporary password has expired. Please request a new password reset.", { reason: "temporary_password_expired" });
    }
    return user;
  }
  return null;
}

/** Sets a permanent password and clears every temporary-password flag (spec section 4). */
export async function setPermanentPassword(db: Db, userId: string, password: string, now = Date.now()) {
  await db
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
    .where(eq(users.id, userId));
}

export const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

/** Gives a user a temporary password valid 24 h, stored hashed beside the current one. */
export async function setTemporaryPassword(db: Db, userId: string, temporaryPassword: string, flag: "isNewUser" | "isPasswordReset", now = Date.now()) {
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
