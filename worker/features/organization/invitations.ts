import { and, eq, sql } from "drizzle-orm";
import type { Role } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { invitations, organizations, userOrganizations, users } from "../../db/schema";
import { ApiError } from "../../errors";
import { randomToken } from "../../lib/crypto/encoding";
import { generateTemporaryPassword, hashPassword } from "../../lib/crypto/password";
import { sendEmail } from "../../providers/email";
import {
  type EmailContext,
  existingAccountInvitationEmail,
  invitationEmail,
} from "../../providers/email/templates";
import { setTemporaryPassword } from "../auth/credentials";
import { issueLinkToken, linkUrl } from "../auth/link-tokens";
import { findUserByEmail } from "../auth/users";
import { liveFor } from "./pending-invitations";

/*
 * Invitations (docs/design.md, "Invitations and memberships"). An admin invites an email; the
 * answer is the same whether the address has an account or not. An address without an account
 * gets one with a 24-hour temporary password (the spec's invitation), and using that password or
 * the emailed link is the person's acceptance. An address with an account gets an email and a
 * banner after sign-in, and joins only by accepting.
 */

export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** An invitation email goes out at most this often per invitation (no inbox flooding). */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000;

export type InvitationRow = typeof invitations.$inferSelect;

const alreadyInvited = () =>
  new ApiError(
    "CONFLICT",
    "This email already has a pending invitation. You can resend it from the list.",
    { reason: "already_invited", field: "email" },
  );

async function organizationName(db: Db, organizationId: string) {
  const org = await db.query.organizations.findFirst({
    where: eq(organizations.id, organizationId),
    columns: { name: true },
  });
  if (!org) throw new ApiError("NOT_FOUND", "Organization not found");
  return org.name;
}

/**
 * Emails an invitation. Both kinds cost the same work (two password hashes and one email), so
 * the time taken does not say whether the address has an account either.
 */
async function sendInvitation(
  env: Env,
  db: Db,
  invitation: InvitationRow,
  ctx: EmailContext,
  now: number,
): Promise<boolean> {
  const orgName = await organizationName(db, invitation.organizationId);
  let user = await findUserByEmail(db, invitation.email);
  const createsAccount = !user || (invitation.createdAccount && user.isNewUser);
  if (!user) {
    // The permanent password is random and never told to anyone: the person signs in with the
    // temporary one and then chooses their own. A twin request may create it first.
    await db
      .insert(users)
      .values({
        email: invitation.email,
        passwordHash: await hashPassword(randomToken()),
        emailConfirmedAt: new Date(now),
      })
      .onConflictDoNothing({ target: users.email });
    user = await findUserByEmail(db, invitation.email);
    if (!user) throw new Error("invited account vanished");
    await db
      .update(invitations)
      .set({ createdAccount: true })
      .where(eq(invitations.id, invitation.id));
  } else if (!createsAccount) {
    await hashPassword(randomToken()); // the same cost as the new-account path
  }
  if (createsAccount) {
    const temporaryPassword = generateTemporaryPassword();
    await setTemporaryPassword(db, user.id, temporaryPassword, "isNewUser", now);
    const token = await issueLinkToken(db, user.id, "invite", now);
    const link = linkUrl(ctx.origin, token, "invite");
    const message = invitationEmail(
      invitation.email,
      { organizationName: orgName, temporaryPassword, link },
      ctx,
      invitation.organizationId,
    );
    return (await sendEmail(env, message)).sent;
  }
  await hashPassword(randomToken());
  const message = existingAccountInvitationEmail(
    invitation.email,
    { organizationName: orgName, link: `${ctx.origin}/dashboard?invitation=${invitation.id}` },
    ctx,
    invitation.organizationId,
  );
  return (await sendEmail(env, message)).sent;
}

/**
 * Invites an email to an organisation. A pending, unexpired invitation of the same address is a
 * 409; a declined or expired one is renewed. The unique (organisation, email) index makes
 * parallel invitations of one address create exactly one row; the others get the 409.
 */
export async function invite(
  env: Env,
  db: Db,
  args: {
    organizationId: string;
    email: string;
    role: Role;
    displayName: string | null;
    invitedBy: string;
  },
  ctx: EmailContext,
  now = Date.now(),
): Promise<{ invitation: InvitationRow; emailSent: boolean }> {
  const values = {
    role: args.role,
    displayName: args.displayName,
    invitedByUserId: args.invitedBy,
    status: "pending" as const,
    expiresAt: new Date(now + INVITATION_TTL_MS),
    lastSentAt: new Date(now),
  };
  let [row] = await db
    .insert(invitations)
    .values({ organizationId: args.organizationId, email: args.email, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // Renew a declined or expired invitation; a live pending one stays as it is.
    [row] = await db
      .update(invitations)
      .set(values)
      .where(
        and(
          eq(invitations.organizationId, args.organizationId),
          eq(invitations.email, args.email),
          sql`(${invitations.status} <> 'pending' or ${invitations.expiresAt} <= ${now})`,
        ),
      )
      .returning();
    if (!row) throw alreadyInvited();
  }
  return { invitation: row, emailSent: await sendInvitation(env, db, row, ctx, now) };
}

/** Sends an invitation again (renewing its expiry), at most once per RESEND_INTERVAL_MS. */
export async function resendInvitation(
  env: Env,
  db: Db,
  organizationId: string,
  invitationId: string,
  ctx: EmailContext,
  now = Date.now(),
) {
  const [row] = await db
    .update(invitations)
    .set({
      status: "pending",
      lastSentAt: new Date(now),
      expiresAt: new Date(now + INVITATION_TTL_MS),
    })
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.organizationId, organizationId),
        sql`${invitations.lastSentAt} <= ${now - RESEND_INTERVAL_MS}`,
      ),
    )
    .returning();
  if (!row) {
    const exists = await db.query.invitations.findFirst({
      where: and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)),
      columns: { id: true },
    });
    if (!exists) throw new ApiError("NOT_FOUND", "Invitation not found");
    throw new ApiError(
      "RATE_LIMITED",
      "The invitation was sent moments ago. Please wait a few minutes before resending it.",
      { reason: "invitation_recently_sent" },
    );
  }
  return { invitation: row, emailSent: await sendInvitation(env, db, row, ctx, now) };
}

/**
 * Withdraws an invitation. An account the invitation created that was never used and belongs
 * nowhere is deleted with it (nobody ever chose a password for it).
 */
export async function revokeInvitation(
  db: Db,
  organizationId: string,
  invitationId: string,
): Promise<InvitationRow> {
  const [row] = await db
    .delete(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)))
    .returning();
  if (!row) throw new ApiError("NOT_FOUND", "Invitation not found");
  if (row.createdAccount) {
    await db
      .delete(users)
      .where(
        and(
          eq(users.email, row.email),
          eq(users.isNewUser, true),
          sql`not exists (select 1 from ${userOrganizations} where ${userOrganizations.userId} = ${users.id})`,
          sql`not exists (select 1 from ${invitations} where ${invitations.email} = ${users.email})`,
        ),
      );
  }
  return row;
}

/**
 * The person's answer. Accepting turns the invitation into a membership with the invited role and
 * display name; declining keeps the row as "declined" so the admin sees the answer. Only the
 * invited address can answer; anything else is 404, like an invitation that does not exist.
 */
export async function answerInvitation(
  db: Db,
  user: { id: string; email: string },
  invitationId: string,
  answer: "accept" | "decline",
  now = Date.now(),
): Promise<{ organizationId: string }> {
  const invitation = await db.query.invitations.findFirst({
    where: and(eq(invitations.id, invitationId), liveFor(user.email, now)),
  });
  if (!invitation)
    throw new ApiError("NOT_FOUND", "Invitation not found", { reason: "no_invitation" });
  if (answer === "decline") {
    await db
      .update(invitations)
      .set({ status: "declined" })
      .where(eq(invitations.id, invitation.id));
    return { organizationId: invitation.organizationId };
  }
  await db.batch([
    db
      .insert(userOrganizations)
      .values({
        userId: user.id,
        organizationId: invitation.organizationId,
        role: invitation.role,
        displayName: invitation.displayName,
        lastUsedAt: new Date(now),
      })
      .onConflictDoNothing(),
    db.delete(invitations).where(eq(invitations.id, invitation.id)),
  ]);
  return { organizationId: invitation.organizationId };
}

/**
 * Someone whose account an invitation created used its temporary password or emailed link: that
 * is their acceptance of the invitations that created the account.
 */
export async function acceptAccountInvitations(db: Db, user: { id: string; email: string }) {
  const rows = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(liveFor(user.email, Date.now()), eq(invitations.createdAccount, true)));
  for (const row of rows) await answerInvitation(db, user, row.id, "accept");
}
