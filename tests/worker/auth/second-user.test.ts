import { beforeAll, describe, expect, it } from "vitest";
import { createOrgWithMembers } from "../support/accounts";
import { call, refreshCookieFrom, signIn } from "../support/http";
import { type Snapshot, snapshotOf } from "../support/second-org";

/*
 * Isolation as data for sign-in and sessions (issue 20, kind I): the auth routes take no ids,
 * they act on the caller. So another organisation's people, signed in on two devices, must come
 * through everything we do to our own sign-ins (refresh, password change, reset request,
 * sign-out, signing in again) with their accounts, sessions and link tokens exactly as they
 * were; and our /me, asked for their organisation, names nothing of it.
 */

type Org = Awaited<ReturnType<typeof createOrgWithMembers>>;
let us: Org;
let them: Org;
let meBefore: string;
let before: Snapshot;

const me = (query = "") => call(`/api/auth/me${query}`, { token: us.member.session.accessToken });

beforeAll(async () => {
  us = await createOrgWithMembers();
  meBefore = (await me()).text;
  them = await createOrgWithMembers();
  // A second device for each of them: two live sessions apiece.
  await signIn(them.member.email, them.member.password);
  await signIn(them.admin.email, them.admin.password);
  before = await snapshotOf(them.org.id);
}, 120_000);

describe("sign-in and sessions with another organisation's people signed in", () => {
  it("our /me is what it was before they existed, and asking for their organisation shows none of it", async () => {
    expect((await me()).text).toBe(meBefore);
    const asked = await me(`?organizationId=${them.org.id}`);
    expect(asked.status).toBeLessThan(500);
    for (const theirs of [them.org.id, them.org.name, them.admin.user.id, them.member.email])
      expect(asked.text).not.toContain(theirs);
  });

  it("refreshing, changing our password, a reset request and signing out leave their sign-ins as they were", async () => {
    const live = (before.people.sessions as Array<{ revoked_at: unknown }>).filter(
      (s) => s.revoked_at === null,
    );
    expect(live).toHaveLength(4);
    const refreshed = await call("/api/auth/refresh", {
      method: "POST",
      cookie: us.member.session.cookie,
    });
    expect(refreshed.status).toBe(200);
    const cookie = refreshCookieFrom(refreshed.res)!;
    const token = (refreshed.json as { accessToken: string }).accessToken;
    const changed = await call("/api/auth/password", {
      body: {
        currentPassword: us.member.password,
        newPassword: "a different horse battery staple",
      },
      token,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(
      (await call("/api/auth/reset-request", { body: { email: us.member.email } })).status,
    ).toBe(200);
    expect((await call("/api/auth/sign-out", { method: "POST", cookie })).status).toBe(204);
    await signIn(us.admin.email, us.admin.password);
    expect(await snapshotOf(them.org.id)).toEqual(before);
  });
});
