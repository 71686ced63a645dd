import { beforeAll, describe, it } from "vitest";
import { call } from "../support/http";
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
 * Isolation as data for the organisation's settings (issue 20, kind I): another organisation
 * with its own members, a pending invitation, keys and audit trail must not show in our
 * settings, members, invitations, integrations or audit log; its member and invitation ids
 * change no role, reset no password, remove nobody and resend or withdraw nothing, so its rows,
 * its people's accounts, sign-ins and link tokens stay exactly as they were.
 */

const reads = ["", "members", "audit", "integrations", "google"];

let own: PairedOrg;
let other: OtherOrg;
let before: Awaited<ReturnType<typeof readAll>>;

beforeAll(async () => {
  own = await orgWithPairedContent();
  const invited = await call(`/api/orgs/${own.org.id}/members`, {
    body: { email: `ours-${own.org.id.slice(0, 8)}@example.com`, role: "standard" },
    token: own.admin.session.accessToken,
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${invited.text}`);
  before = await readAll(own, reads);
  other = await otherOrgWithEveryKind();
}, 300_000);

describe("the organisation's settings with a second organisation beside it", () => {
  it("our settings, members, invitations, integrations and audit are exactly what they were", async () => {
    await expectReadsAsBefore(own, reads, before, other);
  });

  it("its member and invitation ids change nothing of its rows or its people", async () => {
    await expectIdRoutesLeaveOtherUntouched(
      idTakingRoutes(
        /^\/api\/orgs\/:orgId(\/(members|timezone|google|storage|logo|audit)\b.*|\/integrations)?$/,
      ),
      own,
      other,
      {},
      reads,
    );
  });
});
