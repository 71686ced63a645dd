import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers, createUser } from "../support/accounts";
import { createOrganization, db } from "../support/factories";
import { call, envelope, signIn } from "../support/http";
import { deliver, jobRow, messageFor } from "../support/jobs";

async function connectedOrg(key = "AIza-sandbox-good-key") {
  const setup = await createOrgWithMembers();
  const r = await call(`/api/orgs/${setup.org.id}/integrations/youtube/connect`, { body: { apiKey: key }, token: setup.admin.session.accessToken });
  return { ...setup, connect: r };
}

describe("connecting YouTube", () => {
  it("tests the key with a real call, stores it encrypted and marks it active", async () => {
    const { connect } = await connectedOrg();
    expect(connect.status).toBe(200);
    expect(connect.json).toMatchObject({ integrations: [{ type: "youtube", status: "active", mask: "••••-key" }] });
    expect(connect.text).not.toContain("AIza-sandbox-good-key");
  });

  it("refuses an invalid key with the spec's message and saves nothing", async () => {
    const { connect, org } = await connectedOrg("sandbox-invalid-key");
    expect(connect.status).toBe(400);
    expect(envelope(connect.json).message).toBe("Invalid API key or unable to connect to YouTube");
    expect(await db().select().from(schema.integrations).where(eq(schema.integrations.organizationId, org.id))).toEqual([]);
  });

  it("is for admins (403) and hidden from other organisations (404)", async () => {
    const { org, member } = await createOrgWithMembers();
    expect((await call(`/api/orgs/${org.id}/integrations/youtube/connect`, { body: { apiKey: "k" }, token: member.session.accessToken })).status).toBe(403);
    const stranger = await createUser({ organizationId: (await createOrganization()).id, role: "admin" });
    const s = await signIn(stranger.email, stranger.password);
    expect((await call(`/api/orgs/${org.id}/integrations/youtube/connect`, { body: { apiKey: "k" }, token: s.accessToken })).status).toBe(404);
  });
});

describe("adding a channel", () => {
  it("validates the URL with the spec's messages", async () => {
    const { org, member } = await connectedOrg();
    const bad = await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/channel/UC1" }, token: member.session.accessToken });
    expect(envelope(bad.json)).toMatchObject({ message: "Please provide a handle-based URL like https://www.youtube.com/@channelname", field: "url" });
    const notUrl = await call(`/api/orgs/${org.id}/channels`, { body: { url: "nope" }, token: member.session.accessToken });
    expect(envelope(notUrl.json).message).toBe("Invalid YouTube channel URL");
  });

  it("requires a connected YouTube integration", async () => {
    const { org, member } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/@demomedia-clips" }, token: member.session.accessToken });
    expect(envelope(r.json).message).toBe("Please set up your YouTube API key first");
  });

  it("ingests the channel end to end through the queue, once even if delivered twice", async () => {
    const { org, member } = await connectedOrg();
    const r = await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/@bench-120" }, token: member.session.accessToken });
    expect(r.status).toBe(202);
    const { jobId } = r.json as { jobId: string };
    expect((await call(`/api/orgs/${org.id}/jobs/${jobId}`, { token: member.session.accessToken })).json).toMatchObject({ job: { status: "queued", kind: "ingest.channel" } });
    const message = await messageFor(jobId);
    const result = await deliver([message]);
    expect(result.retryMessages).toEqual([]);
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "succeeded", quotaUnits: 1 + 2 * Math.ceil(120 / 50), progress: { processed: 120, total: 120 } });
    const [channel] = await db().select().from(schema.channels).where(eq(schema.channels.organizationId, org.id));
    expect(channel).toMatchObject({ handle: "@bench-120", videoCount: 120 });
    expect(channel!.lastUpdated).toBeInstanceOf(Date);
    const vids = await db().select().from(schema.videos).where(eq(schema.videos.channelId, channel!.id));
    expect(vids).toHaveLength(120);
    // No history yet: trailing windows have no value (null), not 0.
    expect(channel!.trailing1wViews).toBeNull();

    const countBefore = (await db().select().from(schema.videoMetrics).where(eq(schema.videoMetrics.organizationId, org.id))).length;
    await deliver([message], 2);
    expect((await db().select().from(schema.videos).where(eq(schema.videos.channelId, channel!.id))).length).toBe(120);
    expect((await db().select().from(schema.videoMetrics).where(eq(schema.videoMetrics.organizationId, org.id))).length).toBe(countBefore);
    expect((await jobRow(jobId)).quotaUnits).toBe(5 + 2);
  });

  it("records a permanent failure (unknown channel) without retrying", async () => {
    const { org, member } = await connectedOrg();
    const { jobId } = (await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/@missing-one" }, token: member.session.accessToken })).json as { jobId: string };
    const result = await deliver([await messageFor(jobId)]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobRow(jobId)).toMatchObject({ status: "failed", errorCode: "channel_not_found" });
  });

  it("retries a failing job, then shows it failed once dead-lettered", async () => {
    const { org, member, admin } = await connectedOrg();
    const { jobId } = (await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/@demomedia-clips" }, token: member.session.accessToken })).json as { jobId: string };
    // The key starts failing with 503s after it was connected.
    await call(`/api/orgs/${org.id}/integrations`, { method: "PUT", body: { youtubeApiKey: "sandbox-server-error" }, token: admin.session.accessToken });
    const message = await messageFor(jobId);
    const first = await deliver([message]);
    expect(first.retryMessages).toHaveLength(1);
    expect(await jobRow(jobId)).toMatchObject({ status: "queued", errorMessage: "Failed to connect to YouTube" });
    await deliver([message], 6, "crosscast-jobs-dlq");
    const jobs = await call(`/api/orgs/${org.id}/jobs`, { token: member.session.accessToken });
    expect(jobs.json).toMatchObject({ jobs: [{ id: jobId, status: "failed", errorCode: "retries_exhausted" }] });
    expect(await db().select().from(schema.channels).where(eq(schema.channels.organizationId, org.id))).toEqual([]);
  });

  it("hides jobs from other organisations", async () => {
    const { org, member } = await connectedOrg();
    const { jobId } = (await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/@bench-10" }, token: member.session.accessToken })).json as { jobId: string };
    const other = await createOrgWithMembers();
    expect((await call(`/api/orgs/${other.org.id}/jobs/${jobId}`, { token: other.admin.session.accessToken })).status).toBe(404);
    expect((await call(`/api/orgs/${org.id}/jobs/${jobId}`, { token: other.admin.session.accessToken })).status).toBe(404);
  });
});

describe("cron", () => {
  it("enqueues each due refresh once per slot, even when it fires twice, and snapshots young videos hourly", async () => {
    const { createExecutionContext, createScheduledController, env, waitOnExecutionContext } = await import("cloudflare:test");
    const { default: worker } = await import("../../../worker/index");
    const { org, member } = await connectedOrg();
    const { jobId } = (await call(`/api/orgs/${org.id}/channels`, { body: { url: "https://www.youtube.com/@bench-60" }, token: member.session.accessToken })).json as { jobId: string };
    await deliver([await messageFor(jobId)]);
    const [channel] = await db().select().from(schema.channels).where(eq(schema.channels.organizationId, org.id));
    // Make the channel three days stale so it is overdue at any hour.
    await db().update(schema.channels).set({ lastUpdated: new Date(Date.now() - 3 * 86_400_000) }).where(eq(schema.channels.id, channel!.id));
    const fire = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await fire();
    await fire();
    const jobs = await db().select().from(schema.ingestionJobs).where(eq(schema.ingestionJobs.organizationId, org.id));
    expect(jobs.filter((j) => j.kind === "refresh.channel")).toHaveLength(1);
    // @bench-60 publishes about one video every 12 days, so it may or may not have a young one;
    // whatever it has is snapshotted once per slot.
    expect(jobs.filter((j) => j.kind === "snapshot.young-videos").length).toBeLessThanOrEqual(1);
    const refresh = jobs.find((j) => j.kind === "refresh.channel")!;
    await deliver([await messageFor(refresh.id)]);
    expect((await jobRow(refresh.id)).status).toBe("succeeded");
    const [after] = await db().select().from(schema.channels).where(eq(schema.channels.id, channel!.id));
    expect(after!.lastUpdated!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
