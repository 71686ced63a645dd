import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { leastUsed } from "../../../worker/db/placement";
import { organizationZone } from "../../../worker/features/reports/generate";
import { createOrgWithMembers } from "../support/accounts";
import {
  type ContentBinding,
  channelIn,
  contentHandle,
  placeIn,
  rowsPerDatabase,
  startMove,
} from "../support/content-databases";
import { db } from "../support/factories";
import { call, envelope, signIn } from "../support/http";

/*
 * Organisation content in several databases (docs/content-databases.md): each organisation's
 * routes read and write its own content database, named by the directory; accounts stay in the
 * primary one.
 */

type Titles = { channels: Array<{ title: string }> };
type Page = { rows: Array<{ title: string }> };

async function orgIn(binding: ContentBinding) {
  return createOrgWithMembers({ binding });
}

const channelTitles = async (orgId: string, token: string) => {
  const r = await call(`/api/orgs/${orgId}/channels`, { token });
  expect(r.status).toBe(200);
  return (r.json as Titles).channels.map((c) => c.title);
};
const tablePage = (orgId: string, token: string) =>
  call(`/api/orgs/${orgId}/tables/channels`, { token });

describe("an organisation's content database", () => {
  it("serves an organisation placed in CONTENT_2 from CONTENT_2, and writes its content there", async () => {
    const { org, admin, member } = await orgIn("CONTENT_2");
    await channelIn("CONTENT_2", org.id, "Second database channel");
    // Both ways in: the organisation's routes (orgScope) and a table page (readInOrg), twice,
    // so the second read goes through the isolate's memory of the organisation's database.
    expect(await channelTitles(org.id, member.session.accessToken)).toEqual([
      "Second database channel",
    ]);
    for (let i = 0; i < 2; i++) {
      const page = await tablePage(org.id, member.session.accessToken);
      expect(page.status).toBe(200);
      expect((page.json as Page).rows.map((r) => r.title)).toEqual(["Second database channel"]);
    }
    const saved = await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      token: admin.session.accessToken,
      body: { youtubeApiKey: "AIza-content-two-key" },
    });
    expect(saved.status).toBe(200);
    expect(await rowsPerDatabase(schema.integrations, org.id)).toEqual({
      DB: 0,
      CONTENT_1: 0,
      CONTENT_2: 1,
    });
    expect(await rowsPerDatabase(schema.channels, org.id)).toEqual({
      DB: 0,
      CONTENT_1: 0,
      CONTENT_2: 1,
    });
    // Accounts stay primary: the audit log of that change is readable, with the actor's email.
    const audit = await call(`/api/orgs/${org.id}/audit`, { token: admin.session.accessToken });
    expect(audit.status).toBe(200);
    expect(audit.json).toMatchObject({
      entries: [{ action: "integrations.keys_changed", actorEmail: admin.email }],
    });
  });

  it("still serves an organisation created before the split from the primary database", async () => {
    const { org, member } = await orgIn("DB");
    await channelIn("DB", org.id, "Primary database channel");
    expect(await channelTitles(org.id, member.session.accessToken)).toEqual([
      "Primary database channel",
    ]);
    for (let i = 0; i < 2; i++) {
      const page = await tablePage(org.id, member.session.accessToken);
      expect((page.json as Page).rows.map((r) => r.title)).toEqual(["Primary database channel"]);
    }
  });

  it("answers 404 to a member of an organisation in CONTENT_1 asking for one in CONTENT_2", async () => {
    const first = await orgIn("CONTENT_1");
    const second = await orgIn("CONTENT_2");
    await channelIn("CONTENT_2", second.org.id, "Not yours");
    const token = first.member.session.accessToken;
    // Warm the isolate's memory of the foreign organisation's database first: it must not help.
    expect((await tablePage(second.org.id, second.member.session.accessToken)).status).toBe(200);
    for (const r of [
      await tablePage(second.org.id, token),
      await call(`/api/orgs/${second.org.id}/channels`, { token }),
    ]) {
      expect(r.status).toBe(404);
      expect(envelope(r.json).message).toBe("Organization not found");
      expect(r.text).not.toContain("Not yours");
    }
  });

  it("answers 503 while the organisation is being moved, and 404 still to anyone else", async () => {
    const { org, admin, member } = await orgIn("CONTENT_1");
    const outsider = await orgIn("CONTENT_2");
    await channelIn("CONTENT_1", org.id, "Moving channel");
    expect((await tablePage(org.id, member.session.accessToken)).status).toBe(200);
    await startMove(org.id, "CONTENT_2");
    for (const r of [
      await tablePage(org.id, member.session.accessToken),
      await call(`/api/orgs/${org.id}/channels`, { token: member.session.accessToken }),
      await call(`/api/orgs/${org.id}`, {
        method: "PATCH",
        token: admin.session.accessToken,
        body: { name: "Renamed mid-move" },
      }),
    ]) {
      expect(r.status).toBe(503);
      expect(envelope(r.json)).toMatchObject({
        code: "UNAVAILABLE",
        message: "This organisation is being moved; try again in a few minutes.",
        reason: "organization_moving",
      });
      expect(r.text).not.toContain("Moving channel");
    }
    const [row] = await contentHandle("DB")
      .select({ name: schema.organizations.name })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, org.id));
    expect(row?.name).not.toBe("Renamed mid-move");
    const foreign = await tablePage(org.id, outsider.member.session.accessToken);
    expect(foreign.status).toBe(404);
  });

  it("follows a finished move: the next request reads the new database", async () => {
    const { org, member } = await orgIn("CONTENT_1");
    await channelIn("CONTENT_1", org.id, "Before the move");
    expect((await tablePage(org.id, member.session.accessToken)).json).toMatchObject({
      rows: [{ title: "Before the move" }],
    });
    // What a finished move leaves: the content copied to CONTENT_2 and the directory switched.
    await placeIn(org.id, "CONTENT_2");
    await channelIn("CONTENT_2", org.id, "After the move");
    const page = await tablePage(org.id, member.session.accessToken);
    expect((page.json as Page).rows.map((r) => r.title)).toEqual(["After the move"]);
  });

  it("keeps the content database's copy of the name and time zone in step with the organisation", async () => {
    const { org, admin } = await orgIn("CONTENT_2");
    const zone = await call(`/api/orgs/${org.id}/timezone`, {
      method: "PATCH",
      token: admin.session.accessToken,
      body: { timezone: "Europe/Berlin" },
    });
    expect(zone.status).toBe(200);
    // What report generation reads, in the organisation's own database.
    expect(await organizationZone(contentHandle("CONTENT_2"), org.id)).toBe("Europe/Berlin");
    const renamed = await call(`/api/orgs/${org.id}`, {
      method: "PATCH",
      token: admin.session.accessToken,
      body: { name: "Renamed Media" },
    });
    expect(renamed.status).toBe(200);
    const got = await call(`/api/orgs/${org.id}`, { token: admin.session.accessToken });
    expect(got.json).toMatchObject({
      organization: { name: "Renamed Media", timezone: "Europe/Berlin" },
    });
    const [stub] = await contentHandle("CONTENT_2")
      .select({ name: schema.organizations.name })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, org.id));
    expect(stub?.name).toBe("Renamed Media");
  });
});

describe("placement", () => {
  const load = (binding: string, bytes: number, organizations: number) => ({
    binding,
    bytes,
    organizations,
  });

  it("takes the database with the fewest bytes, then the fewest organisations, then the first", () => {
    expect(leastUsed([load("CONTENT_1", 500, 1), load("CONTENT_2", 400, 9)])).toEqual({
      binding: "CONTENT_2",
      full: false,
    });
    expect(leastUsed([load("CONTENT_1", 400, 3), load("CONTENT_2", 400, 2)])?.binding).toBe(
      "CONTENT_2",
    );
    expect(leastUsed([load("CONTENT_1", 0, 0), load("CONTENT_2", 0, 0)])?.binding).toBe(
      "CONTENT_1",
    );
    expect(leastUsed([])).toBeNull();
  });

  it("skips a database at 80% of 10 GB, unless every one is that full", () => {
    const full = 8e9;
    expect(leastUsed([load("CONTENT_1", full, 0), load("CONTENT_2", 9.5e9, 1)])).toEqual({
      binding: "CONTENT_1",
      full: true,
    });
    expect(leastUsed([load("CONTENT_1", full, 0), load("CONTENT_2", full - 1, 50)])).toEqual({
      binding: "CONTENT_2",
      full: false,
    });
  });

  it("places each new organisation in the least-used content database and serves it from there", async () => {
    const measured = async (content1: number, content2: number) => {
      for (const [binding, bytes] of [
        ["CONTENT_1", content1],
        ["CONTENT_2", content2],
      ] as const)
        await db()
          .insert(schema.contentDatabaseSizes)
          .values({ binding, bytes, measuredAt: new Date() })
          .onConflictDoUpdate({
            target: schema.contentDatabaseSizes.binding,
            set: { bytes, measuredAt: new Date() },
          });
    };
    const created = async () => {
      const r = await call("/dev/organizations", { method: "POST", body: { label: "placed" } });
      expect(r.status).toBe(201);
      return r.json as { organization: { id: string }; admin: { email: string; password: string } };
    };
    await measured(5e9, 1e9);
    const smaller = await created();
    // CONTENT_2 is now the smaller but 80% full: it takes no new organisation.
    await measured(6e9, 8.5e9);
    const roomier = await created();
    await db().delete(schema.contentDatabaseSizes);
    for (const [org, binding] of [
      [smaller, "CONTENT_2"],
      [roomier, "CONTENT_1"],
    ] as const) {
      const { accessToken } = await signIn(org.admin.email, org.admin.password);
      const saved = await call(`/api/orgs/${org.organization.id}/integrations`, {
        method: "PUT",
        token: accessToken,
        body: { simplecastApiKey: "sandbox-placement-key" },
      });
      expect(saved.status).toBe(200);
      const counts = await rowsPerDatabase(schema.integrations, org.organization.id);
      expect(counts).toEqual({ DB: 0, CONTENT_1: 0, CONTENT_2: 0, [binding]: 1 });
    }
  });
});
