import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { orgWithPairedContent } from "../support/multichannel";
import {
  addReportScheduleAndPreview,
  expectIdRoutesLeaveOtherUntouched,
  expectReadsAsBefore,
  idTakingRoutes,
  type OtherOrg,
  otherOrgWithEveryKind,
  type PairedOrg,
  readAll,
} from "../support/second-org";

/*
 * Isolation as data for Reports (issue 20, kind I): another organisation with the same channel,
 * a generated report of the same name, a schedule and a preview must not change our reports
 * page (either platform) or the bytes of our files; its report, file and schedule ids download,
 * edit, pause and delete nothing, and its rows and R2 files stay exactly as they were.
 */

let own: PairedOrg;
let other: OtherOrg;
let reads: string[];
let before: Awaited<ReturnType<typeof readAll>>;

const filesOf = async (organizationId: string) =>
  (await contentOf(organizationId))
    .select()
    .from(schema.reportFiles)
    .where(eq(schema.reportFiles.organizationId, organizationId));

beforeAll(async () => {
  own = await orgWithPairedContent();
  await addReportScheduleAndPreview(own);
  const files = await filesOf(own.org.id);
  reads = [
    "reports?platform=youtube",
    "reports?platform=simplecast",
    ...files.map((f) => `reports/${f.reportId}/files/${f.id}`),
  ];
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("Reports with a second organisation holding look-alike content", () => {
  it("our reports page and the bytes of our files are exactly what they were", async () => {
    expect(reads.length).toBeGreaterThan(2);
    await expectReadsAsBefore(own, reads, before, other);
  });

  it("its files are not found in our organisation, by their own report and file ids", async () => {
    const theirs = await filesOf(other.org.id);
    expect(theirs.length).toBeGreaterThan(0);
    for (const file of theirs) {
      const path = `/api/orgs/${own.org.id}/reports/${file.reportId}/files/${file.id}`;
      expect((await call(path, { token: own.admin.session.accessToken })).status, path).toBe(404);
    }
  });

  it("its ids download, edit, pause and delete nothing, and its rows stay as they were", async () => {
    await expectIdRoutesLeaveOtherUntouched(
      idTakingRoutes(/^\/api\/orgs\/:orgId\/reports\b/),
      own,
      other,
      {
        query: (route) =>
          route.method === "GET" && route.params.length === 1 ? "?platform=youtube" : "",
      },
      reads,
    );
  });
});
