import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { createOrganization, db } from "../support/factories";
import { call, callWithEnv, envelope, refreshCookieFrom } from "../support/http";
import { roundTripRecorder } from "../support/recording-d1";

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

  it("cost one round trip for the session and membership, and one for a table page's data", async () => {
    const { org, member } = await createOrgWithMembers();
    const { binding, roundTrips } = roundTripRecorder();
    const r = await callWithEnv({ DB: binding }, `/api/orgs/${org.id}/tables/videos`, {
      token: member.session.accessToken,
    });
    expect(r.status).toBe(200);
    expect(roundTrips, JSON.stringify(roundTrips, null, 1)).toHaveLength(2);
  });
});
