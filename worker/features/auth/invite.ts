import { eq } from "drizzle-orm";
import type { Role } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { organizations, userOrganizations, users } from "../../db/schema";
import { randomToken } from "../../lib/crypto/encoding";
import { generateTemporaryPassword, hashPassword } from "../../lib/crypto/password";
import { sendEmail } from "../../providers/email";
import { type EmailContext, invitationEmail } from "../../providers/email/templates";
import { setTemporaryPassword } from "./credentials";
import { issueLinkToken, linkUrl } from "./link-tokens";
import { findUserByEmail } from "./users";

export type InviteResult = { userId: string; created: boolean; emailSent: boolean };

/**
 * Adds a person to an organisation. A new person gets an account with a temporary password valid
 * 24 h (is_new_user) and an invitation email with a link; an existing account just gains the
 * membership (and is emailed the invitation too, without a new password).
 */
export async function inviteUser(
  env: Env,
  db: Db,
  args: { email: string; name: string | null; role: Role; organizationId: string },
  ctx: EmailContext,
  now = Date.now(),
): Promise<InviteResult> {
  const org = await db.query.organizations.findFirst({
    where: eq(organizations.id, args.organizationId),
  });
  if (!org) throw new Error("organisation not found");
  const existing = await findUserByEmail(db, args.email);
  let userId = existing?.id;
  if (!existing) {
    // The permanent password is random and never told to anyone: the person signs in with the
    // temporary one and then chooses their own.
    const [row] = await db
      .insert(users)
      .values({
        email: args.email,
        name: args.name,
        passwordHash: await hashPassword(randomToken()),
        emailConfirmedAt: new Date(now),
      })
      .returning({ id: users.id });
    userId = row!.id;
  }
  await db
    .insert(userOrganizations)
    .values({ userId: userId!, organizationId: args.organizationId, role: args.role })
    .onConflictDoNothing();
  if (existing) return { userId: userId!, created: false, emailSent: false };

  const temporaryPassword = generateTemporaryPassword();
  await setTemporaryPassword(db, userId!, temporaryPassword, "isNewUser", now);
  const token = await issueLinkToken(db, userId!, "invite", now);
  const result = await sendEmail(
    env,
    invitationEmail(
      args.email,
      { organizationName: org.name, temporaryPassword, link: linkUrl(ctx.origin, token, "invite") },
      ctx,
      org.id,
    ),
  );
  return { userId: userId!, created: true, emailSent: result.sent };
}
