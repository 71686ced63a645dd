import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { isScheduleDue } from "../../../shared/schedule";
import type { JobMessage } from "../../../shared/schemas/jobs";
import { schema } from "../../../worker/db/client";
import { enqueueJob } from "../../../worker/features/ingestion/jobs";
import worker from "../../../worker/index";
import { contentHandle, organizationOn, rowsPerDatabase } from "../support/content-databases";
import { db } from "../support/factories";
import { deliver, recordingQueue } from "../support/jobs";

/*
 * The background path over content databases (issue 17, docs/content-databases.md): an
 * organisation whose directory row names CONTENT_1 or CONTENT_2 has its queue jobs, its cron work
 * and its dead letters in that database, and in no other.
 */
const KEY = "AIza-sandbox-good-key";
const HOUR = 3_600_000;

async function jobIn(binding: string, jobId: string) {
  const [row] = await contentHandle(binding)
    .select()
    .from(schema.ingestionJobs)
    .where(eq(schema.ingestionJobs.id, jobId));
  return row;
}

async function fire(cron: string, scheduledTime: number, queue: Queue) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime, cron }),
    { ...env, JOBS: queue },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

describe("queue jobs of an organisation in a content database", () => {
  it("ingest a channel into its database, counting that database's statements", async () => {
    const org = await organizationOn("CONTENT_2", { youtubeKey: KEY });
    const job = { type: "ingest.channel", handle: "@bench-30" } as const;
    const jobId = (await enqueueJob(env, org.content, org.id, null, job))!;
    const result = await deliver([{ ...job, organizationId: org.id, jobId }]);
    expect(result.retryMessages).toEqual([]);

    const row = await jobIn("CONTENT_2", jobId);
    expect(row).toMatchObject({ status: "succeeded", errorCode: null });
    expect(row!.progress?.processed).toBe(30);
    // The meter counted the statements the job sent to CONTENT_2 (it sends none elsewhere).
    expect(row!.progress?.d1Statements).toBeGreaterThan(0);
    expect(await rowsPerDatabase(schema.channels, org.id)).toEqual({
      DB: 0,
      CONTENT_1: 0,
      CONTENT_2: 1,
    });
    const videos = await org.content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.organizationId, org.id));
    expect(videos).toHaveLength(30);
    expect(
      await db().select().from(schema.videos).where(eq(schema.videos.organizationId, org.id)),
    ).toEqual([]);
  });

  it("generate a report from the database's rows, on the time zone of its organisation row", async () => {
    const org = await organizationOn("CONTENT_1", { youtubeKey: KEY });
    const job = { type: "ingest.channel", handle: "@bench-12" } as const;
    const jobId = (await enqueueJob(env, org.content, org.id, null, job))!;
    await deliver([{ ...job, organizationId: org.id, jobId }]);
    const [channel] = await org.content
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, org.id));
    const [report] = await org.content
      .insert(schema.reports)
      .values({
        organizationId: org.id,
        title: "All time",
        platform: "youtube",
        exportType: "one-time",
        dateRange: { type: "alltime", range: null },
        selectedEntities: [channel!.id],
      })
      .returning();
    const result = await deliver([
      { type: "report.generate", organizationId: org.id, reportId: report!.id },
    ]);
    expect(result.retryMessages).toEqual([]);
    const [done] = await org.content
      .select()
      .from(schema.reports)
      .where(eq(schema.reports.id, report!.id));
    expect(done).toMatchObject({ status: "completed", rowCount: 12 });
    const files = await org.content
      .select()
      .from(schema.reportFiles)
      .where(eq(schema.reportFiles.reportId, report!.id));
    expect(files.length).toBeGreaterThan(0);
  });

  it("wait while the organisation is being moved: retried, not run", async () => {
    const org = await organizationOn("CONTENT_1", { youtubeKey: KEY, movingTo: "CONTENT_2" });
    const job = { type: "ingest.channel", handle: "@bench-5" } as const;
    const jobId = (await enqueueJob(env, org.content, org.id, null, job))!;
    const message = { ...job, organizationId: org.id, jobId };
    const result = await deliver([message], 3);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await jobIn("CONTENT_1", jobId)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await rowsPerDatabase(schema.channels, org.id)).toEqual({
      DB: 0,
      CONTENT_1: 0,
      CONTENT_2: 0,
    });

    // Out of retries only because the move took long: back on the jobs queue, not failed.
    const recorder = recordingQueue();
    const dead = await deliver([message], 1, "crosscast-jobs-dlq", {
      ...env,
      JOBS: recorder.queue,
    });
    expect(dead.explicitAcks).toHaveLength(1);
    expect(recorder.sent).toEqual([message]);
    expect(await jobIn("CONTENT_1", jobId)).toMatchObject({ status: "queued", errorCode: null });

    // The move ends (copy, switch, delete the old copy): the same message runs in CONTENT_2.
    const target = contentHandle("CONTENT_2");
    await target.insert(schema.organizations).values({ id: org.id, name: org.name });
    const ofOrg = eq(schema.integrations.organizationId, org.id);
    await target
      .insert(schema.integrations)
      .values(await org.content.select().from(schema.integrations).where(ofOrg));
    await target.insert(schema.ingestionJobs).values((await jobIn("CONTENT_1", jobId))!);
    await db()
      .update(schema.organizationDatabases)
      .set({ binding: "CONTENT_2", movingTo: null })
      .where(eq(schema.organizationDatabases.organizationId, org.id));
    await org.content.delete(schema.organizations).where(eq(schema.organizations.id, org.id));
    const after = await deliver([message], 4);
    expect(after.retryMessages).toEqual([]);
    expect(await jobIn("CONTENT_2", jobId)).toMatchObject({ status: "succeeded" });
    expect(await rowsPerDatabase(schema.channels, org.id)).toEqual({
      DB: 0,
      CONTENT_1: 0,
      CONTENT_2: 1,
    });
  });

  it("acknowledge and log a message of an organisation that no longer exists", async () => {
    const gone = crypto.randomUUID();
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    const result = await deliver([
      { type: "report.generate", organizationId: gone, reportId: crypto.randomUUID() },
    ]).finally(() => spy.mockRestore());
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "job: organisation no longer exists, dropped",
        type: "report.generate",
      }),
    );
  });

  it("record a dead letter in the organisation's database", async () => {
    const org = await organizationOn("CONTENT_2", { youtubeKey: KEY });
    const job = { type: "ingest.channel", handle: "@bench-5" } as const;
    const jobId = (await enqueueJob(env, org.content, org.id, null, job))!;
    const result = await deliver(
      [{ ...job, organizationId: org.id, jobId }],
      6,
      "crosscast-jobs-dlq",
    );
    expect(result.explicitAcks).toHaveLength(1);
    expect(await jobIn("CONTENT_2", jobId)).toMatchObject({
      status: "failed",
      errorCode: "retries_exhausted",
    });
  });
});

describe("cron over content databases", () => {
  // Monday 23 November 2026, 06:00 UTC: still Sunday in Los Angeles.
  const slot = Date.UTC(2026, 10, 23, 6);

  async function staleChannel(org: { id: string; content: ReturnType<typeof contentHandle> }) {
    const [channel] = await org.content
      .insert(schema.channels)
      .values({ organizationId: org.id, externalId: `UC${crypto.randomUUID()}`, title: "Stale" })
      .returning();
    return channel!;
  }

  async function dueSchedule(org: { id: string; content: ReturnType<typeof contentHandle> }) {
    // Weekly on the day it is in Los Angeles, not in UTC: due only on the organisation's calendar.
    const rule = { frequency: "weekly" as const, scheduledTime: "06:00", dayOfMonth: null };
    const dayOfWeek = [0, 1, 2, 3, 4, 5, 6].find((day) =>
      isScheduleDue({ ...rule, dayOfWeek: day }, new Date(slot), "America/Los_Angeles"),
    )!;
    expect(isScheduleDue({ ...rule, dayOfWeek }, new Date(slot), "UTC")).toBe(false);
    const [schedule] = await org.content
      .insert(schema.reportSchedules)
      .values({
        organizationId: org.id,
        title: "Weekly",
        platform: "youtube",
        dateRange: { type: "30days", range: null },
        selectedEntities: [],
        ...rule,
        dayOfWeek,
      })
      .returning();
    return schedule!;
  }

  it("enqueues each database's due refreshes and report runs there, and nothing of a moving organisation", async () => {
    const zone = { timezone: "America/Los_Angeles" };
    const first = await organizationOn("CONTENT_1", zone);
    const second = await organizationOn("CONTENT_2", zone);
    const moving = await organizationOn("CONTENT_1", { ...zone, movingTo: "CONTENT_2" });
    const channels = new Map<string, string>();
    for (const org of [first, second, moving]) {
      channels.set(org.id, (await staleChannel(org)).id);
      await dueSchedule(org);
    }

    const recorder = recordingQueue();
    await fire("0 * * * *", slot + 60_000, recorder.queue);
    const ours = (orgId: string) =>
      recorder.sent
        .filter((m): m is Exclude<JobMessage, { type: "maintenance.purge-expired" }> =>
          "organizationId" in m ? m.organizationId === orgId : false,
        )
        .map((m) => m.type)
        .sort();
    expect(ours(first.id)).toEqual(["refresh.channel", "report.schedule-run"]);
    expect(ours(second.id)).toEqual(["refresh.channel", "report.schedule-run"]);
    expect(ours(moving.id)).toEqual([]);

    for (const org of [first, second]) {
      const elsewhere = org.binding === "CONTENT_1" ? "CONTENT_2" : "CONTENT_1";
      const jobs = await rowsPerDatabase(schema.ingestionJobs, org.id);
      expect(jobs).toEqual({ DB: 0, [org.binding]: 1, [elsewhere]: 0 });
      const runs = await rowsPerDatabase(schema.scheduleRuns, org.id);
      expect(runs).toEqual({ DB: 0, [org.binding]: 1, [elsewhere]: 0 });
      const refresh = recorder.sent.find(
        (m) => m.type === "refresh.channel" && m.organizationId === org.id,
      );
      expect(refresh).toMatchObject({ channelId: channels.get(org.id) });
    }
    expect(await rowsPerDatabase(schema.ingestionJobs, moving.id)).toEqual({
      DB: 0,
      CONTENT_1: 0,
      CONTENT_2: 0,
    });
  });

  it("resumes expired leases in each database, leaving a moving organisation's alone", async () => {
    const placed = await organizationOn("CONTENT_2");
    const moving = await organizationOn("CONTENT_1", { movingTo: "CONTENT_2" });
    const expired = { status: "queued" as const, leaseExpiresAt: new Date(slot - HOUR) };
    const insertJob = async (org: typeof placed) => {
      const [job] = await org.content
        .insert(schema.ingestionJobs)
        .values({
          organizationId: org.id,
          kind: "refresh.channel",
          target: { channelId: crypto.randomUUID() },
          ...expired,
        })
        .returning();
      return job!;
    };
    const mine = await insertJob(placed);
    const frozen = await insertJob(moving);

    const recorder = recordingQueue();
    await fire("*/15 * * * *", slot + 15 * 60_000, recorder.queue);
    expect(recorder.sent.filter((m) => "jobId" in m && m.jobId === mine.id)).toHaveLength(1);
    expect(await jobIn("CONTENT_2", mine.id)).toMatchObject({
      status: "queued",
      errorCode: "lease_expired",
    });
    expect(recorder.sent.some((m) => "jobId" in m && m.jobId === frozen.id)).toBe(false);
    expect(await jobIn("CONTENT_1", frozen.id)).toMatchObject({ errorCode: null, attempts: 0 });
  });

  it("purges old finished jobs in every content database, except a moving organisation's", async () => {
    const placed = await organizationOn("CONTENT_2");
    const moving = await organizationOn("CONTENT_1", { movingTo: "CONTENT_2" });
    const old = new Date(Date.now() - 31 * 24 * HOUR);
    for (const org of [placed, moving])
      await org.content.insert(schema.ingestionJobs).values({
        organizationId: org.id,
        kind: "refresh.channel",
        target: {},
        status: "succeeded",
        createdAt: old,
      });
    const result = await deliver([
      { type: "maintenance.purge-expired", slot: new Date().toISOString() },
    ]);
    expect(result.retryMessages).toEqual([]);
    expect(await rowsPerDatabase(schema.ingestionJobs, placed.id)).toMatchObject({ CONTENT_2: 0 });
    expect(
      await moving.content
        .select()
        .from(schema.ingestionJobs)
        .where(and(eq(schema.ingestionJobs.organizationId, moving.id))),
    ).toHaveLength(1);
  });
});
