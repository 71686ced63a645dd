import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { addMemberBodySchema, updateMemberBodySchema } from "../../../shared/schemas/organization";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { generateTemporaryPassword } from "../../lib/crypto/password";
import { readImageUpload, storeImage } from "../../lib/uploads";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";
import { sendEmail } from "../../providers/email";
import { resetEmail } from "../../providers/email/templates";
import { setTemporaryPassword } from "../auth/credentials";
import { inviteUser } from "../auth/invite";
import { issueLinkToken, linkUrl } from "../auth/link-tokens";
import { emailContext } from "../auth/request-meta";
import { membershipOf } from "../auth/users";
import { audit } from "./audit";
import { changeRole, findMember, listMembers, removeMember } from "./members";

const memberParam = z.object({ userId: z.string().uuid({ message: "Invalid member id" }) });

/** Members of an organisation; every route is admin-only (the list is not even loaded for others). */
export const membersRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .get("/", async (c) => c.json({ members: await listMembers(getDb(c.env), c.get("org").id) }))
  .post("/", validate("json", addMemberBodySchema), async (c) => {
    const db = getDb(c.env);
    const org = c.get("org");
    const input = c.req.valid("json");
    const existing = await db.query.users.findFirst({
      where: eq(users.email, input.email),
      columns: { id: true },
    });
    if (existing && (await membershipOf(db, existing.id, org.id))) {
      throw new ApiError("CONFLICT", "This person is already a member of this organization.", {
        reason: "already_member",
        field: "email",
      });
    }
    const result = await inviteUser(
      c.env,
      db,
      { ...input, organizationId: org.id },
      emailContext(c),
    );
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.added",
      targetType: "user",
      targetId: result.userId,
      details: { email: input.email, role: input.role, newAccount: result.created },
    });
    return c.json(
      { userId: result.userId, created: result.created, emailSent: result.emailSent },
      201,
    );
  })
  .patch(
    "/:userId",
    validate("param", memberParam),
    validate("json", updateMemberBodySchema),
    async (c) => {
      const db = getDb(c.env);
      const org = c.get("org");
      const { userId } = c.req.valid("param");
      const { role, name } = c.req.valid("json");
      const before = await findMember(db, org.id, userId);
      if (role !== undefined && role !== before.role) {
        await changeRole(db, org.id, userId, role);
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
        await db
          .update(users)
          .set({ name: name || null, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await audit(db, {
          organizationId: org.id,
          actorUserId: c.get("userId"),
          action: "member.updated",
          targetType: "user",
          targetId: userId,
        });
      }
      return c.json({ members: await listMembers(db, org.id) });
    },
  )
  .post("/:userId/avatar", validate("param", memberParam), async (c) => {
    const db = getDb(c.env);
    const { userId } = c.req.valid("param");
    const member = await findMember(db, c.get("org").id, userId);
    const key = await storeImage(
      c.env.FILES,
      `avatars/${userId}`,
      await readImageUpload(c.req.raw),
    );
    await db
      .update(users)
      .set({ avatarKey: key, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (member.user.avatarKey) await c.env.FILES.delete(member.user.avatarKey);
    return c.json({ members: await listMembers(db, c.get("org").id) });
  })
  .delete("/:userId/avatar", validate("param", memberParam), async (c) => {
    const db = getDb(c.env);
    const { userId } = c.req.valid("param");
    const member = await findMember(db, c.get("org").id, userId);
    if (!member.user.avatarKey)
      throw new ApiError("NOT_FOUND", "No avatar to remove", { reason: "no_avatar" });
    await db
      .update(users)
      .set({ avatarKey: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await c.env.FILES.delete(member.user.avatarKey);
    return c.json({ members: await listMembers(db, c.get("org").id) });
  })
  .post("/:userId/reset-password", validate("param", memberParam), async (c) => {
    const db = getDb(c.env);
    const org = c.get("org");
    const { userId } = c.req.valid("param");
    const member = await findMember(db, org.id, userId);
    const temporaryPassword = generateTemporaryPassword();
    await setTemporaryPassword(db, userId, temporaryPassword, "isPasswordReset");
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
    return c.json({ email: member.user.email, emailSent: sent.sent });
  })
  .delete("/:userId", validate("param", memberParam), async (c) => {
    const db = getDb(c.env);
    const org = c.get("org");
    const { userId } = c.req.valid("param");
    const member = await findMember(db, org.id, userId);
    const outcome = await removeMember(db, c.env.FILES, org.id, userId);
    await audit(db, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "member.removed",
      targetType: "user",
      targetId: userId,
      details: { email: member.user.email, completely: outcome === "completely" },
    });
    return c.json({ completelyDeleted: outcome === "completely" });
  });
