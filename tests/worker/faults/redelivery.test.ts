import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { contentOf } from "../support/factories";
import { episodeHistory, videoHistory } from "../support/history";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";
import { deliver, jobRow, messageFor } from "../support/jobs";

/*
 * Queues deliver at least once: every job type must leave the same state when its message comes
 * twice (after success), and spend the provider quota once.
 */

/** What a user could see of an organisation's data: every row of content and metrics. */
async function visibleState(orgId: string) {
  const content = await contentOf(orgId);
  const count = async (
    table:
      | typeof schema.videos
      | typeof schema.channels
      | typeof schema.channelMetrics
      | typeof schema.shows
      | typeof schema.episodes
      | typeof schema.showMetrics,
  ) =>
    (
      await content
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(eq(table.organizationId, orgId))
    )[0]!.n;
  return {
    channels: await content
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, orgId)),
    shows: await content.select().from(schema.shows).where(eq(schema.shows.organizationId, orgId)),
    videos: await count(schema.videos),
    videoMetrics: (await videoHistory(eq(schema.videos.organizationId, orgId))).length,
    channelMetrics: await count(schema.channelMetrics),
    episodes: await count(schema.episodes),
    episodeMetrics: (await episodeHistory(eq(schema.episodes.organizationId, orgId))).length,
    showMetrics: await count(schema.showMetrics),
  };
}

async function deliverTwice(jobId: string) {
  const message = await messageFor(jobId);
  expect((await deliver([message])).retryMessages).toEqual([]);
  const done = await jobRow(jobId);
  expect(done.status).toBe("succeeded");
  return { message, done };
}

describe("every job delivered twice", () => {
  it("refresh.channel, refresh.show and ingest.shows: the second delivery changes nothing and spends no quota", async () => {
    const { org, member } = await connectedOrg({
      youtube: "AIza-sandbox-good-key",
      simplecast: "sandbox-demo-media-token",
    });
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@bench-60");
    const podcasts = await call(`/api/orgs/${org.id}/integrations/simplecast/podcasts`, { token });
    const podcastIds = (podcasts.json as { podcasts: Array<{ id: string }> }).podcasts
      .slice(0, 1)
      .map((p) => p.id);
    const added = await call(`/api/orgs/${org.id}/shows`, { body: { podcastIds }, token });
    const ingestShows = await deliverTwice((added.json as { jobId: string }).jobId);

    const jobIds: string[] = [ingestShows.done.id];
    for (const platform of ["youtube", "simplecast"] as const) {
      const refresh = await call(`/api/orgs/${org.id}/refresh`, { body: { platform }, token });
      expect(refresh.status).toBe(202);
      for (const jobId of (refresh.json as { jobIds: string[] }).jobIds)
        jobIds.push((await deliverTwice(jobId)).done.id);
    }

    const before = await visibleState(org.id);
    const jobsBefore = await Promise.all(jobIds.map(jobRow));
    expect(before.videos).toBe(60);
    expect(before.shows).toHaveLength(1);
    for (const jobId of jobIds) {
      expect((await deliver([await messageFor(jobId)])).retryMessages).toEqual([]);
    }
    expect(await visibleState(org.id)).toEqual(before);
    // Same finish time, same quota: the redelivery was recognised and skipped, not re-run.
    expect(await Promise.all(jobIds.map(jobRow))).toEqual(jobsBefore);
  });

  it("two copies of one message in a batch ingest one channel, with its quota counted once", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    const added = await call(`/api/orgs/${org.id}/channels`, {
      body: { url: "https://www.youtube.com/@bench-30" },
      token,
    });
    const jobId = (added.json as { jobId: string }).jobId;
    const message = await messageFor(jobId);
    // Two copies in one batch (a redelivery racing the original): one channel, counted once.
    const result = await deliver([message, message]);
    expect(result.retryMessages).toEqual([]);
    const state = await visibleState(org.id);
    expect(state.channels).toHaveLength(1);
    expect(state.videos).toBe(30);
    expect((await jobRow(jobId)).quotaUnits).toBe(1 + 2 * 1);
  });
});
