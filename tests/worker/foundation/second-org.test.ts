import { beforeAll, describe, expect, it } from "vitest";
import type { JobType } from "../../../shared/schemas/jobs";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { deliver } from "../support/jobs";
import { expectUnchanged, type OtherOrg, otherOrgWithEveryKind } from "../support/second-org";

/*
 * Isolation as data for the job queue (issue 20, kind I). A message names its organisation and
 * the ids it works on; a message naming ours with another organisation's ids (what a bug in an
 * enqueueing feature would send) must change nothing of that organisation, whether the consumer
 * runs it or the dead-letter consumer records it as given up. Every id-carrying message type,
 * with each kind of id the other organisation has, and with our job row or its own.
 */

const idField = {
  "refresh.channel": "channelId",
  "refresh.show": "showId",
  "snapshot.young-videos": "channelId",
  "report.generate": "reportId",
  "report.schedule-run": "runId",
} as const satisfies Partial<Record<JobType, string>>;
const trackedTypes = new Set<JobType>(["refresh.channel", "refresh.show", "snapshot.young-videos"]);

let other: OtherOrg;
let own: Awaited<ReturnType<typeof createOrgWithMembers>>;

/** A job row of ours for the message, as the enqueueing feature would have written it. */
async function ownJob(kind: JobType, target: Record<string, string>) {
  const [row] = await (await contentOf(own.org.id))
    .insert(schema.ingestionJobs)
    .values({
      organizationId: own.org.id,
      kind: kind as typeof schema.ingestionJobs.$inferInsert.kind,
      target,
      createdByUserId: own.admin.user.id,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  other = await otherOrgWithEveryKind();
  own = await createOrgWithMembers();
}, 300_000);

describe("job messages naming our organisation with another's ids", () => {
  it("change nothing of the other organisation, run or dead-lettered", async () => {
    const theirJobs = other.snapshot.rows.ingestion_jobs as Array<{ id: string; status: string }>;
    const queued = theirJobs.find((j) => j.status === "queued")!;
    expect(queued).toBeDefined();
    expect(other.snapshot.rows.schedule_runs).toHaveLength(1);
    let sent = 0;
    for (const [type, field] of Object.entries(idField) as Array<[JobType, string]>)
      for (const id of other.aimIds) {
        const target = { [field]: id };
        const jobIds = trackedTypes.has(type) ? [await ownJob(type, target), queued.id] : [null];
        for (const jobId of jobIds) {
          const body = { type, organizationId: own.org.id, ...target, ...(jobId ? { jobId } : {}) };
          await deliver([body], 1);
          await deliver([body], 1, "crosscast-jobs-dlq");
          sent++;
        }
      }
    expect(sent).toBeGreaterThan(Object.keys(idField).length * other.aimIds.length);
    await expectUnchanged(other.org.id, other.snapshot);
  }, 600_000);
});
