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
