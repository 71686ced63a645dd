import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkResponseSchema, meResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { invite } from "../../../worker/features/organization/invitations";
import { createUser, randomEmail, userRow } from "../support/accounts";
import { createOrganization, db } from "../support/factories";
import { call, envelope, signIn } from "../support/http";
import { linkToken, mailbox, tempPassword } from "../support/mail";

const ctx = { brandName: "Crosscast", origin: "http://localhost" };
/** The organisation service an admin's "Add member" calls, for an address without an account. */
async function inviteUser(args: {
  email: string;
  name: string | null;
  role: "admin" | "standard";
  organizationId: string;
}) {
  const admin = await createUser({ organizationId: args.organizationId, role: "admin" });
  const { emailSent } = await invite(
    env,
    db(),
    {
      organizationId: args.organizationId,
      email: args.email,
      role: args.role,
      displayName: args.name,
      invitedBy: admin.user.id,
    },
    ctx,
  );
  const [user] = await db().select().from(schema.users).where(eq(schema.users.email, args.email));
  return { userId: user!.id, emailSent };
}
const me = async (token: string) =>
  meResponseSchema.parse((await call("/api/auth/me", { token })).json);

describe("inviting an address that has no account", () => {
  it("creates the person with a 24-hour temporary password and emails it with a welcome link", async () => {
    const org = await createOrganization("Invite & <Co>");
    const email = randomEmail("invitee");
    const result = await inviteUser({
      email,
      name: "New Person",
      role: "standard",
      organizationId: org.id,
    });
    expect(result.emailSent).toBe(true);
    const [mail] = await mailbox(email);
    expect(mail?.kind).toBe("invitation");
    expect(mail?.subject).toBe("You have been invited to Invite & <Co> on Crosscast");
    const row = await userRow(result.userId);
    expect([row.isNewUser, row.hasTemporaryPassword]).toEqual([true, true]);
    expect(row.passwordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    // The HTML part escapes what people typed (the organisation name).
    const [stored] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, email));
    expect(stored!.htmlBody).toContain("Invite &amp; &lt;Co&gt;");
    expect(stored!.htmlBody).not.toContain("<Co>");

    const link = linkResponseSchema.parse(
      (await call("/api/auth/link", { body: { token: linkToken(mail!.text) } })).json,
    );
    expect(link.type).toBe("invite");
    const profile = await me(link.accessToken);
    expect([profile.user.isNewUser, profile.organization?.id, profile.isAdmin]).toEqual([
      true,
      org.id,
      false,
    ]);
    expect(
      (
        await call("/api/auth/set-password", {
          body: { newPassword: "my own password now", type: "invite" },
          token: link.accessToken,
        })
      ).status,
    ).toBe(200);
    expect((await me(link.accessToken)).user.isNewUser).toBe(false);
    expect(
      (await call("/api/auth/sign-in", { body: { email, password: tempPassword(mail!.text) } }))
        .status,
    ).toBe(401);
    expect((await signIn(email, "my own password now")).accessToken).toBeTruthy();
  });

  it("signs the invitee in with the temporary password until it expires", async () => {
    const org = await createOrganization();
    const email = randomEmail("late");
    const { userId } = await inviteUser({
      email,
      name: null,
      role: "admin",
      organizationId: org.id,
    });
    const temp = tempPassword((await mailbox(email))[0]!.text);
    expect((await me((await signIn(email, temp)).accessToken)).user.isNewUser).toBe(true);
    await db()
      .update(schema.users)
      .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.users.id, userId));
    const late = await call("/api/auth/sign-in", { body: { email, password: temp } });
    expect(late.status).toBe(403);
    expect(envelope(late.json)).toMatchObject({
      reason: "temporary_password_expired",
      message: "Temporary password has expired. Please request a new password reset.",
    });
    // A wrong password still says only "invalid": expiry is told only to whoever knows the temporary one.
    expect(
      envelope(
        (await call("/api/auth/sign-in", { body: { email, password: "not the temporary" } })).json,
      ).reason,
    ).toBe("invalid_credentials");
  });
});
