import { beforeAll, describe, it } from "vitest";
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
 * Isolation as data for ingestion (issue 20, kind I): another organisation that tracks the same
 * channel and podcast, with its own jobs and keys, must not show in our channels, shows, jobs or
 * integration status; its job ids read nothing in ours, and refreshing with its channel or show
 * ids starts no job on them and leaves its rows exactly as they were.
 */

const reads = [
  "channels",
  "shows",
  "jobs",
  "jobs?limit=1",
  "integrations/status",
  "integrations/simplecast/podcasts",
];

let own: PairedOrg;
let other: OtherOrg;
let before: Awaited<ReturnType<typeof readAll>>;

beforeAll(async () => {
  own = await orgWithPairedContent();
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("ingestion with a second organisation holding look-alike content", () => {
  it("our channels, shows, jobs and integrations are exactly what they were before it existed", async () => {
    await expectReadsAsBefore(own, reads, before, other);
  });

  it("its ids read no job, refresh nothing of its, and leave its rows exactly as they were", async () => {
    await expectIdRoutesLeaveOtherUntouched(
      idTakingRoutes(/^\/api\/orgs\/:orgId\/(integrations|channels|shows|refresh|jobs)\b/),
      own,
      other,
      {},
      reads,
    );
  });
});
