import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tablePageSchemas, tableQuerySchema } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { keysetPages } from "../../../worker/features/tables/keyset";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { call } from "../support/http";

/*
 * The Simplecast tables (issue #20: "barely tested"): the Shows and Episodes tables' sorting,
 * search, every filter, paging and export, each answer checked row by row. A second organisation
 * holds look-alike shows and episodes that must never appear.
 */

const DAY = 86_400_000;

async function seedPodcasts(orgId: string, prefix = "") {
  const now = Date.now();
  const content = await contentOf(orgId);
  const [tech, music, empty] = await content
    .insert(schema.shows)
    .values(
      [
        { title: `${prefix}Tech Talk`, totalDownloadsGlobal: 9000, totalEpisodes: 3 },
        { title: `${prefix}Music Hour`, totalDownloadsGlobal: 400, totalEpisodes: 2 },
        { title: `${prefix}Quiet Show`, totalDownloadsGlobal: 0, totalEpisodes: 0 },
      ].map((s, i) => ({ ...s, organizationId: orgId, externalId: `${prefix}show-${i}` })),
    )
    .returning();
  const episode = (
    showId: string,
    externalId: string,
    title: string,
    downloads: number,
    ageDays: number,
    seasonNumber: number | null,
  ) => ({
    organizationId: orgId,
    showId,
    externalId: `${prefix}${externalId}`,
    title: `${prefix}${title}`,
    totalDownloadsGlobal: downloads,
    publishDate: new Date(now - ageDays * DAY),
    seasonNumber,
    episodeNumber: 1,
  });
  await content
    .insert(schema.episodes)
    .values([
      episode(tech!.id, "t1", '=HYPERLINK("x") Launch week', 6000, 2, 2),
      episode(tech!.id, "t2", "Café chat – 東京", 2500, 20, 2),
      episode(tech!.id, "t3", "100% uptime_notes", 500, 200, 1),
      episode(music!.id, "m1", "Jazz at noon", 300, 3, null),
      episode(music!.id, "m2", "Strings and things", 100, 400, 1),
    ]);
  return { tech: tech!, music: music!, empty: empty! };
}

/** An organisation with one empty show, and its content database. */
async function orgWithShow(title: string) {
  const { org, member } = await createOrgWithMembers();
  const content = await contentOf(org.id);
  const [show] = await content
    .insert(schema.shows)
    .values({ organizationId: org.id, externalId: `${title}-show`, title })
    .returning();
  return { org, member, content, show };
}

async function tablePage(table: "shows" | "episodes", orgId: string, token: string, qs: string) {
  const r = await call(`/api/orgs/${orgId}/tables/${table}?${qs}`, { token });
  expect(r.status, r.text).toBe(200);
  return tablePageSchemas[table].parse(r.json);
}
const titles = (p: { rows: Array<Record<string, unknown>> }) => p.rows.map((r) => r.title);

describe("Simplecast tables", () => {
  it("shows: sorted both ways by downloads and episodes, searched, paged", async () => {
    const { org, member } = await createOrgWithMembers();
    const other = await createOrgWithMembers();
    await seedPodcasts(org.id);
    await seedPodcasts(other.org.id, "Other ");
    const shows = (qs: string) => tablePage("shows", org.id, member.session.accessToken, qs);

    expect(titles(await shows("sort=totalDownloadsGlobal&dir=desc"))).toEqual([
      "Tech Talk",
      "Music Hour",
      "Quiet Show",
    ]);
    expect(titles(await shows("sort=totalEpisodes&dir=asc"))).toEqual([
      "Quiet Show",
      "Music Hour",
      "Tech Talk",
    ]);
    expect(titles(await shows("q=music"))).toEqual(["Music Hour"]);
    expect(titles(await shows("q=nothing-like-this"))).toEqual([]);
    const first = await shows("sort=totalDownloadsGlobal&dir=desc&pageSize=2&page=1");
    const second = await shows("sort=totalDownloadsGlobal&dir=desc&pageSize=2&page=2");
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(titles(first)).toEqual(["Tech Talk", "Music Hour"]);
    expect(titles(second)).toEqual(["Quiet Show"]);
  });

  it("episodes: every filter alone and together, searched by episode or show title", async () => {
    const { org, member } = await createOrgWithMembers();
    const other = await createOrgWithMembers();
    const { tech, music } = await seedPodcasts(org.id);
    await seedPodcasts(other.org.id, "Other ");
    const episodes = async (qs: string) =>
      titles(
        await tablePage(
          "episodes",
          org.id,
          member.session.accessToken,
          `sort=totalDownloadsGlobal&dir=desc&${qs}`,
        ),
      );

    expect(await episodes("")).toEqual([
      '=HYPERLINK("x") Launch week',
      "Café chat – 東京",
      "100% uptime_notes",
      "Jazz at noon",
      "Strings and things",
    ]);
    expect(await episodes(`show=${music.id}`)).toEqual(["Jazz at noon", "Strings and things"]);
    expect(await episodes(`show=${music.id},${tech.id}&downloads=lt500`)).toEqual([
      "Jazz at noon",
      "Strings and things",
    ]);
    expect(await episodes("downloads=gt1000")).toEqual([
      '=HYPERLINK("x") Launch week',
      "Café chat – 東京",
    ]);
    expect(await episodes("downloads=gt5000")).toEqual(['=HYPERLINK("x") Launch week']);
    expect(await episodes("season=2")).toEqual(['=HYPERLINK("x") Launch week', "Café chat – 東京"]);
    expect(await episodes("season=1")).toEqual(["100% uptime_notes", "Strings and things"]);
    expect(await episodes("published=week")).toEqual([
      '=HYPERLINK("x") Launch week',
      "Jazz at noon",
    ]);
    expect(await episodes("published=month&season=2")).toEqual([
      '=HYPERLINK("x") Launch week',
      "Café chat – 東京",
    ]);
    expect(await episodes("published=year")).toEqual([
      '=HYPERLINK("x") Launch week',
      "Café chat – 東京",
      "100% uptime_notes",
      "Jazz at noon",
    ]);
    const day = (ageDays: number) =>
      new Date(Date.now() - ageDays * DAY).toISOString().slice(0, 10);
    expect(await episodes(`publishedFrom=${day(30)}&publishedTo=${day(10)}`)).toEqual([
      "Café chat – 東京",
    ]);
    // Search: an episode's own title, or its show's title; "%" and "_" are literal.
    expect(await episodes("q=jazz")).toEqual(["Jazz at noon"]);
    expect(await episodes("q=music")).toEqual(["Jazz at noon", "Strings and things"]);
    expect(await episodes("q=100%25")).toEqual(["100% uptime_notes"]);
    expect(await episodes("q=music&downloads=gt500")).toEqual([]);
  });

  it("episodes export: the filtered rows with the show's title and the formula guard", async () => {
    const { org, member } = await createOrgWithMembers();
    const { tech } = await seedPodcasts(org.id);
    const res = await SELF.fetch(
      `http://localhost/api/orgs/${org.id}/tables/episodes/export?format=csv&show=${tech.id}&sort=totalDownloadsGlobal&dir=desc`,
      { headers: { authorization: `Bearer ${member.session.accessToken}` } },
    );
    expect(res.status).toBe(200);
    const lines = new TextDecoder()
      .decode(await res.arrayBuffer())
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Episode Title,Show,Total Downloads,First 24H Downloads,First 48H Downloads,First 7D Downloads,Trailing 1D Downloads,Trailing 1W Downloads,Trailing 1Y Downloads,Season,Episode,Duration (s),Published Date",
    );
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual([
      `"'=HYPERLINK(""x"") Launch week",Tech Talk,6000`,
      "Café chat – 東京,Tech Talk,2500",
      "100% uptime_notes,Tech Talk,500",
    ]);
  });

  it("episodes sorted by S/E: by season, then by episode inside it, in pages and the export", async () => {
    const { org, member, content, show } = await orgWithShow("Seasons");
    // Written out of order, so rowid order (the old tie-break inside a season) is not S/E order.
    const written: Array<[season: number | null, episode: number | null]> = [
      [2, 1],
      [1, 10],
      [null, 4],
      [1, 2],
      [2, null],
      [1, 1],
      [10, 3],
    ];
    await content.insert(schema.episodes).values(
      written.map(([seasonNumber, episodeNumber], i) => ({
        organizationId: org.id,
        showId: show!.id,
        externalId: `se-${i}`,
        title: `S${seasonNumber ?? "-"}E${episodeNumber ?? "-"}`,
        publishDate: new Date(Date.UTC(2026, 0, 1 + i)),
        seasonNumber,
        episodeNumber,
      })),
    );
    const ascending = ["S1E1", "S1E2", "S1E10", "S2E-", "S2E1", "S10E3", "S-E4"];
    const descending = ["S10E3", "S2E1", "S2E-", "S1E10", "S1E2", "S1E1", "S-E4"];
    const page = (qs: string) =>
      tablePage("episodes", org.id, member.session.accessToken, `sort=seasonNumber&${qs}`);

    expect(titles(await page("dir=asc"))).toEqual(ascending);
    expect(titles(await page("dir=desc"))).toEqual(descending);
    const firstThree = await page("dir=asc&pageSize=3&page=1");
    const nextThree = await page("dir=asc&pageSize=3&page=2");
    expect([...titles(firstThree), ...titles(nextThree)]).toEqual(ascending.slice(0, 6));
    expect(firstThree.rows[2]).toMatchObject({ title: "S1E10", seasonNumber: 1 });

    // The whole-table walk (downloads, reports) in pages of two: every cursor lands inside a season.
    for (const dir of ["asc", "desc"] as const) {
      const query = tableQuerySchema.parse({ sort: "seasonNumber", dir });
      const walked: unknown[] = [];
      for await (const rows of keysetPages(content, org.id, "episodes", query, Date.now(), 2))
        walked.push(...rows.map((r) => r.title));
      expect(walked).toEqual(dir === "asc" ? ascending : descending);
    }
    const res = await SELF.fetch(
      `http://localhost/api/orgs/${org.id}/tables/episodes/export?format=csv&sort=seasonNumber&dir=asc`,
      { headers: { authorization: `Bearer ${member.session.accessToken}` } },
    );
    const csv = new TextDecoder()
      .decode(await res.arrayBuffer())
      .trim()
      .split("\r\n");
    expect(csv.slice(1).map((line) => line.split(",")[0])).toEqual(ascending);
  });

  it("a published date range names the days of the zone it is given, UTC without one", async () => {
    const { org, member, content, show } = await orgWithShow("Zones");
    // 06:30 UTC on 3 March is still the evening of 2 March in Los Angeles (UTC-8).
    const at = [
      ["early", "2026-03-03T06:30:00.000Z"],
      ["midday", "2026-03-03T12:00:00.000Z"],
      ["evening", "2026-03-04T02:00:00.000Z"],
      ["late", "2026-03-04T07:30:00.000Z"],
    ] as const;
    await content.insert(schema.episodes).values(
      at.map(([title, iso], i) => ({
        organizationId: org.id,
        showId: show!.id,
        externalId: `zone-${i}`,
        title,
        publishDate: new Date(iso),
      })),
    );
    const range = async (qs: string) => {
      const page = await tablePage(
        "episodes",
        org.id,
        member.session.accessToken,
        `sort=publishDate&dir=asc&publishedFrom=2026-03-03&publishedTo=2026-03-03${qs}`,
      );
      return { titles: titles(page), total: page.total };
    };
    expect(await range("")).toEqual({ titles: ["early", "midday"], total: 2 });
    // Asked in another zone right after: its own rows and count, not the UTC answer kept.
    expect(await range("&timeZone=America/Los_Angeles")).toEqual({
      titles: ["midday", "evening", "late"],
      total: 3,
    });
    expect(await range("&timeZone=Asia/Tokyo")).toEqual({ titles: ["early", "midday"], total: 2 });
    const refused = await call(
      `/api/orgs/${org.id}/tables/episodes?publishedFrom=2026-03-03&timeZone=Mars/Olympus`,
      { token: member.session.accessToken },
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('unknown time zone \\"Mars/Olympus\\"');
  });
});
