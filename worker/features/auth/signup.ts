import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { Db } from "../../db/client";
import { organizations, userOrganizations, users } from "../../db/schema";
import { ApiError } from "../../errors";
import { signupAllowed } from "../../brand/select-brand";
import { hashPassword } from "../../lib/crypto/password";
import { sendEmail } from "../../providers/email";
import { confirmationEmail, existingAccountEmail } from "../../providers/email/templates";
import { issueLinkToken } from "./link-tokens";
import { emailContext } from "./request-meta";
import { findUserByEmail } from "./users";

export const SIGNUP_ACCEPTED = "Account created! Please check your email to verify your account.";

/**
 * Creates the user and a new organisation with them as admin, then emails a confirmation link.
 * An email that already has an account gets the same answer (and an email saying so), so sign-up
 * cannot be used to find out who has an account.
 */
export async function signUp(c: Context<AppEnv>, db: Db, input: { email: string; password: string; name?: string }) {
  if (!signupAllowed(c.get("brand"), c.env.ALLOW_SIGNUP)) {
    throw new ApiError("FORBIDDEN", "Sign-up is not available. Please contact your administrator.", { reason: "signup_disabled" });
  }
  const ctx = emailContext(c);
  if (await findUserByEmail(db, input.email)) {
    await sendEmail(c.env, existingAccountEmail(input.email, ctx));
    return;
  }
  const userId = crypto.randomUUID();
  const organizationId = crypto.randomUUID();
  const displayName = input.name?.trim() || input.email.split("@")[0]!;
  // One batch = one transaction: never a user without an organisation.
  await db.batch([
    db.insert(users).values({ id: userId, email: input.email, name: input.name?.trim() || null, passwordHash: await hashPassword(input.password) }),
    db.insert(organizations).values({ id: organizationId, name: `${displayName}'s organization` }),
    db.insert(userOrganizations).values({ userId, organizationId, role: "admin" }),
  ]);
  const token = await issueLinkToken(db, userId, "confirm_email");
  await sendEmail(c.env, confirmationEmail(input.email, `${ctx.origin}/api/auth/confirm?token=${encodeURIComponent(token)}`, ctx));
}
