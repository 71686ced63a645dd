import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tablePageSchemas } from "../../../shared/schemas/tables";
import type { TableName } from "../../../shared/table-columns";
import { createOrgWithMembers } from "../support/accounts";
import { createChannel, createVideo } from "../support/factories";
import { callWithEnv } from "../support/http";
import { roundTripRecorder } from "../support/recording-d1";

// A table page's rows and its totals travel to D1 together: one round trip for the table's data,
// whatever the query asks (search, filters, duplicate counts, Merge Same). The recorder wraps the
// database that holds the organisation's content, the one that serves the table.
const readsTable = (statements: string[], table: string) =>
  statements.some((sql) => new RegExp(`from "${table}"`, "i").test(sql));

describe("a table page request", () => {
  it.each([
    ["videos", ""],
    ["videos", "q=clip&sort=views&dir=asc"],
    ["videos", "duplicates=1"],
    ["videos", "merge=1&q=clip"],
    ["channels", "q=chan"],
    ["shows", ""],
    ["episodes", "sort=showTitle"],
  ] as Array<[TableName, string]>)(
    "%s?%s reads its page and totals in one round trip",
    async (table, query) => {
      const { org, member } = await createOrgWithMembers();
      const channel = await createChannel(org.id);
      const made = [await createVideo(org.id, channel.id), await createVideo(org.id, channel.id)];
      const { binding, roundTrips } = roundTripRecorder(env[org.binding]);
      const r = await callWithEnv(
        { [org.binding]: binding },
        `/api/orgs/${org.id}/tables/${table}?${query}`,
        { token: member.session.accessToken },
      );
      expect(r.status, r.text).toBe(200);
      tablePageSchemas[table].parse(r.json);
      // Each row's own title and its channel's, each in its place.
      if (table === "videos" && !query.includes("q="))
        expect(
          tablePageSchemas.videos
            .parse(r.json)
            .rows.map((row) => [row.externalId, row.title, row.channelTitle])
            .sort(),
        ).toEqual(made.map((v) => [v.externalId, v.title, channel.title]).sort());
      const tableTrips = roundTrips.filter((statements) => readsTable(statements, table));
      expect(tableTrips, JSON.stringify(roundTrips, null, 1)).toHaveLength(1);
      expect(tableTrips[0]!.length).toBeGreaterThanOrEqual(2);
    },
  );
});

describe("a searched page's totals", () => {
  // The totals statement is the one that counts the matched rows into "total" (a searched page
  // also counts, up to a cap, to choose its plan: that is not the totals).
  const counts = (statements: string[]) =>
    statements.some((sql) => /count\(\*\)\s+as\s+"total"/i.test(sql));

  it("are counted once, then kept for the other pages and sorts until a write", async () => {
    const { org, member } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    for (let i = 0; i < 3; i++) await createVideo(org.id, channel.id);
    const { binding, roundTrips } = roundTripRecorder(env[org.binding]);
    const ask = async (query: string) => {
      const before = roundTrips.length;
      const r = await callWithEnv(
        { [org.binding]: binding },
        `/api/orgs/${org.id}/tables/videos?q=video&${query}`,
        { token: member.session.accessToken },
      );
      expect(r.status, r.text).toBe(200);
      const trips = roundTrips
        .slice(before)
        .filter((statements) => readsTable(statements, "videos"));
      return { trips, total: tablePageSchemas.videos.parse(r.json).total };
    };
    const first = await ask("sort=views");
    expect(first.total).toBe(3);
    expect(first.trips).toHaveLength(1);
    expect(counts(first.trips[0]!)).toBe(true);
    // Another sort and another page of the same search: one round trip, nothing counted.
    for (const query of ["sort=title&dir=asc", "sort=views&pageSize=1&page=2"]) {
      const again = await ask(query);
      expect(again.total, query).toBe(3);
      expect(again.trips, query).toHaveLength(1);
      expect(counts(again.trips[0]!), query).toBe(false);
    }
    // A write retires them: the page is read again, with its totals counted in the same batch.
    await createVideo(org.id, channel.id);
    const afterWrite = await ask("sort=views");
    expect(afterWrite.total).toBe(4);
    expect(afterWrite.trips).toHaveLength(2);
    expect(counts(afterWrite.trips[1]!)).toBe(true);
  });
});
