import { beforeAll, describe, expect, it } from "vitest";
import { dateRangeTypes } from "../../../shared/schemas/date-range";
import { orgWithPairedContent } from "../support/multichannel";
import {
  expectReadsAsBefore,
  type OtherOrg,
  otherOrgWithEveryKind,
  type PairedOrg,
  readAll,
} from "../support/second-org";

/*
 * Isolation as data for the overview (issue 20, kind I): another organisation with the same
 * channel and podcast must not move a single headline figure, sparkline or mover of ours, on
 * either platform and in any range. The overview takes no ids, so there is no id-taking route.
 */

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const reads = ["youtube", "simplecast"].flatMap((platform) =>
  dateRangeTypes.map((range) =>
    range === "custom"
      ? `overview?platform=${platform}&range=custom&from=${isoDay(Date.now() - 60 * DAY)}&to=${isoDay(Date.now())}`
      : `overview?platform=${platform}&range=${range}`,
  ),
);

let own: PairedOrg;
let other: OtherOrg;
let before: Awaited<ReturnType<typeof readAll>>;

beforeAll(async () => {
  own = await orgWithPairedContent();
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("the overview with a second organisation holding look-alike content", () => {
  it("every figure, sparkline and mover is exactly what it was before it existed", async () => {
    // The content is there to be counted: our all-time views and downloads are not zero. (All
    // time, not the first range: "today" is empty just after midnight UTC.)
    for (const platform of ["youtube", "simplecast"]) {
      expect(before[`overview?platform=${platform}&range=alltime`]!.text).toMatch(/"value":[1-9]/);
    }
    await expectReadsAsBefore(own, reads, before, other);
  });
});
