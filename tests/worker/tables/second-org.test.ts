import { beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "../fuzz/route-table";
import { orgWithPairedContent } from "../support/multichannel";
import {
  expectIdRoutesLeaveOtherUntouched,
  expectReadsAsBefore,
  idTakingRoutes,
  type OtherOrg,
  otherOrgWithEveryKind,
  type PairedOrg,
  readAll,
} from "../support/second-org";

/*
 * Isolation as data for the dashboard tables (issue 20, kind I): another organisation with the
 * same channel and podcast (same external ids, same titles) must not add, remove or change one
 * row, count, season or exported line of ours; its ids, as filters or in a delete, select
 * nothing and delete nothing.
 */

const tables = ["channels", "videos", "shows", "episodes"] as const;

let own: PairedOrg;
let other: OtherOrg;
let reads: string[];
let before: Awaited<ReturnType<typeof readAll>>;

/** A filter by id: channels and videos take `channel`, the podcast tables and seasons `show`. */
const filterBy = (route: ApiRoute, id: string) =>
  route.method !== "GET"
    ? ""
    : /channels|videos/.test(route.path)
      ? `?channel=${id}`
      : `?show=${id}`;

beforeAll(async () => {
  own = await orgWithPairedContent();
  const channel = `channel=${own.channel.id}`;
  const show = `show=${own.show.id}`;
  reads = [
    ...tables.flatMap((t) => [
      `tables/${t}`,
      `tables/${t}?pageSize=7&page=2&dir=asc`,
      `tables/${t}/export?format=csv`,
      `tables/${t}/export?format=json`,
    ]),
    `tables/videos?${channel}`,
    `tables/videos?merge=1&duplicates=1`,
    `tables/videos/export?format=csv&${channel}`,
    `tables/episodes?${show}`,
    `tables/episodes/export?format=json&${show}`,
    "tables/episodes/seasons",
    `tables/episodes/seasons?${show}`,
  ];
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("the tables with a second organisation holding look-alike content", () => {
  it("every page, filter, season list and export is exactly what it was before it existed", async () => {
    // Our rows are there to be displaced: the videos name our channel.
    expect(before["tables/videos"]!.text).toContain(own.channel.id);
    await expectReadsAsBefore(own, reads, before, other);
  });

  it("its ids filter nothing in, delete nothing, and leave its rows exactly as they were", async () => {
    await expectIdRoutesLeaveOtherUntouched(
      idTakingRoutes(/^\/api\/orgs\/:orgId\/tables\//),
      own,
      other,
      { query: filterBy },
      reads,
    );
    // Our own rows are all still there too: a foreign id deleted nothing of ours either.
    expect(await readAll(own, reads)).toEqual(before);
  });
});
