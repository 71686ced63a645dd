import { env } from "cloudflare:test";
import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers, createUser } from "../support/accounts";
import { placeIn } from "../support/content-databases";
import { createOrganization, db } from "../support/factories";
import { call, callWithEnv, envelope, refreshCookieFrom, signIn } from "../support/http";
import { roundTripRecorder, timelineRecorder } from "../support/recording-d1";

// An organisation's routes check the session and the membership together (one statement): each
// way of failing must still answer as it did when they were two checks.
const tablePage = (orgId: string, token: string) =>
  call(`/api/orgs/${orgId}/tables/videos`, { token });

describe("organisation routes", () => {
  it("answer a member, and refuse everyone else with 404 whether or not the organisation exists", async () => {
    const { org, member } = await createOrgWithMembers();
    const other = await createOrganization();
    expect((await tablePage(org.id, member.session.accessToken)).status).toBe(200);
    for (const orgId of [other.id, crypto.randomUUID()]) {
      const r = await tablePage(orgId, member.session.accessToken);
      expect(r.status).toBe(404);
      expect(envelope(r.json).message).toBe("Organization not found");
    }
  });

  it("refuse a table request that fails validation as they refuse any other, before naming the field", async () => {
    // The table pages check access in the same batch as their reads; a request whose query or
    // path is invalid never reaches the reads, and must still be 401 / 404 before any 400.
    const { org, member } = await createOrgWithMembers();
    const other = await createOrganization();
    const bad = (orgId: string, token: string) =>
      call(`/api/orgs/${orgId}/tables/videos?sort=nonsense&pageSize=0`, { token });
    const own = await bad(org.id, member.session.accessToken);
    expect(own.status).toBe(400);
    expect(envelope(own.json).message).toMatch(/sort|pageSize/);
    for (const orgId of [other.id, crypto.randomUUID(), "not-an-id"]) {
      const r = await bad(orgId, member.session.accessToken);
      expect(r.status).toBe(404);
      expect(envelope(r.json).message).toBe("Organization not found");
    }
    const out = await call("/api/auth/sign-out", { method: "POST", cookie: member.session.cookie });
    expect(out.status).toBe(204);
    for (const orgId of [org.id, other.id]) {
      const r = await bad(orgId, member.session.accessToken);
      expect(r.status).toBe(401);
      expect(envelope(r.json).reason).toBe("no_session");
    }
    expect((await bad(org.id, "not-a-token")).status).toBe(401);
  });

  it("answer 401, not 404, once the session is signed out, even for a foreign organisation", async () => {
    const { org, member } = await createOrgWithMembers();
    const other = await createOrganization();
    const out = await call("/api/auth/sign-out", { method: "POST", cookie: member.session.cookie });
    expect(out.status).toBe(204);
    for (const orgId of [org.id, other.id]) {
      const r = await tablePage(orgId, member.session.accessToken);
      expect(r.status).toBe(401);
      expect(envelope(r.json).reason).toBe("no_session");
    }
  });

  it("follow the session's family: a rotated token's access token lives on; an expired family does not", async () => {
    const { org, member } = await createOrgWithMembers();
    const rotated = await call("/api/auth/refresh", {
      method: "POST",
      cookie: member.session.cookie,
    });
    expect(rotated.status).toBe(200);
    expect(refreshCookieFrom(rotated.res)).toBeDefined();
    const fresh = tokenResponseSchema.parse(rotated.json).accessToken;
    // The first access token names the exchanged row; the family is live, so it still works.
    expect((await tablePage(org.id, member.session.accessToken)).status).toBe(200);
    expect((await tablePage(org.id, fresh)).status).toBe(200);
    await db()
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.userId, member.user.id));
    for (const token of [member.session.accessToken, fresh])
      expect((await tablePage(org.id, token)).status).toBe(401);
  });

  it("lose a member removed from the organisation at once (404), while the session lives on", async () => {
    const { org, member } = await createOrgWithMembers();
    await db()
      .delete(schema.userOrganizations)
      .where(eq(schema.userOrganizations.userId, member.user.id));
    expect((await tablePage(org.id, member.session.accessToken)).status).toBe(404);
    expect((await call("/api/auth/me", { token: member.session.accessToken })).status).toBe(200);
  });

  it("give an admin route to the admin and 403 to a standard member, following a role change at once", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const audit = (token: string) => call(`/api/orgs/${org.id}/audit`, { token });
    expect((await audit(admin.session.accessToken)).status).toBe(200);
    const refused = await audit(member.session.accessToken);
    expect(refused.status).toBe(403);
    expect(envelope(refused.json).code).toBe("FORBIDDEN");
    await db()
      .update(schema.userOrganizations)
      .set({ role: "standard" })
      .where(eq(schema.userOrganizations.userId, admin.user.id));
    expect((await audit(admin.session.accessToken)).status).toBe(403);
    expect((await tablePage(org.id, admin.session.accessToken)).status).toBe(200);
  });

  it("cost one round trip for the session, the membership and a table page's data", async () => {
    const { org, member } = await createOrgWithMembers();
    // The first request teaches the isolate where the organisation's content is (the primary
    // database, for an organisation the factory created as before the split).
    expect((await tablePage(org.id, member.session.accessToken)).status).toBe(200);
    const { binding, roundTrips } = roundTripRecorder();
    const r = await callWithEnv({ DB: binding }, `/api/orgs/${org.id}/tables/videos`, {
      token: member.session.accessToken,
    });
    expect(r.status).toBe(200);
    expect(roundTrips, JSON.stringify(roundTrips, null, 1)).toHaveLength(1);
  });

  it("read a table page of an organisation in a content database alongside the access check", async () => {
    const { org, member } = await createOrgWithMembers();
    await placeIn(org.id, "CONTENT_2");
    const page = () => {
      const recorder = timelineRecorder({ DB: env.DB, CONTENT_2: env.CONTENT_2 });
      const answer = callWithEnv(recorder.bindings, `/api/orgs/${org.id}/tables/videos`, {
        token: member.session.accessToken,
      });
      return answer.then((r) => ({ status: r.status, events: recorder.events }));
    };
    // First request in this isolate: the check names the database, then the page is read there.
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.events).toEqual([
      "DB sent",
      "DB answered",
      "CONTENT_2 sent",
      "CONTENT_2 answered",
    ]);
    // From then on the page is read while the check is still on its way: one round trip's wait.
    const next = await page();
    expect(next.status).toBe(200);
    expect(next.events.filter((e) => e.endsWith("sent")).sort()).toEqual([
      "CONTENT_2 sent",
      "DB sent",
    ]);
    expect(next.events.indexOf("CONTENT_2 sent")).toBeLessThan(next.events.indexOf("DB answered"));
  });
});

// Every way a sign-in or a membership ends (issue 14) reaches the organisation's routes at once,
// not only /auth/me: the one statement must see each of them.
describe("organisation routes when access ends", () => {
  const refused = async (orgId: string, token: string) => {
    const r = await tablePage(orgId, token);
    return [r.status, envelope(r.json).reason];
  };

  it("refuse (401) the sign-in a reused refresh token revoked, new access token included", async () => {
    const { org, member } = await createOrgWithMembers();
    const rotated = await call("/api/auth/refresh", {
      method: "POST",
      cookie: member.session.cookie,
    });
    const fresh = tokenResponseSchema.parse(rotated.json).accessToken;
    // Out of the two-tab grace window, then the exchanged token comes back: theft.
    await db()
      .update(schema.sessions)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(isNotNull(schema.sessions.rotatedAt));
    const replay = await call("/api/auth/refresh", {
      method: "POST",
      cookie: member.session.cookie,
    });
    expect(envelope(replay.json).reason).toBe("refresh_token_reused");
    for (const token of [member.session.accessToken, fresh])
      expect(await refused(org.id, token)).toEqual([401, "no_session"]);
  });

  it("refuse (401) the other devices after a password change, and keep the device that made it", async () => {
    const { org, member } = await createOrgWithMembers();
    const elsewhere = await signIn(member.email, member.password);
    const changed = await call("/api/auth/password", {
      body: { currentPassword: member.password, newPassword: "a new long password" },
      token: member.session.accessToken,
    });
    expect(changed.status).toBe(200);
    expect((await tablePage(org.id, member.session.accessToken)).status).toBe(200);
    expect(await refused(org.id, elsewhere.accessToken)).toEqual([401, "no_session"]);
  });

  it("refuse (401) every sign-in of a person an administrator reset", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const reset = await call(`/api/orgs/${org.id}/members/${member.user.id}/reset-password`, {
      method: "POST",
      token: admin.session.accessToken,
    });
    expect(reset.status).toBe(200);
    expect(await refused(org.id, member.session.accessToken)).toEqual([401, "no_session"]);
    expect((await tablePage(org.id, admin.session.accessToken)).status).toBe(200);
  });

  it("answer 404 to a member removed through Members, who keeps their other organisation", async () => {
    const { org, admin } = await createOrgWithMembers();
    const other = await createOrganization();
    const both = await createUser({ organizationId: other.id });
    await db()
      .insert(schema.userOrganizations)
      .values({ userId: both.user.id, organizationId: org.id, role: "standard" });
    const session = await signIn(both.email, both.password);
    expect((await tablePage(org.id, session.accessToken)).status).toBe(200);
    const removed = await call(`/api/orgs/${org.id}/members/${both.user.id}`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(removed.json).toEqual({ completelyDeleted: false });
    const gone = await tablePage(org.id, session.accessToken);
    expect([gone.status, envelope(gone.json).message]).toEqual([404, "Organization not found"]);
    expect((await tablePage(other.id, session.accessToken)).status).toBe(200);
  });
});
