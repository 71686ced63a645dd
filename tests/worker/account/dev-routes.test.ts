import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schema } from "../../../worker/db/client";
import { invite } from "../../../worker/features/organization/invitations";
import { createUser, randomEmail } from "../support/accounts";
import { bindingOf, contentHandle, createOrganization, db } from "../support/factories";
import { call } from "../support/http";

describe("development mailbox (sandbox only)", () => {
  it("lists the outbox newest first, escapes what people typed and makes links clickable", async () => {
    const org = await createOrganization(`<img src=x onerror=alert(1)> Org`);
    const first = randomEmail("first");
    const second = randomEmail("second");
    const admin = await createUser({ organizationId: org.id, role: "admin" });
    await invite(
      env,
      db(),
      {
        email: first,
        displayName: null,
        role: "standard",
        organizationId: org.id,
        invitedBy: admin.user.id,
      },
      { brandName: "Crosscast", origin: "http://localhost" },
    );
    await call("/api/auth/reset-request", { body: { email: randomEmail("nobody") } }); // unknown: sends nothing
    await call("/api/auth/sign-up", { body: { email: second, password: "a good long password" } });
    const page = await SELF.fetch("http://localhost/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html.indexOf(second)).toBeGreaterThan(-1);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; Org");
    expect(html).toMatch(
      /<a href="http:\/\/localhost\/#access_token=[A-Za-z0-9_-]+&amp;type=invite">/,
    );
    expect(html).toMatch(
      /<a href="http:\/\/localhost\/api\/auth\/confirm\?token=[A-Za-z0-9_%-]+">/,
    );
  });

  it("answers JSON filtered by address for the browser tests", async () => {
    const email = randomEmail("json");
    await call("/api/auth/sign-up", { body: { email, password: "a good long password" } });
    const r = await call(`/api/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`);
    const { messages } = z
      .object({
        messages: z.array(
          z.object({ to: z.string(), kind: z.string(), status: z.string(), createdAt: z.string() }),
        ),
      })
      .parse(r.json);
    expect(messages.map((m) => [m.to, m.kind, m.status])).toEqual([
      [email, "confirmation", "outbox"],
    ]);
  });
});

describe("demo seed (sandbox only)", () => {
  it("answers the demo credentials, and both demo users can sign in", async () => {
    const r = await SELF.fetch("http://localhost/dev/seed?content=none", { method: "POST" });
    const body = z
      .object({
        organization: z.object({ id: z.string(), name: z.string() }),
        users: z.array(z.object({ email: z.string(), password: z.string(), role: z.string() })),
        created: z.boolean(),
      })
      .parse(await r.json());
    expect(body.organization.name).toBe("Demo Media");
    expect(body.users).toEqual([
      { email: "demo.admin@crosscast.test", password: "crosscast-demo-admin", role: "admin" },
      { email: "demo.user@crosscast.test", password: "crosscast-demo-user", role: "standard" },
    ]);
    for (const u of body.users)
      expect(
        (await call("/api/auth/sign-in", { body: { email: u.email, password: u.password } }))
          .status,
        u.email,
      ).toBe(200);
  });
});

describe("test organisations for browser test files (sandbox only)", () => {
  const answerSchema = z.object({
    organization: z.object({ id: z.string(), name: z.string() }),
    admin: z.object({ id: z.string(), email: z.string(), password: z.string() }),
    user: z.object({ id: z.string(), email: z.string(), password: z.string() }),
  });
  const create = async (label: string) => {
    const r = await SELF.fetch("http://localhost/dev/organizations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ label }),
    });
    expect(r.status).toBe(201);
    return answerSchema.parse(await r.json());
  };

  it("makes a new organisation each call, whose admin and standard user sign in to it alone", async () => {
    const first = await create("Tables");
    const second = await create("Tables");
    expect(second.organization.id).not.toBe(first.organization.id);
    expect(second.admin.email).not.toBe(first.admin.email);
    expect(first.organization.name).toMatch(/^Tables organization /);
    for (const [who, role] of [
      [first.admin, "admin"],
      [first.user, "standard"],
    ] as const) {
      const session = await call("/api/auth/sign-in", {
        body: { email: who.email, password: who.password },
      });
      expect(session.status, who.email).toBe(200);
      const me = await call("/api/auth/me", {
        token: (session.json as { accessToken: string }).accessToken,
      });
      expect(me.json).toMatchObject({
        user: { id: who.id, email: who.email },
        organization: { id: first.organization.id },
        membership: { role },
      });
    }
  });

  it("puts the organisation in the content database asked for, and only a content database", async () => {
    for (const database of ["CONTENT_2", "CONTENT_1"] as const) {
      const r = await SELF.fetch("http://localhost/dev/organizations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ label: "Side by side", database }),
      });
      expect(r.status).toBe(201);
      const { organization } = answerSchema.parse(await r.json());
      expect(await bindingOf(organization.id)).toBe(database);
      const [stub] = await contentHandle(database)
        .select()
        .from(schema.organizations)
        .where(eq(schema.organizations.id, organization.id));
      expect(stub?.name).toBe(organization.name);
    }
    const before = await db().select({ id: schema.organizations.id }).from(schema.organizations);
    for (const database of ["DB", "UPGRADE_DB", "content_1", ""]) {
      const r = await SELF.fetch("http://localhost/dev/organizations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ label: "Nowhere", database }),
      });
      expect(r.status, database).toBe(400);
      const body = (await r.json()) as { error: { message: string } };
      expect(body.error.message, database).toMatch(/^database: /);
    }
    const after = await db().select({ id: schema.organizations.id }).from(schema.organizations);
    expect(after.length).toBe(before.length);
  });

  it("refuses a label that is not a short string, and makes nothing", async () => {
    for (const body of ['{"label": ""}', '{"label": 5}', '{"label": "x", "role": "admin"}']) {
      const r = await SELF.fetch("http://localhost/dev/organizations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(r.status, body).toBe(400);
    }
  });
});
