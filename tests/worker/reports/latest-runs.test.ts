import { describe, expect, it } from "vitest";
import { reportsPageSchema } from "../../../shared/schemas/reports";
import { IDS_PER_STATEMENT } from "../../../worker/db/batch";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { call } from "../support/http";

/*
 * The Reports screen shows each schedule's newest run. The runs are read in chunks under D1's
 * parameter limit: a schedule past the first chunk must not show "Not run yet" (it once did).
 */
describe("recurring reports' last runs", () => {
  it("every schedule shows its newest run, past the first chunk of ids too", async () => {
    const { org, member } = await createOrgWithMembers();
    const count = IDS_PER_STATEMENT + 5;
    const now = Date.now();
    const schedules = Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      organizationId: org.id,
      title: `Schedule ${i}`,
      platform: "youtube" as const,
      dateRange: { type: "7days" as const, range: null },
      selectedEntities: [],
      frequency: "daily" as const,
      scheduledTime: "06:00",
      createdAt: new Date(now - i * 60_000),
    }));
    const content = await contentOf(org.id);
    for (const row of schedules) await content.insert(schema.reportSchedules).values(row);
    // Two runs each: the newest (succeeded, with its row count) is the one to show.
    for (const [i, s] of schedules.entries()) {
      await content.insert(schema.scheduleRuns).values([
        {
          organizationId: org.id,
          scheduleId: s.id,
          slot: "2026-11-01T06",
          status: "failed",
          createdAt: new Date(now - 86_400_000),
        },
        {
          organizationId: org.id,
          scheduleId: s.id,
          slot: "2026-11-02T06",
          status: "succeeded",
          rowCount: i,
          createdAt: new Date(now),
          finishedAt: new Date(now),
        },
      ]);
    }
    const r = await call(`/api/orgs/${org.id}/reports?platform=youtube`, {
      token: member.session.accessToken,
    });
    const page = reportsPageSchema.parse(r.json);
    expect(page.schedules).toHaveLength(count);
    for (const s of page.schedules) {
      const i = Number(s.title.split(" ")[1]);
      expect(s.lastRun, s.title).toMatchObject({ status: "succeeded", rowCount: i });
    }
  });
});
