import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS, isoDate } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { retryDelaySeconds } from "../../../worker/jobs/queue";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { videoHistory } from "../support/history";
import { call, envelope } from "../support/http";
import { addChannel, connectedOrg, runJob } from "../support/ingestion";
import { deliver, jobRow, messageFor } from "../support/jobs";

const minimumQuota = (videos: number) => 1 + 2 * Math.ceil(videos / 50);

describe("connecting YouTube", () => {
  it("tests the key with a real call, stores it encrypted and marks it active", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const connect = await call(`/api/orgs/${org.id}/integrations/youtube/connect`, {
      body: { apiKey: "AIza-sandbox-good-key" },
      token: admin.session.accessToken,
    });
    expect(connect.status).toBe(200);
    expect(connect.json).toMatchObject({
      integrations: [{ type: "youtube", status: "active", mask: "••••-key" }],
    });
    expect(connect.text).not.toContain("AIza-sandbox-good-key");
    const [row] = await (await contentOf(org.id))
      .select()
      .from(schema.integrations)
      .where(eq(schema.integrations.organizationId, org.id));
    expect(row!.apiKeyCiphertext).not.toContain("AIza-sandbox-good-key");
    // Every member sees the status and the mask, never the key.
    const status = await call(`/api/orgs/${org.id}/integrations/status`, {
      token: member.session.accessToken,
    });
    expect(status.json).toEqual({
      integrations: [{ type: "youtube", status: "active", mask: "••••-key" }],
    });
  });

  it.each([
    ["sandbox-invalid-key", "invalid_key", "Invalid API key or unable to connect to YouTube"],
    [
      "sandbox-invalid-legacy-key",
      "invalid_key",
      "Invalid API key or unable to connect to YouTube",
    ],
    ["sandbox-server-error", "provider_unavailable", "Failed to connect to YouTube"],
    [
      "sandbox-quota-exceeded",
      "quota_exceeded",
      "YouTube API quota exceeded for today. It resets at midnight Pacific time.",
    ],
  ])("refuses %s (%s) with its message and saves nothing", async (key, reason, message) => {
    const { org, admin } = await createOrgWithMembers();
    const connect = await call(`/api/orgs/${org.id}/integrations/youtube/connect`, {
      body: { apiKey: key },
      token: admin.session.accessToken,
    });
    expect(connect.status).toBe(400);
    expect(envelope(connect.json)).toMatchObject({ reason, message });
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.integrations)
        .where(eq(schema.integrations.organizationId, org.id)),
    ).toEqual([]);
  });

  it("is for admins (403)", async () => {
    const { org, member } = await createOrgWithMembers();
    expect(
      (
        await call(`/api/orgs/${org.id}/integrations/youtube/connect`, {
          body: { apiKey: "k" },
          token: member.session.accessToken,
        })
      ).status,
    ).toBe(403);
  });
});

describe("adding a channel", () => {
  it("validates the URL with the spec's messages", async () => {
    const { org, member } = await connectedOrg();
    const bad = await call(`/api/orgs/${org.id}/channels`, {
      body: { url: "https://www.youtube.com/channel/UC1" },
      token: member.session.accessToken,
    });
    expect(envelope(bad.json)).toMatchObject({
      message: "Please provide a handle-based URL like https://www.youtube.com/@channelname",
      field: "url",
      reason: "invalid_channel_url",
    });
    const notUrl = await call(`/api/orgs/${org.id}/channels`, {
      body: { url: "nope" },
      token: member.session.accessToken,
    });
    expect(envelope(notUrl.json).message).toBe("Invalid YouTube channel URL");
  });

  it("requires a connected, active YouTube integration", async () => {
    const { org, member, admin } = await createOrgWithMembers();
    const url = "https://www.youtube.com/@demomedia-clips";
    expect(
      envelope(
        (
          await call(`/api/orgs/${org.id}/channels`, {
            body: { url },
            token: member.session.accessToken,
          })
        ).json,
      ),
    ).toMatchObject({
      reason: "integration_missing",
      message: "Please set up your YouTube API key first",
    });
    // A key changed in Organization Settings is pending until proven.
    await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      body: { youtubeApiKey: "AIza-new-key" },
      token: admin.session.accessToken,
    });
    expect(
      envelope(
        (
          await call(`/api/orgs/${org.id}/channels`, {
            body: { url },
            token: member.session.accessToken,
          })
        ).json,
      ),
    ).toMatchObject({ reason: "integration_inactive", message: "YouTube integration not found" });
  });

  it("ingests the channel end to end through the queue, once even if delivered twice", async () => {
    const { org, member } = await connectedOrg();
    const jobId = await addChannel(
      org.id,
      member.session.accessToken,
      "https://www.youtube.com/@bench-120",
    );
    expect(
      (await call(`/api/orgs/${org.id}/jobs/${jobId}`, { token: member.session.accessToken })).json,
    ).toMatchObject({ job: { status: "queued", kind: "ingest.channel", quotaUnits: 0 } });
    // Nothing is visible before the job has run.
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.channels)
        .where(eq(schema.channels.organizationId, org.id)),
    ).toEqual([]);
    const message = await messageFor(jobId);
    expect((await deliver([message])).retryMessages).toEqual([]);
    const { job } = (
      await call(`/api/orgs/${org.id}/jobs/${jobId}`, { token: member.session.accessToken })
    ).json as { job: Record<string, unknown> };
    expect(job).toMatchObject({
      status: "succeeded",
      quotaUnits: minimumQuota(120),
      processed: 120,
      total: 120,
      errorMessage: null,
    });
    expect(job.startedAt).toEqual(expect.any(String));
    expect(job.finishedAt).toEqual(expect.any(String));
    const [channel] = await (await contentOf(org.id))
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, org.id));
    expect(channel).toMatchObject({ handle: "@bench-120", title: "Bench 120", videoCount: 120 });
    expect(channel!.lastUpdated).toBeInstanceOf(Date);
    expect(channel!.totalViews).toBeGreaterThan(0);
    const videos = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel!.id));
    expect(videos).toHaveLength(120);
    // The channel's total also counts uploads no longer listed (the emulator's oldest, made
    // private), so it exceeds what the listed videos add up to.
    expect(channel!.totalViews).toBeGreaterThan(videos.reduce((sum, v) => sum + v.views, 0));
    // No history yet: trailing windows have no value (null), not 0, except that a video
    // published after the window's first day had 0 views then, so all its views are in it.
    expect(channel!.trailing1wViews).toBeNull();
    const yearAgo = Date.parse(`${isoDate(Date.now() - 365 * DAY_MS)}T00:00:00Z`) + DAY_MS;
    for (const v of videos)
      expect(v.trailing1yViews).toBe(v.publishDate.getTime() >= yearAgo ? v.views : null);
    expect(videos.some((v) => v.trailing1yViews === null)).toBe(true);
    expect(videos.some((v) => v.trailing1yViews !== null)).toBe(true);
    const snapshots = await videoHistory(eq(schema.videos.organizationId, org.id));
    expect(snapshots).toHaveLength(120);

    // The same message again: skipped, nothing changes (rows, snapshots, times, quota).
    expect((await deliver([message], 2)).retryMessages).toEqual([]);
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.videos)
        .where(eq(schema.videos.channelId, channel!.id)),
    ).toEqual(videos);
    expect(await videoHistory(eq(schema.videos.organizationId, org.id))).toEqual(snapshots);
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.channels)
        .where(eq(schema.channels.organizationId, org.id)),
    ).toEqual([channel]);
    expect((await jobRow(jobId)).quotaUnits).toBe(minimumQuota(120));
  });

  // YouTube handles may use the letters of 75 languages and a Latin middle dot (YouTube Help,
  // "Handle naming guidelines"): typed, or copied from an address bar percent-encoded.
  it.each([
    ["https://www.youtube.com/@정국", "@정국", "정국"],
    ["https://www.youtube.com/@%EC%A0%95%EA%B5%AD/videos", "@정국", "정국"],
    ["https://www.youtube.com/@L·Lorenç.Música", "@l·lorenç.música", "L Lorenç Música"],
  ])("adds %s end to end", async (url, handle, title) => {
    const { org, member } = await connectedOrg();
    const job = await runJob(await addChannel(org.id, member.session.accessToken, url));
    expect(job).toMatchObject({ status: "succeeded", errorMessage: null });
    const [channel] = await (await contentOf(org.id))
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, org.id));
    expect(channel).toMatchObject({ handle, title });
    expect(channel!.videoCount).toBeGreaterThanOrEqual(40);
    const videos = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel!.id));
    expect(videos).toHaveLength(channel!.videoCount);
    expect(job.progress).toMatchObject({ total: channel!.videoCount });
  });

  it("adding a channel twice updates the same rows", async () => {
    const { org, member } = await connectedOrg();
    await runJob(
      await addChannel(org.id, member.session.accessToken, "https://www.youtube.com/@bench-60"),
    );
    const again = await runJob(
      await addChannel(
        org.id,
        member.session.accessToken,
        "https://www.youtube.com/@Bench-60/videos",
      ),
    );
    expect(again.status).toBe("succeeded");
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.channels)
        .where(eq(schema.channels.organizationId, org.id)),
    ).toHaveLength(1);
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.videos)
        .where(eq(schema.videos.organizationId, org.id)),
    ).toHaveLength(60);
  });

  it("records a permanent failure (unknown channel) without retrying", async () => {
    const { org, member } = await connectedOrg();
    const jobId = await addChannel(
      org.id,
      member.session.accessToken,
      "https://www.youtube.com/@missing-one",
    );
    expect((await deliver([await messageFor(jobId)])).retryMessages).toEqual([]);
    expect(await jobRow(jobId)).toMatchObject({
      status: "failed",
      errorCode: "channel_not_found",
      errorMessage: "No YouTube channel found for @missing-one",
      quotaUnits: 1,
    });
  });

  it("a key that stopped working fails the job for good, marks the integration, and counts the quota spent", async () => {
    const { org, member, admin } = await connectedOrg();
    const jobId = await addChannel(
      org.id,
      member.session.accessToken,
      "https://www.youtube.com/@bench-10",
    );
    await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      body: { youtubeApiKey: "sandbox-invalid-key" },
      token: admin.session.accessToken,
    });
    expect(await runJob(jobId)).toMatchObject({
      status: "failed",
      errorCode: "invalid_key",
      errorMessage: "Invalid API key or unable to connect to YouTube",
      quotaUnits: 1,
    });
    const status = await call(`/api/orgs/${org.id}/integrations/status`, {
      token: member.session.accessToken,
    });
    expect(status.json).toMatchObject({ integrations: [{ type: "youtube", status: "error" }] });
  });

  it("retries a failing job with backoff, then shows it failed once dead-lettered, having written nothing", async () => {
    const { org, member, admin } = await connectedOrg();
    const jobId = await addChannel(
      org.id,
      member.session.accessToken,
      "https://www.youtube.com/@demomedia-clips",
    );
    // The key starts failing with 503s after it was connected.
    await call(`/api/orgs/${org.id}/integrations`, {
      method: "PUT",
      body: { youtubeApiKey: "sandbox-server-error" },
      token: admin.session.accessToken,
    });
    const message = await messageFor(jobId);
    const first = await deliver([message]);
    expect(first.retryMessages).toHaveLength(1);
    expect(await jobRow(jobId)).toMatchObject({
      status: "queued",
      errorCode: "unavailable",
      errorMessage: "Failed to connect to YouTube",
      quotaUnits: 3,
    });
    const second = await deliver([message], 2);
    expect(second.retryMessages).toHaveLength(1);
    // Each retry waits twice as long as the one before (the queue applies the delay).
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160]);
    expect((await jobRow(jobId)).quotaUnits).toBe(6);
    // Past max_retries the queue hands the message to the dead-letter queue.
    await deliver([message], 6, "crosscast-jobs-dlq");
    const jobs = await call(`/api/orgs/${org.id}/jobs?limit=20`, {
      token: member.session.accessToken,
    });
    expect(jobs.json).toMatchObject({
      jobs: [
        {
          id: jobId,
          status: "failed",
          errorCode: "retries_exhausted",
          errorMessage:
            "The job kept failing and was stopped after several retries. Last error: Failed to connect to YouTube",
          quotaUnits: 6,
        },
      ],
    });
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.channels)
        .where(eq(schema.channels.organizationId, org.id)),
    ).toEqual([]);
  });

  it("a malformed queue message is dropped without touching any job", async () => {
    const result = await deliver([
      { type: "ingest.channel", handle: "@x" },
      { type: "no.such.job" },
    ]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(2);
  });
});
