import { env } from "cloudflare:test";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DAY_MS, isoDate } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeAnalyticsClient } from "../../../worker/providers/youtube/analytics";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { sandboxTraffic } from "../../../worker/sandbox/traffic";
import { lastReportedDay } from "../../../worker/sandbox/youtube-analytics/data";
import { contentOf, createVideo } from "../support/factories";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel, runJob } from "../support/ingestion";
import { connectOwner } from "../support/owner";

const jobsOf = async (orgId: string, kind: string) =>
  (await contentOf(orgId))
    .select()
    .from(schema.ingestionJobs)
    .where(
      and(eq(schema.ingestionJobs.organizationId, orgId), eq(schema.ingestionJobs.kind, kind)),
    );

afterAll(() => void sandboxTraffic.stop());

describe("Owner backfill", () => {
  it("writes every video's exact days in resumable steps, then windows come from them", async () => {
    const { org, admin } = await connectedOrg();
    const channel = await ingestedChannel(org.id, admin.session.accessToken, "@bench-60");
    sandboxTraffic.start();
    const { location } = await connectOwner(
      org.id,
      channel.id,
      admin.session.accessToken,
      "bench-60@gmail.com",
    );
    expect(location).toContain("owner=connected");
    const [job] = await jobsOf(org.id, "owner.backfill");
    expect(job!.status).toBe("queued");

    // 60 videos, 50 a message: the first message leaves the job queued at 50/60 (83%).
    const first = await runJob(job!.id);
    expect(first.status).toBe("queued");
    expect(first.progress).toMatchObject({ processed: 50, total: 60 });
    const done = await runJob(job!.id);
    expect(done.status).toBe("succeeded");
    expect(done.progress).toMatchObject({ processed: 60, total: 60 });
    // What the connection and backfill cost (docs/design.md): 1 Data API channels.list, 1
    // Analytics request for the channel and 1 per video, a token refresh per message.
    const backfillTraffic = sandboxTraffic.stop();
    const sent = (host: string, path = "") =>
      backfillTraffic.filter((x) => x.url.includes(host) && new URL(x.url).pathname.includes(path));
    // A video published today (after `through`, yesterday) has no closed day to ask for yet: the
    // next daily refresh asks. How many the sandbox has published today depends on the hour.
    const through = job!.target.through as string;
    const withClosedDays = (
      await (
        await contentOf(org.id)
      )
        .select({ publishDate: schema.videos.publishDate })
        .from(schema.videos)
        .where(eq(schema.videos.channelId, channel.id))
    ).filter((v) => isoDate(v.publishDate.getTime()) <= through).length;
    expect(withClosedDays).toBeGreaterThanOrEqual(58);
    expect(sent("youtubeanalytics.googleapis.com")).toHaveLength(1 + withClosedDays);
    expect(sent("www.googleapis.com", "/youtube/v3/channels")).toHaveLength(1);
    expect(sent("oauth2.googleapis.com", "/token")).toHaveLength(1 + 2);
    // Recent activity shows it with its progress.
    const listed = await call(`/api/orgs/${org.id}/jobs?limit=10`, {
      token: admin.session.accessToken,
    });
    expect(JSON.stringify(listed.json)).toContain("owner.backfill");

    // The oracle: the owner's own Analytics figures, asked directly.
    const analytics = new YouTubeAnalyticsClient(
      accessTokenFor("bench-60@gmail.com"),
      providerFetch(env),
    );
    // YouTube has not reported the most recent closed days yet, so the connection is complete
    // through the newest day it has: the windows end there, and nothing is counted as a day
    // without views that was only a day not reported yet.
    const [connection] = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeOwnerConnections)
      .where(eq(schema.youtubeOwnerConnections.channelId, channel.id));
    const complete = isoDate(connection!.completeThroughDay! * DAY_MS);
    expect(complete).toBe(lastReportedDay(Date.now()));
    expect(complete < through).toBe(true);
    const from = (days: number) =>
      isoDate(Date.parse(`${complete}T00:00:00Z`) - (days - 1) * DAY_MS);
    const sum = (rows: Array<{ views: number }>) => rows.reduce((s, r) => s + r.views, 0);
    const [row] = await (await contentOf(org.id))
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.id, channel.id));
    expect(row!.trailing1wViews).toBe(sum(await analytics.daily(from(7), complete)));
    expect(row!.trailing1yViews).toBe(sum(await analytics.daily(from(365), complete)));
    expect(row!.trailing1yViews).toBeGreaterThan(0);

    // A video older than 8 days: trailing month and first 7D from its own exact days.
    const [video] = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel.id))
      .orderBy(schema.videos.publishDate)
      .limit(1);
    const days = await analytics.daily(from(30), complete, video!.externalId);
    expect(video!.trailing1mViews).toBe(sum(days));
    const publish = video!.publishDate.getTime();
    const publishDay = isoDate(publish);
    const week = await analytics.daily(
      publishDay,
      isoDate(publish + 7 * DAY_MS),
      video!.externalId,
    );
    const share = (publish % DAY_MS) / DAY_MS;
    const expected7d = sum(week.slice(0, 7)) + Math.round(share * (week[7]?.views ?? 0));
    expect(video!.first7dViews).toBe(expected7d);

    // Every video is in, under this channel's connection.
    const keyed = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeOwnerVideos)
      .where(
        and(
          eq(schema.youtubeOwnerVideos.connectionKey, connection!.key),
          isNotNull(schema.youtubeOwnerVideos.backfilledAt),
        ),
      );
    expect(keyed).toHaveLength(60);

    // The daily refresh: forget the last three days, and one refresh adds them back from the
    // top-videos report, day by day, to the same figures.
    const lastDay = connection!.completeThroughDay!;
    await (await contentOf(org.id))
      .delete(schema.youtubeVideoDaily)
      .where(gt(schema.youtubeVideoDaily.day, lastDay - 3));
    await (await contentOf(org.id))
      .delete(schema.youtubeChannelDaily)
      .where(gt(schema.youtubeChannelDaily.day, lastDay - 3));
    await (await contentOf(org.id))
      .update(schema.youtubeOwnerConnections)
      .set({ completeThroughDay: lastDay - 3 })
      .where(eq(schema.youtubeOwnerConnections.key, connection!.key));
    sandboxTraffic.start();
    const refresh = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube", ids: [channel.id] },
      token: admin.session.accessToken,
    });
    expect(refresh.status).toBeLessThan(300);
    const [refreshJob] = await jobsOf(org.id, "refresh.channel");
    expect((await runJob(refreshJob!.id)).status).toBe("succeeded");
    // Three days reported since: the channel's days in 1 request, then 1 top-videos page a day.
    const refreshTraffic = sandboxTraffic.stop();
    // (The owner also sees uploads no longer listed, so a day may take more than one page.)
    const owner = refreshTraffic.filter((x) => x.url.includes("youtubeanalytics"));
    const dimension = (x: (typeof owner)[number]) => new URL(x.url).searchParams.get("dimensions");
    expect(owner.filter((x) => dimension(x) === "day")).toHaveLength(1);
    const pages = owner.filter((x) => dimension(x) === "video");
    const rowsOf = (x: (typeof owner)[number]) =>
      (JSON.parse(x.responseBody) as { rows?: unknown[] }).rows?.length ?? 0;
    const refreshDays = new Set(pages.map((x) => new URL(x.url).searchParams.get("startDate")));
    expect(refreshDays.size).toBe(3);
    for (const day of refreshDays) {
      const ofDay = pages.filter((x) => new URL(x.url).searchParams.get("startDate") === day);
      // Every page but the last is full; the last is not: read to the end and no further.
      expect(ofDay.slice(0, -1).every((x) => rowsOf(x) === 200)).toBe(true);
      expect(rowsOf(ofDay.at(-1)!)).toBeLessThan(200);
    }
    const [after] = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeOwnerConnections)
      .where(eq(schema.youtubeOwnerConnections.key, connection!.key));
    expect(isoDate(after!.completeThroughDay! * DAY_MS)).toBe(complete);
    const [refreshed] = await (await contentOf(org.id))
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.id, channel.id));
    const weekTo = (to: string) =>
      analytics.daily(isoDate(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS), to);
    expect(refreshed!.trailing1wViews).toBe(sum(await weekTo(complete)));
    const [sameVideo] = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.id, video!.id));
    const monthTo = await analytics.daily(from(30), complete, video!.externalId);
    expect(sameVideo!.trailing1mViews).toBe(sum(monthTo));

    // The next refresh finds no newer day reported: one request for the channel's days, no
    // top-videos pages, and the connection and windows stay as they are.
    sandboxTraffic.start();
    await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube", ids: [channel.id] },
      token: admin.session.accessToken,
    });
    const jobs = await jobsOf(org.id, "refresh.channel");
    const again = jobs.find((j) => j.id !== refreshJob!.id);
    expect((await runJob(again!.id)).status).toBe("succeeded");
    const idle = sandboxTraffic.stop().filter((x) => x.url.includes("youtubeanalytics"));
    expect(idle.map(dimension)).toEqual(["day"]);
    const [unchanged] = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeOwnerConnections)
      .where(eq(schema.youtubeOwnerConnections.key, connection!.key));
    expect(isoDate(unchanged!.completeThroughDay! * DAY_MS)).toBe(complete);
  });
  it("leaves a video YouTube refuses without days, and finishes the rest", async () => {
    const { org, admin } = await connectedOrg();
    const channel = await ingestedChannel(org.id, admin.session.accessToken, "@bench-60");
    // A row YouTube does not know as this owner's video (deleted, or moved to another channel).
    const refused = await createVideo(org.id, channel.id);
    sandboxTraffic.start();
    await connectOwner(org.id, channel.id, admin.session.accessToken, "bench-60@gmail.com");
    const [job] = await jobsOf(org.id, "owner.backfill");
    let state = await runJob(job!.id);
    while (state.status === "queued") state = await runJob(job!.id);
    const traffic = sandboxTraffic.stop().filter((x) => x.url.includes("youtubeanalytics"));
    expect(state.status).toBe("succeeded");
    expect(state.progress).toMatchObject({ processed: 61, total: 61 });
    // The refusal, then one question about the channel itself, which YouTube still answers.
    const refusals = traffic.filter((x) => x.status === 403);
    expect(refusals).toHaveLength(1);
    expect(new URL(refusals[0]!.url).searchParams.get("filters")).toBe(
      `video==${refused.externalId}`,
    );
    const content = await contentOf(org.id);
    const days = await content
      .select()
      .from(schema.youtubeVideoDaily)
      .where(eq(schema.youtubeVideoDaily.videoKey, refused.key));
    expect(days).toEqual([]);
    const [connection] = await content
      .select()
      .from(schema.youtubeOwnerConnections)
      .where(eq(schema.youtubeOwnerConnections.channelId, channel.id));
    expect(connection!.completeThroughDay).not.toBeNull();
    const [row] = await content
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.id, channel.id));
    expect(row!.windowSource).toBe("owner");
  });
});
