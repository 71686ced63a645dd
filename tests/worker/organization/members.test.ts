import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membersPageSchema } from "../../../shared/schemas/organization";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers, createUser, randomEmail } from "../support/accounts";
import { createOrganization, db } from "../support/factories";
import { call, envelope, signIn } from "../support/http";

const page = async (orgId: string, token: string) =>
  membersPageSchema.parse((await call(`/api/orgs/${orgId}/members`, { token })).json);
const members = async (orgId: string, token: string) => (await page(orgId, token)).members;

describe("members", () => {
  it("adds a new person with an invitation email and a 24-hour temporary password", async () => {
    const { org, admin } = await createOrgWithMembers();
    const email = randomEmail("invitee");
    const r = await call(`/api/orgs/${org.id}/members`, {
      body: { email, name: "" },
      token: admin.session.accessToken,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ invitation: { email, status: "pending" }, emailSent: true });
    // Invited, not yet a member: the list shows the invitation.
    const listed = await page(org.id, admin.session.accessToken);
    expect(listed.members.map((m) => m.email)).not.toContain(email);
    expect(listed.invitations.find((i) => i.email === email)).toMatchObject({
      role: "standard",
      name: null,
      status: "pending",
    });
    const mail = (await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json as {
      messages: Array<{ kind: string; text: string }>;
    };
    expect(mail.messages[0]!.kind).toBe("invitation");
    const temp = /temporary password: (\S+)/i.exec(mail.messages[0]!.text)![1]!;
    const [user] = await db().select().from(schema.users).where(eq(schema.users.email, email));
    expect(user!.passwordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    // Signing in with the invitation's temporary password is the person's acceptance.
    const session = await signIn(email, temp);
    expect((await call("/api/auth/me", { token: session.accessToken })).json).toMatchObject({
      user: { isNewUser: true },
      organization: { id: org.id },
    });
    expect((await members(org.id, admin.session.accessToken)).map((m) => m.email)).toContain(email);
  });

  it("refuses an email already in this organisation; another organisation's user is only invited", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const dup = await call(`/api/orgs/${org.id}/members`, {
      body: { email: member.email, role: "admin" },
      token: admin.session.accessToken,
    });
    expect(dup.status).toBe(409);
    expect(envelope(dup.json).field).toBe("email");
    const other = await createOrganization();
    const outsider = await createUser({ organizationId: other.id });
    const added = await call(`/api/orgs/${org.id}/members`, {
      body: { email: outsider.email, role: "standard" },
      token: admin.session.accessToken,
    });
    expect(added.status).toBe(201);
    expect((await members(org.id, admin.session.accessToken)).map((m) => m.email)).not.toContain(
      outsider.email,
    );
  });

  it("changes roles but never demotes or removes the last administrator", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const demoteSelf = await call(`/api/orgs/${org.id}/members/${admin.user.id}`, {
      method: "PATCH",
      body: { role: "standard" },
      token: admin.session.accessToken,
    });
    expect(demoteSelf.status).toBe(409);
    expect(envelope(demoteSelf.json).message).toBe(
      "Cannot demote the last administrator. Promote another member to admin first.",
    );
    const removeSelf = await call(`/api/orgs/${org.id}/members/${admin.user.id}`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(removeSelf.status).toBe(409);
    // A removal is refused in its own words, not the demotion's.
    expect(envelope(removeSelf.json)).toMatchObject({
      reason: "last_admin",
      message: "Cannot remove the last administrator. Promote another member to admin first.",
    });
    const promote = await call(`/api/orgs/${org.id}/members/${member.user.id}`, {
      method: "PATCH",
      body: { role: "admin" },
      token: admin.session.accessToken,
    });
    expect(promote.status).toBe(200);
    expect(
      (
        await call(`/api/orgs/${org.id}/members/${admin.user.id}`, {
          method: "PATCH",
          body: { role: "standard" },
          token: admin.session.accessToken,
        })
      ).status,
    ).toBe(200);
  });

  it("lets only one of two admins demoting each other at once succeed", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    await call(`/api/orgs/${org.id}/members/${member.user.id}`, {
      method: "PATCH",
      body: { role: "admin" },
      token: admin.session.accessToken,
    });
    const [a, b] = await Promise.all([
      call(`/api/orgs/${org.id}/members/${member.user.id}`, {
        method: "PATCH",
        body: { role: "standard" },
        token: admin.session.accessToken,
      }),
      call(`/api/orgs/${org.id}/members/${admin.user.id}`, {
        method: "PATCH",
        body: { role: "standard" },
        token: member.session.accessToken,
      }),
    ]);
    // The loser is refused either by the last-admin guard (409) or, if the winner's change landed
    // before its request was authorised, because it is no longer an admin (403).
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = (
      await db()
        .select()
        .from(schema.userOrganizations)
        .where(eq(schema.userOrganizations.organizationId, org.id))
    ).filter((m) => m.role === "admin");
    expect(admins).toHaveLength(1);
  });

  it("removes someone completely when they belong nowhere else, otherwise only from this organisation", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const gone = await call(`/api/orgs/${org.id}/members/${member.user.id}`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(gone.json).toEqual({ completelyDeleted: true });
    expect(
      await db().select().from(schema.users).where(eq(schema.users.id, member.user.id)),
    ).toEqual([]);
    expect((await call("/api/auth/me", { token: member.session.accessToken })).status).toBe(401);

    const other = await createOrganization();
    const both = await createUser({ organizationId: other.id });
    await db()
      .insert(schema.userOrganizations)
      .values({ userId: both.user.id, organizationId: org.id, role: "standard" });
    const partial = await call(`/api/orgs/${org.id}/members/${both.user.id}`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(partial.json).toEqual({ completelyDeleted: false });
    expect(
      await db().select().from(schema.users).where(eq(schema.users.id, both.user.id)),
    ).toHaveLength(1);
  });

  it("resets the password of a member who belongs only here, with an emailed temporary password", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/members/${member.user.id}/reset-password`, {
      method: "POST",
      token: admin.session.accessToken,
    });
    expect(r.json).toEqual({ email: member.email, emailSent: true });
    const mail = (await call(`/api/dev/mailbox?to=${encodeURIComponent(member.email)}`)).json as {
      messages: Array<{ kind: string }>;
    };
    expect(mail.messages[0]!.kind).toBe("admin_reset");
  });

  it("edits how a member appears here, never their own name, and rejects an invalid member id", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    await call(`/api/orgs/${org.id}/members/${member.user.id}`, {
      method: "PATCH",
      body: { name: "Jo Doe" },
      token: admin.session.accessToken,
    });
    expect(
      (await members(org.id, admin.session.accessToken)).find((m) => m.userId === member.user.id),
    ).toMatchObject({ name: "Jo Doe", displayName: "Jo Doe" });
    const [own] = await db().select().from(schema.users).where(eq(schema.users.id, member.user.id));
    expect(own!.name).toBeNull();
    expect(
      (
        await call(`/api/orgs/${org.id}/members/not-a-uuid`, {
          method: "PATCH",
          body: { name: "x" },
          token: admin.session.accessToken,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/orgs/${org.id}/members/${crypto.randomUUID()}`, {
          method: "PATCH",
          body: { name: "x" },
          token: admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
  });
});
