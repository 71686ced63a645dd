import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { read, utils } from "xlsx";
import { tablePageSchemas } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel } from "../support/factories";
import { call, envelope } from "../support/http";

const DAY = 86_400_000;

async function seedVideos(orgId: string) {
  const a = await createChannel(orgId, "UC-alpha");
  const b = await createChannel(orgId, "UC-beta");
  const content = await contentOf(orgId);
  await content
    .update(schema.channels)
    .set({ title: "Alpha Channel" })
    .where((await import("drizzle-orm")).eq(schema.channels.id, a.id));
  const now = Date.now();
  const rows = [
    {
      channelId: a.id,
      externalId: "v1",
      title: "=cmd|' /C calc'!A0 launch",
      views: 500,
      publishDate: new Date(now - 2 * DAY),
      trailing1wViews: 40,
    },
    {
      channelId: a.id,
      externalId: "v2",
      title: "Deep dive: café audio – 東京",
      views: 15000,
      publishDate: new Date(now - 20 * DAY),
      trailing1wViews: null,
    },
    {
      channelId: b.id,
      externalId: "v3",
      title: "100% useful_tips",
      views: 250000,
      publishDate: new Date(now - 200 * DAY),
      trailing1wViews: 900,
    },
  ];
  await content.insert(schema.videos).values(rows.map((r) => ({ ...r, organizationId: orgId })));
  return { a, b };
}

const page = async (orgId: string, token: string, qs: string) => {
  const r = await call(`/api/orgs/${orgId}/tables/videos?${qs}`, { token });
  expect(r.status, r.text).toBe(200);
  return tablePageSchemas.videos.parse(r.json);
};

describe("dashboard tables", () => {
  it("sorts, searches (wildcards are literal), filters by preset and channel, and pages", async () => {
    const { org, member } = await createOrgWithMembers();
    const { a } = await seedVideos(org.id);
    const t = member.session.accessToken;
    expect((await page(org.id, t, "sort=views&dir=desc")).rows.map((r) => r.externalId)).toEqual([
      "v3",
      "v2",
      "v1",
    ]);
    expect((await page(org.id, t, "sort=views&dir=asc")).rows.map((r) => r.externalId)).toEqual([
      "v1",
      "v2",
      "v3",
    ]);
    expect((await page(org.id, t, "q=100%25")).rows.map((r) => r.externalId)).toEqual(["v3"]);
    expect((await page(org.id, t, "q=alpha")).rows.map((r) => r.externalId).sort()).toEqual([
      "v1",
      "v2",
    ]);
    expect((await page(org.id, t, "views=gt10000")).total).toBe(2);
    expect((await page(org.id, t, "views=lt1000")).rows.map((r) => r.externalId)).toEqual(["v1"]);
    expect((await page(org.id, t, "published=week")).rows.map((r) => r.externalId)).toEqual(["v1"]);
    expect((await page(org.id, t, `channel=${a.id}`)).total).toBe(2);
    // Pages split the sorted order exactly: no row twice, none left out.
    const p1 = await page(org.id, t, "pageSize=2&page=1&sort=views&dir=desc");
    const p2 = await page(org.id, t, "pageSize=2&page=2&sort=views&dir=desc");
    expect(p1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p1.rows.map((r) => r.externalId)).toEqual(["v3", "v2"]);
    expect(p2.rows.map((r) => r.externalId)).toEqual(["v1"]);
    expect((await page(org.id, t, "page=9")).rows).toEqual([]);
  });

  it("flags optional columns only when a filtered row has a value above 0, and sorts missing values last", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedVideos(org.id);
    const all = await page(org.id, member.session.accessToken, "sort=trailing1wViews&dir=asc");
    expect(all.optionalColumns).toMatchObject({ trailing1wViews: true, first24hViews: false });
    expect(all.rows.map((r) => r.externalId)).toEqual(["v1", "v3", "v2"]);
    const none = await page(org.id, member.session.accessToken, "q=Deep");
    expect(none.optionalColumns.trailing1wViews).toBe(false);
  });

  it("answers bad query values with 400 naming the field", async () => {
    const { org, member } = await createOrgWithMembers();
    for (const [qs, field] of [
      ["sort=password", "sort"],
      ["page=-1", "page"],
      ["pageSize=100000", "pageSize"],
      ["views=gt5", "views"],
      ["season=-1", "season"],
      ["channel=not-an-id", "channel"],
      ["publishedFrom=yesterday", "publishedFrom"],
    ] as const) {
      const r = await call(`/api/orgs/${org.id}/tables/videos?${qs}`, {
        token: member.session.accessToken,
      });
      expect(r.status, qs).toBe(400);
      expect(envelope(r.json).field?.split(".")[0], qs).toBe(field);
    }
    // Each table is its own route: another name is no route at all.
    expect(
      (await call(`/api/orgs/${org.id}/tables/passwords`, { token: member.session.accessToken }))
        .status,
    ).toBe(404);
  });

  it("streams the whole filtered table as CSV with the formula guard, and as JSON", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedVideos(org.id);
    const res = await SELF.fetch(
      `http://localhost/api/orgs/${org.id}/tables/videos/export?format=csv&sort=views&dir=asc`,
      { headers: { authorization: `Bearer ${member.session.accessToken}` } },
    );
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="youtube_videos_\d{4}-\d{2}-\d{2}T[\d-]+\.csv"/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The UTF-8 byte-order mark, so Excel reads the file as UTF-8 (Response.text() hides it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Video Title,Video ID,Channel,Views,Likes,Comments,First 24H Views,First 48H Views,First 7D Views,Trailing 1D Views,Trailing 1W Views,Trailing 1M Views,Trailing 1Y Views,Watch Time (Hours),Avg View Duration (s),Source,Published,Last Updated",
    );
    expect(lines[1]!.startsWith("'=cmd|' /C calc'!A0 launch,v1,Alpha Channel,500,")).toBe(true);
    expect(lines).toHaveLength(4);
    // Read back as a spreadsheet reads a double-clicked file: titles intact, guard shown as text.
    const book = read(bytes, { type: "array", raw: true });
    const sheet = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: false,
    });
    expect(sheet.slice(1).map((row) => row[0])).toEqual([
      "'=cmd|' /C calc'!A0 launch",
      "Deep dive: café audio – 東京",
      "100% useful_tips",
    ]);
    const json = await SELF.fetch(
      `http://localhost/api/orgs/${org.id}/tables/videos/export?format=json&views=gt10000`,
      { headers: { authorization: `Bearer ${member.session.accessToken}` } },
    );
    expect(((await json.json()) as unknown[]).length).toBe(2);
  });

  it("deletes channels with their videos, only within the organisation", async () => {
    const { org, member } = await createOrgWithMembers();
    const { a } = await seedVideos(org.id);
    const other = await createOrgWithMembers();
    const foreign = await call(`/api/orgs/${other.org.id}/tables/channels/delete`, {
      body: { ids: [a.id] },
      token: other.member.session.accessToken,
    });
    expect(foreign.json).toEqual({ deleted: 0 });
    const r = await call(`/api/orgs/${org.id}/tables/channels/delete`, {
      body: { ids: [a.id] },
      token: member.session.accessToken,
    });
    expect(r.json).toEqual({ deleted: 1 });
    expect(
      (await page(org.id, member.session.accessToken, "")).rows.map((x) => x.externalId),
    ).toEqual(["v3"]);
  });

  it("hides every list and download from other organisations", async () => {
    const { org } = await createOrgWithMembers();
    const other = await createOrgWithMembers();
    for (const path of [
      "tables/channels",
      "tables/videos",
      "tables/shows",
      "tables/episodes",
      "tables/videos/export",
      "tables/episodes/seasons",
    ]) {
      expect(
        (await call(`/api/orgs/${org.id}/${path}`, { token: other.admin.session.accessToken }))
          .status,
        path,
      ).toBe(404);
    }
  });

  it("offers the seasons the shows really have, and filters by any of them", async () => {
    const { org, member } = await createOrgWithMembers();
    const other = await createOrgWithMembers();
    const show = async (orgId: string, seasons: Array<number | null>) => {
      const content = await contentOf(orgId);
      const [row] = await content
        .insert(schema.shows)
        .values({ organizationId: orgId, externalId: `show-${Math.random()}`, title: "Show" })
        .returning();
      await content.insert(schema.episodes).values(
        seasons.map((seasonNumber, i) => ({
          organizationId: orgId,
          showId: row!.id,
          externalId: `ep-${Math.random()}`,
          title: `Episode ${i}`,
          publishDate: new Date(Date.now() - i * DAY),
          seasonNumber,
          episodeNumber: i + 1,
        })),
      );
      return row!.id;
    };
    const late = await show(org.id, [8, 6, 8, null]);
    const early = await show(org.id, [1]);
    await show(other.org.id, [3]);
    const token = member.session.accessToken;
    const seasons = async (qs = "") =>
      (await call(`/api/orgs/${org.id}/tables/episodes/seasons${qs}`, { token })).json;
    expect(await seasons()).toEqual({ seasons: [1, 6, 8] });
    expect(await seasons(`?show=${late}`)).toEqual({ seasons: [6, 8] });
    expect(await seasons(`?show=${early}`)).toEqual({ seasons: [1] });
    const page = tablePageSchemas.episodes.parse(
      (await call(`/api/orgs/${org.id}/tables/episodes?season=8`, { token })).json,
    );
    expect(page.rows.map((r) => r.seasonNumber)).toEqual([8, 8]);
  });
});
