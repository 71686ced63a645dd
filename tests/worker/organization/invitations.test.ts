import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meResponseSchema } from "../../../shared/schemas/auth";
import { membersPageSchema } from "../../../shared/schemas/organization";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers, createUser, randomEmail } from "../support/accounts";
import { db } from "../support/factories";
import { call, envelope } from "../support/http";
import { mailbox } from "../support/mail";

/*
 * Invitations the person accepts (issue 14): one organisation's admin can no longer take over
 * another organisation's people. Two organisations A and B, each with an admin and a member.
 */

const page = async (orgId: string, token: string) =>
  membersPageSchema.parse((await call(`/api/orgs/${orgId}/members`, { token })).json);
const me = async (token: string, query = "") =>
  meResponseSchema.parse((await call(`/api/auth/me${query}`, { token })).json);
const inviteInto = (orgId: string, token: string, email: string, extra: object = {}) =>
  call(`/api/orgs/${orgId}/members`, { body: { email, role: "standard", ...extra }, token });

async function twoOrganisations() {
  const a = await createOrgWithMembers();
  const b = await createOrgWithMembers();
  return { a, b };
}

describe("inviting someone who already has an account", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers exactly as for a new address, and makes nobody a member", async () => {
    const { a, b } = await twoOrganisations();
    const known = await inviteInto(b.org.id, b.admin.session.accessToken, a.member.email, {
      name: "Renamed By B",
    });
    const fresh = await inviteInto(b.org.id, b.admin.session.accessToken, randomEmail("new"), {
      name: "Renamed By B",
    });
    expect([known.status, fresh.status]).toEqual([201, 201]);
    const shape = (json: unknown) => {
      const { invitation, emailSent } = json as {
        invitation: Record<string, unknown>;
        emailSent: boolean;
      };
      return { ...invitation, id: "", email: "", sentAt: "", expiresAt: "", emailSent };
    };
    expect(shape(known.json)).toEqual(shape(fresh.json));
    // Not a member of B: B's routes do not know them, B's list shows only an invitation.
    expect(
      (await call(`/api/orgs/${b.org.id}`, { token: a.member.session.accessToken })).status,
    ).toBe(404);
    const listed = await page(b.org.id, b.admin.session.accessToken);
    expect(listed.members.map((m) => m.email)).not.toContain(a.member.email);
    expect(listed.invitations.map((i) => i.email)).toContain(a.member.email);
    // A's list is untouched.
    const inA = (await page(a.org.id, a.admin.session.accessToken)).members;
    expect(inA.find((m) => m.email === a.member.email)!.name).toBeNull();
  });

  it("costs the same password-hash work whether or not the address has an account", async () => {
    const { a, b } = await twoOrganisations();
    const count = async (email: string) => {
      const spy = vi.spyOn(crypto.subtle, "deriveBits");
      await inviteInto(b.org.id, b.admin.session.accessToken, email);
      const n = spy.mock.calls.length;
      spy.mockRestore();
      return n;
    };
    expect(await count(a.member.email)).toBe(await count(randomEmail("fresh")));
  });

  it("emails the person, who accepts from the banner and joins with the invited role and name", async () => {
    const { a, b } = await twoOrganisations();
    await inviteInto(b.org.id, b.admin.session.accessToken, a.member.email, {
      name: "Agency Jo",
      role: "admin",
    });
    const [mail] = await mailbox(a.member.email);
    expect(mail!.kind).toBe("invitation_existing");
    expect(mail!.text).not.toMatch(/temporary password/i);
    const before = await me(a.member.session.accessToken);
    expect(before.invitations).toHaveLength(1);
    expect(before.invitations[0]).toMatchObject({ organizationName: b.org.name, role: "admin" });
    expect(before.memberships.map((m) => m.organizationId)).toEqual([a.org.id]);

    const accepted = await call(`/api/account/invitations/${before.invitations[0]!.id}/accept`, {
      method: "POST",
      token: a.member.session.accessToken,
    });
    expect(accepted.status).toBe(200);
    const after = meResponseSchema.parse(accepted.json);
    expect(after.invitations).toEqual([]);
    expect(after.organization?.id).toBe(b.org.id);
    expect(after.memberships.map((m) => m.organizationId).sort()).toEqual(
      [a.org.id, b.org.id].sort(),
    );
    const inB = (await page(b.org.id, b.admin.session.accessToken)).members.find(
      (m) => m.email === a.member.email,
    )!;
    expect(inB).toMatchObject({ role: "admin", name: "Agency Jo", canResetPassword: false });
    // Their own name is theirs: A still shows it, and the account row is unchanged.
    const inA = (await page(a.org.id, a.admin.session.accessToken)).members.find(
      (m) => m.email === a.member.email,
    )!;
    expect(inA.name).toBeNull();
    const [own] = await db()
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, a.member.user.id));
    expect(own!.name).toBeNull();
  });

  it("a declined invitation leaves them out, and the admin sees the answer", async () => {
    const { a, b } = await twoOrganisations();
    await inviteInto(b.org.id, b.admin.session.accessToken, a.member.email);
    const [invitation] = (await me(a.member.session.accessToken)).invitations;
    const declined = await call(`/api/account/invitations/${invitation!.id}/decline`, {
      method: "POST",
      token: a.member.session.accessToken,
    });
    expect(meResponseSchema.parse(declined.json).invitations).toEqual([]);
    const listed = await page(b.org.id, b.admin.session.accessToken);
    expect(listed.members.map((m) => m.email)).not.toContain(a.member.email);
    expect(listed.invitations.find((i) => i.email === a.member.email)?.status).toBe("declined");
    // Declined is final until the admin invites again.
    const again = await call(`/api/account/invitations/${invitation!.id}/accept`, {
      method: "POST",
      token: a.member.session.accessToken,
    });
    expect(again.status).toBe(404);
  });

  it("only the invited address can answer; anyone else gets 404", async () => {
    const { a, b } = await twoOrganisations();
    await inviteInto(b.org.id, b.admin.session.accessToken, a.member.email);
    const [invitation] = (await me(a.member.session.accessToken)).invitations;
    for (const token of [a.admin.session.accessToken, b.member.session.accessToken]) {
      const r = await call(`/api/account/invitations/${invitation!.id}/accept`, {
        method: "POST",
        token,
      });
      expect(r.status).toBe(404);
    }
    expect(
      (await call(`/api/account/invitations/${invitation!.id}/accept`, { method: "POST" })).status,
    ).toBe(401);
    expect(
      (await page(b.org.id, b.admin.session.accessToken)).members.map((m) => m.email),
    ).not.toContain(a.admin.email);
  });
});

describe("what an organisation's admin may change", () => {
  it("no reset for someone who belongs elsewhere too; pictures are the person's own", async () => {
    const { a, b } = await twoOrganisations();
    await inviteInto(b.org.id, b.admin.session.accessToken, a.member.email);
    const [invitation] = (await me(a.member.session.accessToken)).invitations;
    await call(`/api/account/invitations/${invitation!.id}/accept`, {
      method: "POST",
      token: a.member.session.accessToken,
    });
    const reset = await call(`/api/orgs/${b.org.id}/members/${a.member.user.id}/reset-password`, {
      method: "POST",
      token: b.admin.session.accessToken,
    });
    expect(reset.status).toBe(409);
    expect(envelope(reset.json).reason).toBe("not_sole_membership");
    expect(await mailbox(a.member.email)).toHaveLength(1); // the invitation only
    for (const method of ["POST", "DELETE"]) {
      const r = await call(`/api/orgs/${b.org.id}/members/${a.member.user.id}/avatar`, {
        method,
        token: b.admin.session.accessToken,
      });
      expect(r.status).toBe(404);
    }
  });
});

describe("invitation races, resends and withdrawals", () => {
  it("twenty parallel invitations of one new address: one invitation, one account, no 5xx", async () => {
    const { org, admin } = await createOrgWithMembers();
    const email = randomEmail("race");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => inviteInto(org.id, admin.session.accessToken, email)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201))
      expect(envelope(r.json).reason).toBe("already_invited");
    const users = await db().select().from(schema.users).where(eq(schema.users.email, email));
    expect(users).toHaveLength(1);
    const rows = await db()
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.email, email));
    expect(rows).toHaveLength(1);
  }, 60_000);

  it("resends at most every ten minutes; withdrawing deletes an account nobody ever used", async () => {
    const { org, admin } = await createOrgWithMembers();
    const email = randomEmail("resend");
    const created = await inviteInto(org.id, admin.session.accessToken, email);
    const id = (created.json as { invitation: { id: string } }).invitation.id;
    const soon = await call(`/api/orgs/${org.id}/members/invitations/${id}/resend`, {
      method: "POST",
      token: admin.session.accessToken,
    });
    expect(soon.status).toBe(429);
    await db()
      .update(schema.invitations)
      .set({ lastSentAt: sql`${schema.invitations.lastSentAt} - ${11 * 60_000}` })
      .where(eq(schema.invitations.id, id));
    const later = await call(`/api/orgs/${org.id}/members/invitations/${id}/resend`, {
      method: "POST",
      token: admin.session.accessToken,
    });
    expect(later.status).toBe(200);
    expect(await mailbox(email)).toHaveLength(2);
    const withdrawn = await call(`/api/orgs/${org.id}/members/invitations/${id}`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(withdrawn.status).toBe(200);
    expect(await db().select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
  });

  it("another organisation's admin cannot resend or withdraw it", async () => {
    const { a, b } = await twoOrganisations();
    const created = await inviteInto(a.org.id, a.admin.session.accessToken, randomEmail());
    const id = (created.json as { invitation: { id: string } }).invitation.id;
    for (const [method, path] of [
      ["POST", `/api/orgs/${b.org.id}/members/invitations/${id}/resend`],
      ["DELETE", `/api/orgs/${b.org.id}/members/invitations/${id}`],
      ["DELETE", `/api/orgs/${a.org.id}/members/invitations/${id}`],
    ] as const) {
      const asB = await call(path, { method, token: b.admin.session.accessToken });
      expect(asB.status, path).toBe(404);
    }
  });
});

describe("people in several organisations", () => {
  async function agencyPerson() {
    const { a, b } = await twoOrganisations();
    await inviteInto(b.org.id, b.admin.session.accessToken, a.member.email);
    const [invitation] = (await me(a.member.session.accessToken)).invitations;
    await call(`/api/account/invitations/${invitation!.id}/accept`, {
      method: "POST",
      token: a.member.session.accessToken,
    });
    return { a, b, token: a.member.session.accessToken };
  }

  it("lists every membership, switches, and remembers the one used last", async () => {
    const { a, b, token } = await agencyPerson();
    const switched = await call("/api/account/active-organization", {
      body: { organizationId: a.org.id },
      token,
    });
    expect(meResponseSchema.parse(switched.json).organization?.id).toBe(a.org.id);
    expect((await me(token)).organization?.id).toBe(a.org.id);
    // A tab can ask for its own active organisation without changing the remembered one.
    expect((await me(token, `?organizationId=${b.org.id}`)).organization?.id).toBe(b.org.id);
    expect((await me(token)).organization?.id).toBe(a.org.id);
    // Each organisation's routes answer with that organisation's role, checked on every request.
    expect((await call(`/api/orgs/${a.org.id}`, { token })).json).toMatchObject({
      role: "standard",
    });
    expect((await call(`/api/orgs/${b.org.id}`, { token })).status).toBe(200);
  });

  it("cannot switch into, or ask /me for, an organisation it does not belong to", async () => {
    const { token } = await agencyPerson();
    const stranger = await createOrgWithMembers();
    const r = await call("/api/account/active-organization", {
      body: { organizationId: stranger.org.id },
      token,
    });
    expect(r.status).toBe(404);
    const profile = await me(token, `?organizationId=${stranger.org.id}`);
    expect(profile.organization?.id).not.toBe(stranger.org.id);
    expect(profile.memberships.map((m) => m.organizationId)).not.toContain(stranger.org.id);
  });

  it("removal from one organisation leaves the other membership and the account", async () => {
    const { a, b, token } = await agencyPerson();
    const removed = await call(`/api/orgs/${b.org.id}/members/${a.member.user.id}`, {
      method: "DELETE",
      token: b.admin.session.accessToken,
    });
    expect(removed.json).toEqual({ completelyDeleted: false });
    expect((await call(`/api/orgs/${b.org.id}`, { token })).status).toBe(404);
    expect((await me(token)).memberships.map((m) => m.organizationId)).toEqual([a.org.id]);
  });
});

describe("a brand-new address", () => {
  it("joins by using the invitation's temporary password, and is then a member", async () => {
    const { org, admin } = await createOrgWithMembers();
    const email = randomEmail("brandnew");
    await inviteInto(org.id, admin.session.accessToken, email, { name: "Newcomer" });
    // The email invites; it does not say the person has been added before they accept.
    const [mail] = await mailbox(email);
    expect(mail!.kind).toBe("invitation");
    expect(mail!.text).toContain(`You have been invited to join ${org.name}.`);
    expect(mail!.text).not.toMatch(/been added/);
    const [user] = await db().select().from(schema.users).where(eq(schema.users.email, email));
    expect(user!.isNewUser).toBe(true);
    expect(
      await db()
        .select()
        .from(schema.userOrganizations)
        .where(eq(schema.userOrganizations.userId, user!.id)),
    ).toEqual([]);
    await createUser(); // unrelated noise
  });
});
