import { membersApi as routes } from "../../../shared/api/organization";
import { ApiError } from "../../errors";
import { generateTemporaryPassword } from "../../lib/crypto/password";
import { newRouter, reply } from "../../lib/openapi";
import { sendEmail } from "../../providers/email";
import { resetEmail } from "../../providers/email/templates";
import { endBoardAccess } from "../../rooms/access";
import { setTemporaryPassword } from "../auth/credentials";
import { issueLinkToken, linkUrl } from "../auth/link-tokens";
import { requireAdmin } from "../auth/middleware";
import { emailContext } from "../auth/request-meta";
import { revokeAllSessions } from "../auth/sessions";
import { findUserByEmail, membershipOf } from "../auth/users";
import { audit } from "./audit";
import { invite, resendInvitation, revokeInvitation } from "./invitations";
import { invitationView, listInvitations } from "./invitations-list";
import { changeRole, findMember, listMembers, membershipCount, removeMember } from "./members";
import { setMemberDisplayName } from "./queries";

const admin = { middleware: [requireAdmin] };

/**
 * Members and invitations of an organisation; every route is admin-only. An admin changes what
 * belongs to the organisation (the role, how the person appears here), never the person's own
 * name, picture or password (docs/design.md, "Invitations and memberships"). Members,
 * invitations, sessions, board connections and the audit log are all in the primary database.
 */
export const membersRoutes = newRouter()
  .openapi({ ...routes.list, ...admin }, async (c) => {
    const db = c.var.primary;
    const orgId = c.get("org").id;
    const [members, invitations] = await Promise.all([
      listMembers(db, orgId),
      listInvitations(db, orgId),
    ]);
    return reply(c, routes.list, { members, invitations });
  })
  /**
   * Invites an email. The answer is the same whether the address has an account or not; it is a
   * member only after accepting.
   */
  .openapi({ ...routes.invite, ...admin }, async (c) => {
    const db = c.var.primary;
    const org = c.get("org");
    const input = c.req.valid("json");
    const existing = await findUserByEmail(db, input.email);
    if (existing && (await membershipOf(db, existing.id, org.id))) {
      throw new ApiError("CONFLICT", "This person is already a member of this organization.", {
        reason: "already_member",
        field: "email",
      });
    }
    const { invitation, emailSent } = await invite(
      c.env,
      db,
      {
        organizationId: org.id,
        email: input.email,
        role: input.role,
        displayName: input.name,
        invitedBy: c.get("userId"),
      },
      emailContext(c),
    );
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.invited",
      targetType: "invitation",
      targetId: invitation.id,
      details: { email: input.email, role: input.role },
    });
    return reply(c, routes.invite, { invitation: invitationView(invitation), emailSent });
  })
  .openapi({ ...routes.resendInvitation, ...admin }, async (c) => {
    const db = c.var.primary;
    const org = c.get("org");
    const { invitation, emailSent } = await resendInvitation(
      c.env,
      db,
      org.id,
      c.req.valid("param").invitationId,
      emailContext(c),
    );
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.invitation_resent",
      targetType: "invitation",
      targetId: invitation.id,
      details: { email: invitation.email, emailSent },
    });
    return reply(c, routes.resendInvitation, { invitation: invitationView(invitation), emailSent });
  })
  .openapi({ ...routes.revokeInvitation, ...admin }, async (c) => {
    const db = c.var.primary;
    const org = c.get("org");
    const row = await revokeInvitation(db, org.id, c.req.valid("param").invitationId);
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.invitation_revoked",
      targetType: "invitation",
      targetId: row.id,
      details: { email: row.email },
    });
    return reply(c, routes.revokeInvitation, { revoked: true });
  })
  .openapi({ ...routes.update, ...admin }, async (c) => {
    const db = c.var.primary;
    const org = c.get("org");
    const { userId } = c.req.valid("param");
    const { role, name } = c.req.valid("json");
    const before = await findMember(db, org.id, userId);
    if (role !== undefined && role !== before.role) {
      await changeRole(db, org.id, userId, role);
      // Their open boards reconnect, so the new role is what their sockets ride on.
      await endBoardAccess(c.env, db, {
        userId,
        organizationId: org.id,
        reason: "access_changed",
      });
      await audit(db, {
        organizationId: org.id,
        actorUserId: c.get("userId"),
        action: "member.role_changed",
        targetType: "user",
        targetId: userId,
        details: { from: before.role, to: role },
      });
    }
    if (name !== undefined) {
      await setMemberDisplayName(org.id, db, userId, name);
      await audit(db, {
        organizationId: org.id,
        actorUserId: c.get("userId"),
        action: "member.updated",
        targetType: "user",
        targetId: userId,
      });
    }
    return reply(c, routes.update, { members: await listMembers(db, org.id) });
  })
  /**
   * Only for someone whose sole membership is this organisation: anyone else's account is not
   * this organisation's to reset (they reset it themselves; an invitee gets the invitation again).
   */
  .openapi({ ...routes.resetPassword, ...admin }, async (c) => {
    const db = c.var.primary;
    const org = c.get("org");
    const { userId } = c.req.valid("param");
    const member = await findMember(db, org.id, userId);
    if ((await membershipCount(db, userId)) > 1)
      throw new ApiError(
        "CONFLICT",
        "This person also belongs to other organizations, so only they can reset their password.",
        { reason: "not_sole_membership" },
      );
    const temporaryPassword = generateTemporaryPassword();
    await setTemporaryPassword(db, userId, temporaryPassword, "isPasswordReset");
    // A reset by an administrator means the account should start again: every sign-in ends.
    await revokeAllSessions(db, userId);
    await endBoardAccess(c.env, db, { userId, reason: "access_ended" });
    const token = await issueLinkToken(db, userId, "recovery");
    const ctx = emailContext(c);
    const sent = await sendEmail(
      c.env,
      resetEmail(
        "admin_reset",
        member.user.email,
        { temporaryPassword, link: linkUrl(ctx.origin, token, "recovery") },
        ctx,
        org.id,
      ),
    );
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.password_reset",
      targetType: "user",
      targetId: userId,
      details: { emailSent: sent.sent },
    });
    return reply(c, routes.resetPassword, { email: member.user.email, emailSent: sent.sent });
  })
  .openapi({ ...routes.remove, ...admin }, async (c) => {
    const db = c.var.primary;
    const org = c.get("org");
    const { userId } = c.req.valid("param");
    const member = await findMember(db, org.id, userId);
    // Closed before the rows go, while board_connections still names the rooms.
    const outcome = await removeMember(db, c.env.FILES, org.id, userId, () =>
      endBoardAccess(c.env, db, { userId, organizationId: org.id, reason: "access_ended" }),
    );
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.removed",
      targetType: "user",
      targetId: userId,
      details: { email: member.user.email, completely: outcome === "completely" },
    });
    return reply(c, routes.remove, { completelyDeleted: outcome === "completely" });
  });
