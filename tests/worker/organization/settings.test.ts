import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { integrationsResponseSchema } from "../../../shared/schemas/organization";
import { schema } from "../../../worker/db/client";
import { decryptSecret } from "../../../worker/lib/crypto/aes-gcm";
import { createOrgWithMembers, PNG } from "../support/accounts";
import { contentOf } from "../support/factories";
import { call, envelope } from "../support/http";

/** The organisation's row in the database that holds its content (the stub there, if not DB). */
const contentRow = async (organizationId: string) =>
  (
    await (
      await contentOf(organizationId)
    )
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, organizationId))
  )[0];

describe("organization information", () => {
  it("renames the organisation (name required) and records it in the audit log", async () => {
    const { org, admin } = await createOrgWithMembers();
    const bad = await call(`/api/orgs/${org.id}`, {
      method: "PATCH",
      body: { name: "   " },
      token: admin.session.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(envelope(bad.json).field).toBe("name");
    const ok = await call(`/api/orgs/${org.id}`, {
      method: "PATCH",
      body: { name: "Acme Media" },
      token: admin.session.accessToken,
    });
    expect(ok.json).toMatchObject({ organization: { name: "Acme Media" } });
    // Content queries read the organisation's row in its own database: it follows.
    expect(await contentRow(org.id)).toMatchObject({ name: "Acme Media" });
    const audit = await call(`/api/orgs/${org.id}/audit`, { token: admin.session.accessToken });
    expect(audit.json).toMatchObject({
      entries: [{ action: "organization.updated", actorEmail: admin.email }],
    });
  });

  it("records a change of time zone with both zones, and not a choice of the same zone", async () => {
    const { org, admin } = await createOrgWithMembers();
    const token = admin.session.accessToken;
    const setZone = (timezone: string) =>
      call(`/api/orgs/${org.id}/timezone`, { method: "PATCH", body: { timezone }, token });
    expect((await setZone("Asia/Tokyo")).status).toBe(200);
    expect((await setZone("Asia/Tokyo")).status).toBe(200);
    const audit = await call(`/api/orgs/${org.id}/audit`, { token });
    const entries = (audit.json as { entries: Array<{ action: string }> }).entries.filter(
      (e) => e.action === "organization.timezone_changed",
    );
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: admin.email,
        details: { from: "America/Los_Angeles", to: "Asia/Tokyo" },
      }),
    ]);
  });

  it("refuses texts past their length with a message naming the field, changing nothing", async () => {
    const { org, admin } = await createOrgWithMembers();
    const token = admin.session.accessToken;
    const tooLong = await call(`/api/orgs/${org.id}`, {
      method: "PATCH",
      body: { name: "a".repeat(121) },
      token,
    });
    expect(tooLong.status).toBe(400);
    expect(envelope(tooLong.json)).toMatchObject({
      field: "name",
      message: "name: Organization name must be at most 120 characters",
    });
    // 120 is the limit itself, and nothing was saved by the refusal before it.
    expect((await contentRow(org.id))?.name).toBe(org.name);
    const longest = await call(`/api/orgs/${org.id}`, {
      method: "PATCH",
      body: { name: "a".repeat(120) },
      token,
    });
    expect(longest.status).toBe(200);

    const member = await call(`/api/orgs/${org.id}/members`, {
      body: { email: `long-${crypto.randomUUID().slice(0, 6)}@example.com`, name: "n".repeat(201) },
      token,
    });
    expect(envelope(member.json).message).toBe("name: Name must be at most 200 characters");
    const phone = await call("/api/account/profile", {
      method: "PATCH",
      body: { phoneNumber: "1".repeat(41) },
      token,
    });
    expect(envelope(phone.json).message).toBe(
      "phoneNumber: Phone number must be at most 40 characters",
    );
  });

  it("names the member an entry is about: a role changed, a password reset", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const token = admin.session.accessToken;
    const changed = await call(`/api/orgs/${org.id}/members/${member.user.id}`, {
      method: "PATCH",
      body: { role: "admin" },
      token,
    });
    expect(changed.status).toBe(200);
    const reset = await call(`/api/orgs/${org.id}/members/${member.user.id}/reset-password`, {
      method: "POST",
      token,
    });
    expect(reset.status).toBe(200);
    const audit = await call(`/api/orgs/${org.id}/audit`, { token });
    expect(audit.json).toMatchObject({
      entries: [
        { action: "member.password_reset", actorEmail: admin.email, targetEmail: member.email },
        {
          action: "member.role_changed",
          targetEmail: member.email,
          details: { from: "standard", to: "admin" },
        },
      ],
    });
    // An entry about no person names none.
    await call(`/api/orgs/${org.id}`, { method: "PATCH", body: { name: "Renamed" }, token });
    const renamed = await call(`/api/orgs/${org.id}/audit`, { token });
    expect((renamed.json as { entries: unknown[] }).entries[0]).toMatchObject({
      action: "organization.updated",
      targetEmail: null,
    });
  });

  it("uploads and removes a logo through R2, and the header data follows", async () => {
    const { org, admin } = await createOrgWithMembers();
    const form = new FormData();
    form.append("file", new File([PNG], "logo.png", { type: "image/png" }));
    const up = await SELF.fetch(`http://localhost/api/orgs/${org.id}/logo`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${admin.session.accessToken}` },
    });
    const logoUrl = ((await up.json()) as { organization: { logoUrl: string } }).organization
      .logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/api/images/organizations/${org.id}/`));
    const me = await call("/api/auth/me", { token: admin.session.accessToken });
    expect(me.json).toMatchObject({ organization: { logoUrl } });
    const stored = await contentRow(org.id);
    expect(logoUrl).toContain(stored!.logoKey!);
    await call(`/api/orgs/${org.id}/logo`, { method: "DELETE", token: admin.session.accessToken });
    expect((await contentRow(org.id))!.logoKey).toBeNull();
    expect(await env.FILES.get(logoUrl.replace("/api/images/", ""))).toBeNull();
    const again = await call(`/api/orgs/${org.id}/logo`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(envelope(again.json).message).toBe("No logo to remove or insufficient permissions");
  });
});

describe("API keys", () => {
  it("are stored encrypted, answered only as a mask with status pending, and never returned", async () => {
    const { org, admin } = await createOrgWithMembers();
    const key = "AIzaSyD-secret-youtube-key-9876";
    const saved = await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      body: { youtubeApiKey: key },
      token: admin.session.accessToken,
    });
    expect(saved.text).not.toContain(key);
    const { integrations } = integrationsResponseSchema.parse(saved.json);
    expect(integrations).toEqual([
      {
        type: "youtube",
        status: "pending",
        mask: "••••9876",
        lastCheckedAt: null,
        lastError: null,
      },
    ]);
    const [row] = await (await contentOf(org.id))
      .select()
      .from(schema.integrations)
      .where(eq(schema.integrations.organizationId, org.id));
    expect(row!.apiKeyCiphertext).not.toContain(key);
    expect(await decryptSecret(row!.apiKeyCiphertext, env.ENCRYPTION_KEY)).toBe(key);
    const listed = await call(`/api/orgs/${org.id}/integrations`, {
      token: admin.session.accessToken,
    });
    expect(listed.text).not.toContain(key);
    const audit = await call(`/api/orgs/${org.id}/audit`, { token: admin.session.accessToken });
    expect(audit.text).not.toContain(key);
  });

  it("requires at least one key", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      body: {},
      token: admin.session.accessToken,
    });
    expect(r.status).toBe(400);
  });

  it("refuses a key longer than the limit, naming the key, and stores nothing", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      body: { youtubeApiKey: "AIza-fine", simplecastApiKey: "s".repeat(301) },
      token: admin.session.accessToken,
    });
    expect(r.status).toBe(400);
    expect(envelope(r.json)).toMatchObject({
      field: "simplecastApiKey",
      message: "simplecastApiKey: Simplecast API key must be at most 300 characters",
    });
    const rows = await (await contentOf(org.id))
      .select()
      .from(schema.integrations)
      .where(eq(schema.integrations.organizationId, org.id));
    expect(rows).toEqual([]);
  });
});
