import { describe, expect, it } from "vitest";
import { createOrgWithMembers, createUser } from "../support/accounts";
import { createOrganization } from "../support/factories";
import { call, envelope, signIn } from "../support/http";

type Route = { method: string; path: (orgId: string, memberId: string) => string; body?: unknown };

// Every admin route of Organization Settings, Google and storage.
const adminRoutes: Route[] = [
  { method: "PATCH", path: (o) => `/api/orgs/${o}`, body: { name: "Renamed" } },
  { method: "DELETE", path: (o) => `/api/orgs/${o}/logo` },
  { method: "GET", path: (o) => `/api/orgs/${o}/integrations` },
  {
    method: "PUT",
    path: (o) => `/api/orgs/${o}/integrations`,
    body: { youtubeApiKey: "AIza-test-key-1234" },
  },
  { method: "GET", path: (o) => `/api/orgs/${o}/audit` },
  { method: "GET", path: (o) => `/api/orgs/${o}/members` },
  {
    method: "POST",
    path: (o) => `/api/orgs/${o}/members`,
    body: { email: "x@example.com", role: "standard" },
  },
  { method: "PATCH", path: (o, m) => `/api/orgs/${o}/members/${m}`, body: { role: "standard" } },
  { method: "POST", path: (o, m) => `/api/orgs/${o}/members/${m}/reset-password` },
  {
    method: "POST",
    path: (o) => `/api/orgs/${o}/members/invitations/${crypto.randomUUID()}/resend`,
  },
  {
    method: "DELETE",
    path: (o) => `/api/orgs/${o}/members/invitations/${crypto.randomUUID()}`,
  },
  { method: "DELETE", path: (o, m) => `/api/orgs/${o}/members/${m}` },
  { method: "GET", path: (o) => `/api/orgs/${o}/google` },
  { method: "POST", path: (o) => `/api/orgs/${o}/google/connect` },
  { method: "DELETE", path: (o) => `/api/orgs/${o}/google` },
  { method: "GET", path: (o) => `/api/orgs/${o}/storage/quota` },
  { method: "GET", path: (o) => `/api/orgs/${o}/storage/files` },
  { method: "POST", path: (o) => `/api/orgs/${o}/storage/delete`, body: { fileIds: ["a"] } },
  { method: "PATCH", path: (o) => `/api/orgs/${o}/timezone`, body: { timezone: "UTC" } },
];

describe("organisation administration role matrix", () => {
  it("refuses every admin route to a standard user (403) and hides it from another organisation (404)", {
    timeout: 60_000,
  }, async () => {
    const { org, member } = await createOrgWithMembers();
    const other = await createOrganization();
    const stranger = await createUser({ organizationId: other.id, role: "admin" });
    const strangerSession = await signIn(stranger.email, stranger.password);
    for (const route of adminRoutes) {
      const path = route.path(org.id, member.user.id);
      const asMember = await call(path, {
        method: route.method,
        body: route.body,
        token: member.session.accessToken,
      });
      expect(asMember.status, `${route.method} ${path} as standard user`).toBe(403);
      expect(envelope(asMember.json).code).toBe("FORBIDDEN");
      const asStranger = await call(path, {
        method: route.method,
        body: route.body,
        token: strangerSession.accessToken,
      });
      expect(asStranger.status, `${route.method} ${path} as another organisation's admin`).toBe(
        404,
      );
      const anonymous = await call(path, { method: route.method, body: route.body });
      expect(anonymous.status, `${route.method} ${path} signed out`).toBe(401);
    }
  });

  it("lets any member read the organisation's basic information, and nobody else", async () => {
    const { org, member } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}`, { token: member.session.accessToken });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      organization: { id: org.id, name: org.name },
      role: "standard",
    });
    const other = await createOrganization();
    const stranger = await createUser({ organizationId: other.id, role: "admin" });
    const strangerSession = await signIn(stranger.email, stranger.password);
    expect((await call(`/api/orgs/${org.id}`, { token: strangerSession.accessToken })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/orgs/${crypto.randomUUID()}`, { token: member.session.accessToken }))
        .status,
    ).toBe(404);
  });
});
