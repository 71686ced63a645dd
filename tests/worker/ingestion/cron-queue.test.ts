import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { JobMessage } from "../../../shared/schemas/jobs";
import { schema } from "../../../worker/db/client";
import worker from "../../../worker/index";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";
import { recordingQueue } from "../support/jobs";

/*
 * The cron proven by what reaches the queue (gap kind: branches never taken; the old test read
 * only the ingestion_jobs rows, so a cron that recorded jobs but enqueued nothing passed). The
 * JOBS producer is wrapped: every message is recorded, then handed to the real queue.
 */
const HOUR = 3_600_000;

async function fire(scheduledTime: number, queue: Queue) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime, cron: "0 * * * *" }),
    { ...env, JOBS: queue },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

describe("cron, read from the queue", () => {
  it("enqueues exactly the due refresh, the young-video snapshot and the due report run, once per slot", async () => {
    // A 12:00 UTC slot (a report time) within the last day, so the bench channel has young videos.
    const slot = Math.floor((Date.now() - 12 * HOUR) / (24 * HOUR)) * 24 * HOUR + 12 * HOUR;
    const stale = await connectedOrg();
    const staleChannel = await ingestedChannel(
      stale.org.id,
      stale.member.session.accessToken,
      "@bench-1000",
    );
    await (await contentOf(stale.org.id))
      .update(schema.channels)
      .set({ lastUpdated: new Date(slot - 30 * HOUR) })
      .where(eq(schema.channels.id, staleChannel.id));
    const schedule = await call(`/api/orgs/${stale.org.id}/reports/schedules`, {
      body: {
        title: "Daily at noon",
        platform: "youtube",
        dateRange: { type: "alltime", range: null },
        selectedEntities: [staleChannel.id],
        frequency: "daily",
        scheduledTime: "12:00",
        isPersistent: false,
      },
      token: stale.admin.session.accessToken,
    });
    expect(schedule.status).toBe(201);
    const fresh = await connectedOrg();
    const freshChannel = await ingestedChannel(
      fresh.org.id,
      fresh.member.session.accessToken,
      "@bench-1000",
    );
    await (await contentOf(fresh.org.id))
      .update(schema.channels)
      .set({ lastUpdated: new Date(slot - HOUR) })
      .where(eq(schema.channels.id, freshChannel.id));

    const first = recordingQueue();
    await fire(slot + 60_000, first.queue);
    const ours = (sent: JobMessage[]) =>
      sent
        .filter(
          (m) =>
            m.type === "maintenance.purge-expired" ||
            m.organizationId === stale.org.id ||
            m.organizationId === fresh.org.id,
        )
        .map((m) => ({ ...m }))
        .sort((a, b) => a.type.localeCompare(b.type));
    const [run] = await (await contentOf(stale.org.id))
      .select()
      .from(schema.scheduleRuns)
      .where(eq(schema.scheduleRuns.organizationId, stale.org.id));
    const jobOf = async (orgId: string, kind: string) =>
      (
        await (
          await contentOf(orgId)
        )
          .select()
          .from(schema.ingestionJobs)
          .where(eq(schema.ingestionJobs.organizationId, orgId))
      ).find((j) => j.kind === kind)!.id;
    expect(ours(first.sent)).toEqual([
      { type: "maintenance.purge-expired", slot: new Date(slot).toISOString() },
      {
        type: "refresh.channel",
        organizationId: stale.org.id,
        channelId: staleChannel.id,
        jobId: await jobOf(stale.org.id, "refresh.channel"),
      },
      { type: "report.schedule-run", organizationId: stale.org.id, runId: run!.id },
      {
        type: "snapshot.young-videos",
        organizationId: fresh.org.id,
        channelId: freshChannel.id,
        jobId: await jobOf(fresh.org.id, "snapshot.young-videos"),
      },
    ]);

    // The same slot again: only the idempotent maintenance message, nothing of ours twice.
    const second = recordingQueue();
    await fire(slot + 120_000, second.queue);
    expect(ours(second.sent)).toEqual([
      { type: "maintenance.purge-expired", slot: new Date(slot).toISOString() },
    ]);
  });
});
