import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../fuzz/route-table";
import { createOrgWithMembers, PNG, uploadAvatar } from "../support/accounts";
import { call } from "../support/http";
import { aimAt, snapshotOf } from "../support/second-org";

/*
 * Isolation as data for Account Settings (issue 20, kind I), where the data is a person's own:
 * another person with a name, a phone number, an avatar, an organisation and a pending
 * invitation. Our /me is exactly what it was before they existed, and every /account route we
 * call with their invitation, organisation and user ids leaves their account, memberships,
 * invitation and avatar file exactly as they were.
 */

type Org = Awaited<ReturnType<typeof createOrgWithMembers>>;
let us: Org;
let them: Org;
let invitationId: string;
let meBefore: string;

/** Everything of theirs: their organisation's rows and people, their invitation, their avatar. */
async function theirState() {
  const organization = await snapshotOf(them.org.id);
  const person = (
    organization.people.users as Array<{ id: string; avatar_key: string | null }>
  ).find((u) => u.id === them.member.user.id);
  const avatar = person?.avatar_key ? await env.FILES.head(person.avatar_key) : null;
  const invitations = await env.DB.prepare("SELECT * FROM invitations WHERE email = ?")
    .bind(them.member.email)
    .all();
  return {
    organization,
    invitations: invitations.results,
    avatar: avatar && { key: avatar.key, size: avatar.size, etag: avatar.etag },
  };
}

const me = async () =>
  (await call(`/api/auth/me?organizationId=${us.org.id}`, { token: us.member.session.accessToken }))
    .text;

beforeAll(async () => {
  us = await createOrgWithMembers();
  meBefore = await me();
  them = await createOrgWithMembers();
  const token = them.member.session.accessToken;
  await call("/api/account/profile", {
    method: "PATCH",
    body: { name: "Look Alike", phoneNumber: "+1 555 010 0000" },
    token,
  });
  expect((await uploadAvatar(token, PNG)).status).toBe(200);
  const third = await createOrgWithMembers();
  const invited = await call(`/api/orgs/${third.org.id}/members`, {
    body: { email: them.member.email, role: "standard" },
    token: third.admin.session.accessToken,
  });
  invitationId = (invited.json as { invitation: { id: string } }).invitation.id;
}, 120_000);

describe("Account Settings with another person beside us", () => {
  it("our /me is exactly what it was before they existed, and names nothing of theirs", async () => {
    const now = await me();
    expect(now).toBe(meBefore);
    for (const id of [them.org.id, them.member.user.id, invitationId, them.member.email])
      expect(now).not.toContain(id);
  });

  it("their invitation, organisation and user ids on every /account route change nothing of theirs", async () => {
    const before = await theirState();
    expect(before.avatar).not.toBeNull();
    expect(before.invitations).toHaveLength(1);
    const routes = apiRoutes().filter((r) => r.path.startsWith("/api/account/"));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes)
      for (const id of [invitationId, them.org.id, them.member.user.id])
        for (const answer of await aimAt(route, us.org.id, us.member.session.accessToken, id, {
          params: { answer: ["accept", "decline"] },
          body: () => ({ organizationId: id, name: "Intruder", phoneNumber: null }),
        }))
          expect(answer.status, `${answer.label}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
    expect(await theirState()).toEqual(before);
    expect(await me()).not.toContain(them.org.id);
  });
});
