import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import worker from "../../../worker/index";
import { LEASE_MS, startJob } from "../../../worker/jobs/job-state";
import { MAX_STARTS, messages } from "../../../worker/jobs/leases";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";
import { deliver, jobRow, messageFor } from "../support/jobs";

/*
 * A job whose process dies mid-run (the dev server killed, a deploy, an out-of-memory kill) must
 * not stay "running" for ever nor block a new refresh: its lease runs out after 15 minutes, the
 * quarter-hourly sweep starts it again (or, after three starts, fails it visibly), and a refresh
 * of the same channel is accepted as soon as the lease is over.
 */

async function sweepAt(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime, cron: "*/15 * * * *" }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

async function refresh(orgId: string, token: string) {
  const r = await call(`/api/orgs/${orgId}/refresh`, { body: { platform: "youtube" }, token });
  return r.json as { jobIds: string[]; alreadyRunning: number };
}

/** The process "dies" right after the consumer marked the job running: nothing else happens. */
const crash = async (jobId: string, attempts = 1) => {
  const { organizationId } = await jobRow(jobId);
  await startJob(await contentOf(organizationId), organizationId, jobId, attempts);
};

describe("jobs that survive a crash", () => {
  it("resumes a job whose process died, within its 15-minute lease, and it then succeeds", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@bench-20");
    const [jobId] = (await refresh(org.id, token)).jobIds;
    await crash(jobId!);
    expect((await jobRow(jobId!)).status).toBe("running");
    // While its lease holds, the job is alive: a second refresh is not queued beside it.
    expect(await refresh(org.id, token)).toEqual({ jobIds: [], alreadyRunning: 1 });
    // The sweep before the lease ends leaves it alone; the first one after resumes it.
    await sweepAt(Date.now() + LEASE_MS - 60_000);
    expect((await jobRow(jobId!)).status).toBe("running");
    await sweepAt(Date.now() + LEASE_MS + 60_000);
    expect(await jobRow(jobId!)).toMatchObject({
      status: "queued",
      errorCode: "lease_expired",
      errorMessage: messages.resumed,
    });
    // The re-sent message (the queue delivers it) runs the job to the end.
    await deliver([await messageFor(jobId!)]);
    expect(await jobRow(jobId!)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("gives up visibly after three starts, and never blocks a new refresh", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@bench-20");
    const [jobId] = (await refresh(org.id, token)).jobIds;
    const content = await contentOf(org.id);
    for (let start = 1; start <= MAX_STARTS; start++) {
      await crash(jobId!);
      // Its lease is over (as 16 minutes later).
      await content
        .update(schema.ingestionJobs)
        .set({ leaseExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(schema.ingestionJobs.id, jobId!));
      // A refresh is accepted as soon as the lease is over, even before any sweep.
      if (start === 1) {
        const again = await refresh(org.id, token);
        expect(again.alreadyRunning).toBe(0);
        expect(again.jobIds).toHaveLength(1);
        await content
          .update(schema.ingestionJobs)
          .set({ status: "failed" })
          .where(eq(schema.ingestionJobs.id, again.jobIds[0]!));
      }
      await sweepAt(Date.now());
    }
    expect(await jobRow(jobId!)).toMatchObject({
      status: "failed",
      attempts: MAX_STARTS,
      errorCode: "lease_expired",
      errorMessage: messages.gaveUp,
    });
    const recent = await call(`/api/orgs/${org.id}/jobs?limit=5`, { token });
    expect(JSON.stringify(recent.json)).toContain("given up");
  });

  it("puts back a queued job whose message was lost", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@bench-20");
    const [jobId] = (await refresh(org.id, token)).jobIds;
    // The message went to a queue that lost it (a local queue is in memory): the row stays queued.
    await sweepAt(Date.now() + LEASE_MS + 60_000);
    expect((await jobRow(jobId!)).errorMessage).toBe(messages.resumed);
    await deliver([await messageFor(jobId!)]);
    expect((await jobRow(jobId!)).status).toBe("succeeded");
  });
});
