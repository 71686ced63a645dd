import type { Context } from "hono";
import type { Db } from "../../db/client";
import { createOrganization } from "../../db/placement";
import { userOrganizations, users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { signupAllowed } from "../../lib/brand";
import { hashPassword } from "../../lib/crypto/password";
import { sendEmailDetached } from "../../providers/email";
import { confirmationEmail, existingAccountEmail } from "../../providers/email/templates";
import { issueLinkToken } from "./link-tokens";
import { emailContext } from "./request-meta";
import { findUserByEmail } from "./users";

export const SIGNUP_ACCEPTED = "Account created! Please check your email to verify your account.";

/** Sign-up exists only where the brand and the ALLOW_SIGNUP flag both allow it (server-enforced). */
export function assertSignupAllowed(c: Context<AppEnv>) {
  if (!signupAllowed(c.get("brand"), c.env.ALLOW_SIGNUP)) {
    throw new ApiError(
      "FORBIDDEN",
      "Sign-up is not available. Please contact your administrator.",
      { reason: "signup_disabled" },
    );
  }
}

/**
 * Creates the user and a new organisation with them as admin, then emails a confirmation link.
 * An email that already has an account gets the same answer (and an email saying so), so sign-up
 * cannot be used to find out who has an account. Both paths hash the password and send one
 * email, so they also take about as long.
 */
export async function signUp(
  c: Context<AppEnv>,
  db: Db,
  input: { email: string; password: string; name?: string },
) {
  const ctx = emailContext(c);
  const passwordHash = await hashPassword(input.password);
  if (await findUserByEmail(db, input.email)) {
    await sendEmailDetached(c.env, c.executionCtx, existingAccountEmail(input.email, ctx));
    return;
  }
  const userId = crypto.randomUUID();
  const organizationId = crypto.randomUUID();
  const name = input.name?.trim() || null;
  // "Ada Lovelace's organization", or the email's local part when no name was given.
  const displayName = name ?? input.email.split("@")[0]!;
  // One batch = one transaction: never a user without an organisation (placement.ts).
  try {
    await createOrganization(
      c.env,
      db,
      c.var.log,
      { id: organizationId, name: `${displayName}'s organization` },
      [
        db.insert(users).values({ id: userId, email: input.email, name, passwordHash }),
        db.insert(userOrganizations).values({ userId, organizationId, role: "admin" }),
      ],
    );
  } catch (error) {
    // A twin request won the race on the unique email: the account exists, same answer.
    if (await findUserByEmail(db, input.email)) return;
    throw error;
  }
  const token = await issueLinkToken(db, userId, "confirm_email");
  await sendEmailDetached(
    c.env,
    c.executionCtx,
    confirmationEmail(
      input.email,
      `${ctx.origin}/api/auth/confirm?token=${encodeURIComponent(token)}`,
      ctx,
    ),
  );
}
