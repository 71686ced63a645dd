import { beforeAll, describe, it } from "vitest";
import { allTime, createPreview, mergeNone, orgWithPairedContent } from "../support/multichannel";
import {
  expectIdRoutesLeaveOtherUntouched,
  expectReadsAsBefore,
  idTakingRoutes,
  type OtherOrg,
  otherOrgWithEveryKind,
  type PairedOrg,
  type Read,
  readAll,
} from "../support/second-org";

/*
 * Isolation as data for Multi-Channel (issue 20, kind I): another organisation with the same
 * channel, podcast and a preview of its own must not change our previews list, our preview or
 * the content we choose from (all time and a bounded range, merged or not); its preview, channel
 * and show ids open, report, reopen, delete and select nothing, and its rows stay as they were.
 */

let own: PairedOrg;
let other: OtherOrg;
let reads: Read[];
let before: Awaited<ReturnType<typeof readAll>>;

beforeAll(async () => {
  own = await orgWithPairedContent();
  const selection = { selectedChannels: [own.channel.id], selectedShows: [own.show.id] };
  const previewId = await createPreview(own.org.id, own.token, {
    title: "Ours",
    dateRange: allTime,
    ...selection,
    mergeOptions: mergeNone,
  });
  const merged = { ...mergeNone, mergeVideos: true, videoMergeStrategy: "title" } as const;
  reads = [
    "multi-channel",
    `multi-channel/previews/${previewId}`,
    ...[allTime, { type: "90days", range: null }].map((dateRange) => ({
      path: "multi-channel/content",
      body: { dateRange, ...selection },
    })),
    {
      path: "multi-channel/content",
      body: { dateRange: allTime, ...selection, mergeOptions: merged },
    },
  ];
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("Multi-Channel with a second organisation holding look-alike content", () => {
  it("our previews, our board and the content we choose from are exactly what they were", async () => {
    await expectReadsAsBefore(own, reads, before, other);
  });

  it("its ids open, report, reopen, delete and select nothing, and its rows stay as they were", async () => {
    await expectIdRoutesLeaveOtherUntouched(
      idTakingRoutes(/^\/api\/orgs\/:orgId\/multi-channel\b/),
      own,
      other,
      {},
      reads,
    );
  });
});
