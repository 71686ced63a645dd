import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { hashToHour, refreshDue } from "../../../worker/features/ingestion/spread";
import worker from "../../../worker/index";
import { contentOf } from "../support/factories";
import { call, envelope } from "../support/http";
import { connectedOrg, ingestedChannel, runJob } from "../support/ingestion";

const HOUR_MS = 3_600_000;

async function fire(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}
const jobsOf = async (organizationId: string, kind: string) =>
  (await contentOf(organizationId))
    .select()
    .from(schema.ingestionJobs)
    .where(
      and(
        eq(schema.ingestionJobs.organizationId, organizationId),
        eq(schema.ingestionJobs.kind, kind),
      ),
    );

describe("refresh schedule", () => {
  const id = "0b7f0f8e-3f0a-4d36-9a8e-5c1e2d3f4a5b";
  const own = hashToHour(id);
  const slot = (day: number, hour: number) => Date.UTC(2026, 10, day, hour);

  it("refreshes at the entity's own hour once a day, whatever time the job finishes", () => {
    let lastUpdated: Date | null = null;
    const refreshedAt: number[] = [];
    for (let day = 1; day <= 4; day++)
      for (let hour = 0; hour < 24; hour++) {
        if (!refreshDue(id, lastUpdated, slot(day, hour))) continue;
        refreshedAt.push(slot(day, hour));
        lastUpdated = new Date(slot(day, hour) + 7 * 60_000); // the job ends a few minutes later
      }
    // The first slot catches up the never-refreshed entity; from then on, one refresh a day at
    // its own hour (a job ending minutes after its slot does not push it to every other day).
    expect(refreshedAt[0]).toBe(slot(1, 0));
    expect(refreshedAt.slice(1).every((t) => new Date(t).getUTCHours() === own)).toBe(true);
    for (const day of [2, 3, 4])
      expect(refreshedAt.filter((t) => new Date(t).getUTCDate() === day)).toHaveLength(1);
  });

  it("skips its hour after a recent manual refresh and catches up anything 26 hours stale", () => {
    const at = slot(10, own);
    expect(refreshDue(id, new Date(at - 2 * HOUR_MS), at)).toBe(false);
    expect(refreshDue(id, new Date(at - 13 * HOUR_MS), at)).toBe(true);
    const other = slot(10, (own + 5) % 24);
    expect(refreshDue(id, new Date(other - 25 * HOUR_MS), other)).toBe(false);
    expect(refreshDue(id, new Date(other - 27 * HOUR_MS), other)).toBe(true);
  });

  it("spreads entities over the hours of the day", () => {
    const hours = new Set(Array.from({ length: 500 }, () => hashToHour(crypto.randomUUID())));
    expect(hours.size).toBe(24);
  });
});

describe("cron", () => {
  it("enqueues each due refresh and young-video snapshot once per slot, even when it fires twice", async () => {
    const { org, member } = await connectedOrg();
    // @bench-1000 publishes every 17.5 hours, so it always has videos younger than eight days.
    const channel = await ingestedChannel(org.id, member.session.accessToken, "@bench-1000");
    const slot = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;

    // Fresh channel: no refresh, but an hourly snapshot of its young videos, once.
    await fire(slot + 60_000);
    await fire(slot + 120_000);
    expect(await jobsOf(org.id, "refresh.channel")).toHaveLength(0);
    const snapshots = await jobsOf(org.id, "snapshot.young-videos");
    expect(snapshots).toHaveLength(1);
    const young = await runJob(snapshots[0]!.id);
    expect(young.status).toBe("succeeded");
    expect(young.progress!.processed).toBeGreaterThan(0);
    expect(young.quotaUnits).toBe(Math.ceil(young.progress!.processed / 50));

    // A day and more later: the refresh is due (it snapshots the young videos itself).
    await (await contentOf(org.id))
      .update(schema.channels)
      .set({ lastUpdated: new Date(slot - 30 * HOUR_MS) })
      .where(eq(schema.channels.id, channel.id));
    await fire(slot + HOUR_MS);
    await fire(slot + HOUR_MS + 5_000);
    const refreshes = await jobsOf(org.id, "refresh.channel");
    expect(refreshes).toHaveLength(1);
    expect(await jobsOf(org.id, "snapshot.young-videos")).toHaveLength(1);
    expect(await runJob(refreshes[0]!.id)).toMatchObject({
      status: "succeeded",
      quotaUnits: 1 + 2 * 20,
    });
    const [after] = await (await contentOf(org.id))
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.id, channel.id));
    expect(after!.lastUpdated!.getTime()).toBeGreaterThan(slot);
  });
});

describe("the Refresh button", () => {
  it("enqueues one refresh per channel, and none beside one already on the way", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@bench-40");
    const first = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube" },
      token,
    });
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ jobIds: [expect.any(String)], alreadyRunning: 0 });
    const second = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube" },
      token,
    });
    expect(second.json).toEqual({ jobIds: [], alreadyRunning: 1 });
    await runJob((first.json as { jobIds: string[] }).jobIds[0]!);
    const third = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube" },
      token,
    });
    expect((third.json as { jobIds: string[] }).jobIds).toHaveLength(1);
  });

  it("refreshes only the chosen channels (the Edit dialog), never another organisation's", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@bench-40");
    await ingestedChannel(org.id, token, "@bench-41");
    const [one] = await (await contentOf(org.id))
      .select({ id: schema.channels.id })
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, org.id));
    const only = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube", ids: [one!.id] },
      token,
    });
    expect(only.json).toEqual({ jobIds: [expect.any(String)], alreadyRunning: 0 });
    const other = await connectedOrg();
    const foreign = await call(`/api/orgs/${other.org.id}/refresh`, {
      body: { platform: "youtube", ids: [one!.id] },
      token: other.member.session.accessToken,
    });
    expect(foreign.json).toEqual({ jobIds: [], alreadyRunning: 0 });
    const bad = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube", ids: ["not-an-id"] },
      token,
    });
    expect(bad.status).toBe(400);
    expect(envelope(bad.json).field).toBe("ids.0");
  });

  it("needs the provider's key", async () => {
    const { org, member } = await connectedOrg();
    const r = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "simplecast", refreshType: "light" },
      token: member.session.accessToken,
    });
    expect(envelope(r.json)).toMatchObject({
      reason: "integration_missing",
      message: "Simplecast API key not found",
    });
  });
});
