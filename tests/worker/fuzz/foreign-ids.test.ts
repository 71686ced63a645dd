import { beforeAll, describe, expect, it } from "vitest";
import { createOrgWithMembers } from "../support/accounts";
import { call } from "../support/http";
import { aimAt, type OtherOrg, otherOrgWithEveryKind, snapshotOf } from "../support/second-org";
import { apiRoutes } from "./route-table";

/*
 * Isolation checked with data, not only with a 404 (gap kind: isolation). Another organisation
 * has content of every kind; an admin of our organisation calls every id-taking route of the
 * route table, in our organisation, with the other organisation's ids in the path and in every
 * id field a body can carry. Afterwards every row the other organisation owns, and every file it
 * has in R2, is exactly as it was; no answer is a 5xx; and nothing of it shows in our lists.
 * Each feature folder has its own second-org.test.ts with that feature's reads and filters.
 */

let foreign: OtherOrg;
let own: Awaited<ReturnType<typeof createOrgWithMembers>>;

const idRoutes = apiRoutes().filter(
  (r) =>
    r.path.startsWith("/api/orgs/:orgId") &&
    !r.path.endsWith("/socket") &&
    (r.params.length > 1 || (r.json && r.method !== "GET")),
);

beforeAll(async () => {
  foreign = await otherOrgWithEveryKind();
  own = await createOrgWithMembers();
}, 180_000);

describe("another organisation's ids on every id-taking route", () => {
  it("the other organisation has content of every kind to aim at", () => {
    for (const table of ["channels", "videos", "shows", "episodes", "reports", "report_files"])
      expect(foreign.snapshot.rows[table]?.length ?? 0, table).toBeGreaterThan(0);
    expect(foreign.snapshot.keys.length).toBeGreaterThan(0);
    expect(idRoutes.length).toBeGreaterThan(10);
  });

  it("no 5xx, and the other organisation's rows and files are exactly as they were", async () => {
    let calls = 0;
    for (const route of idRoutes)
      for (const id of foreign.aimIds) {
        const [answer] = await aimAt(route, own.org.id, own.admin.session.accessToken, id, {});
        expect(answer!.status, `${answer!.label}: ${answer!.text.slice(0, 200)}`).toBeLessThan(500);
        calls++;
      }
    expect(calls).toBe(idRoutes.length * foreign.aimIds.length);
    expect(await snapshotOf(foreign.org.id)).toEqual(foreign.snapshot);
  }, 600_000);

  it("none of the other organisation's ids shows in our lists, tables, exports or reports", async () => {
    const token = own.admin.session.accessToken;
    const base = `/api/orgs/${own.org.id}`;
    const reads = [
      "channels",
      "shows",
      "jobs",
      "tables/channels",
      "tables/videos",
      "tables/shows",
      "tables/episodes",
      "tables/videos/export?format=csv",
      "tables/videos/export?format=json",
      "tables/episodes/export?format=json",
      "reports?platform=youtube",
      "reports?platform=simplecast",
      "multi-channel",
      "members",
      "audit",
    ];
    const strangers = [...new Set([...foreign.aimIds, foreign.channel.externalId])];
    for (const path of reads) {
      const r = await call(`${base}/${path}`, { token });
      expect(r.status, path).toBe(200);
      for (const id of strangers) expect(r.text, `${path} shows ${id}`).not.toContain(id);
    }
  });
});
