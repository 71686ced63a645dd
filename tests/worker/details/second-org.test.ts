import { eq } from "drizzle-orm";
import { beforeAll, describe, it } from "vitest";
import { detailKinds } from "../../../shared/schemas/details";
import { schema } from "../../../worker/db/client";
import { contentOf } from "../support/factories";
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
 * Isolation as data for the detail panel (issue 20, kind I): another organisation with the same
 * channel and podcast must not change a single figure of our charts, and its ids must chart
 * nothing in ours.
 */

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const range = `?from=${isoDay(Date.now() - 365 * DAY)}&to=${isoDay(Date.now())}`;

let own: PairedOrg;
let other: OtherOrg;
let reads: string[];
let before: Awaited<ReturnType<typeof readAll>>;

beforeAll(async () => {
  own = await orgWithPairedContent();
  const content = await contentOf(own.org.id);
  const [video] = await content
    .select()
    .from(schema.videos)
    .where(eq(schema.videos.organizationId, own.org.id))
    .limit(1);
  const [episode] = await content
    .select()
    .from(schema.episodes)
    .where(eq(schema.episodes.organizationId, own.org.id))
    .limit(1);
  const items = {
    channels: own.channel.id,
    videos: video!.id,
    shows: own.show.id,
    episodes: episode!.id,
  };
  reads = [
    ...Object.entries(items).map(([kind, id]) => `details/${kind}/${id}/series${range}`),
    `details/videos/${items.videos}/pacing`,
    `details/episodes/${items.episodes}/pacing`,
  ];
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("details with a second organisation holding look-alike content", () => {
  it("our series and pacing are exactly what they were before it existed", async () => {
    await expectReadsAsBefore(own, reads, before, other);
  });

  it("its ids chart nothing in our organisation and leave its rows exactly as they were", async () => {
    await expectIdRoutesLeaveOtherUntouched(
      idTakingRoutes(/^\/api\/orgs\/:orgId\/details\//),
      own,
      other,
      { params: { kind: detailKinds }, query: (r) => (r.path.endsWith("/series") ? range : "") },
      reads,
    );
  });
});
