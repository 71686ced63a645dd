import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import {
  channelByHandle,
  commentsOff,
  likesHidden,
  roundDownToThreeFigures,
  streamingLive,
  uploadSequences,
  videoAt,
} from "../../../worker/sandbox/youtube/catalog";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";

const yt = () => new YouTubeClient("AIza-sandbox-good-key", providerFetch(env));
const raw = (path: string) =>
  providerFetch(env)(`https://www.googleapis.com/youtube/v3/${path}&key=AIza-sandbox-good-key`);

describe("YouTube behaviours the official documents and trackers describe", () => {
  it("answers 404 playlistNotFound for the uploads of a channel without public uploads", async () => {
    const channel = (await yt().channelByHandle("@empty-newcomer"))!;
    expect(channel.videoCount).toBe(0);
    const res = await raw(
      `playlistItems?part=contentDetails&playlistId=${channel.uploadsPlaylistId}`,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { code: 404, errors: [{ reason: "playlistNotFound" }] },
    });
    // The client reads that as an empty channel (one billed call), not as a failure.
    const client = yt();
    expect(await client.uploadIds(channel.uploadsPlaylistId!)).toEqual([]);
    expect(client.quotaUnits).toBe(1);
  });

  it("adds an empty channel with 0 videos instead of failing the job", async () => {
    const { org, member } = await connectedOrg();
    const channel = await ingestedChannel(org.id, member.session.accessToken, "@empty-newcomer");
    expect(channel).toMatchObject({ title: "Empty Newcomer", videoCount: 0 });
    const table = await call(`/api/orgs/${org.id}/tables/videos`, {
      token: member.session.accessToken,
    });
    expect((table.json as { total: number }).total).toBe(0);
  });

  it("reports a hidden subscriber count as hidden, never as 0", async () => {
    const answer = await raw("channels?part=statistics&forHandle=@hidden-audience");
    const { items } = (await answer.json()) as {
      items: Array<{ statistics: Record<string, unknown> }>;
    };
    expect(items[0]!.statistics).toMatchObject({
      hiddenSubscriberCount: true,
      subscriberCount: "0",
    });
    expect((await yt().channelByHandle("@hidden-audience"))!.subscriberCount).toBeNull();

    const { org, member } = await connectedOrg();
    await ingestedChannel(org.id, member.session.accessToken, "@hidden-audience");
    const page = await call(`/api/orgs/${org.id}/tables/channels`, {
      token: member.session.accessToken,
    });
    const [row] = (page.json as { rows: Array<Record<string, unknown>> }).rows;
    expect(row).toMatchObject({ subscriberCount: null, subscribersHidden: true });
    const csv = await call(`/api/orgs/${org.id}/tables/channels/export?format=csv`, {
      token: member.session.accessToken,
    });
    const [heading, line] = csv.text.split("\r\n");
    const at = heading!.split(",").indexOf("Subscribers");
    expect(line!.split(",")[at]).toBe("hidden");
  });

  it("reports hidden likes and turned-off comments as such, never as 0", async () => {
    // The emulator's uploads with hidden likes and with comments turned off (catalog.ts), and
    // one with both counts; YouTube leaves a count out (VideoStatistics: both optional).
    const sandbox = channelByHandle("@bench-60")!;
    const { oldest, latest } = uploadSequences(sandbox, Date.now());
    const listed = Array.from({ length: latest - oldest + 1 }, (_, i) =>
      videoAt(sandbox, oldest + i),
    );
    const hiddenLikes = listed.find((v) => likesHidden(v) && !commentsOff(v))!;
    const noComments = listed.find((v) => commentsOff(v) && !likesHidden(v))!;
    const plain = listed.find((v) => !likesHidden(v) && !commentsOff(v))!;
    const answer = await raw(
      `videos?part=statistics&id=${hiddenLikes.id},${noComments.id},${plain.id}`,
    );
    const { items } = (await answer.json()) as {
      items: Array<{ id: string; statistics: Record<string, unknown> }>;
    };
    const stats = (id: string) => items.find((v) => v.id === id)!.statistics;
    expect(stats(hiddenLikes.id)).not.toHaveProperty("likeCount");
    expect(stats(hiddenLikes.id)).toHaveProperty("commentCount");
    expect(stats(noComments.id)).not.toHaveProperty("commentCount");
    expect(stats(plain.id)).toHaveProperty("likeCount");
    const read = await yt().videos([hiddenLikes.id, noComments.id, plain.id]);
    const video = (id: string) => read.find((v) => v.externalId === id)!;
    expect(video(hiddenLikes.id).likes).toBeNull();
    expect(video(noComments.id).comments).toBeNull();
    expect(video(plain.id).likes).toBeGreaterThan(0);

    const { org, member } = await connectedOrg();
    await ingestedChannel(org.id, member.session.accessToken, "@bench-60");
    const page = await call(`/api/orgs/${org.id}/tables/videos?q=&sort=likes&dir=asc`, {
      token: member.session.accessToken,
    });
    const rows = (page.json as { rows: Array<Record<string, unknown>> }).rows;
    const row = (id: string) => rows.find((r) => r.externalId === id);
    expect(row(hiddenLikes.id)).toMatchObject({
      likes: null,
      likesHidden: true,
      commentsOff: false,
    });
    expect(row(noComments.id)).toMatchObject({
      comments: null,
      commentsOff: true,
      likesHidden: false,
    });
    expect(row(plain.id)).toMatchObject({ likesHidden: false, commentsOff: false });
    expect(row(plain.id)!.likes).toBeGreaterThan(0);
    // Sorted by likes, a hidden count sorts as 0, first going up.
    expect(rows[0]!.likesHidden).toBe(true);

    const csv = await call(`/api/orgs/${org.id}/tables/videos/export?format=csv`, {
      token: member.session.accessToken,
    });
    const [heading, ...lines] = csv.text.trim().split("\r\n");
    const columns = heading!.split(",");
    const line = (id: string) => lines.find((l) => l.includes(id))!.split(",");
    expect(line(hiddenLikes.id)[columns.indexOf("Likes")]).toBe("hidden");
    expect(line(noComments.id)[columns.indexOf("Comments")]).toBe("off");
    expect(Number(line(plain.id)[columns.indexOf("Likes")])).toBeGreaterThan(0);
  });

  it("gives a live broadcast no duration, not a 0-second one", async () => {
    // YouTube answers P0D for a live or upcoming broadcast (VideoSnippet.liveBroadcastContent).
    const sandbox = channelByHandle("@bench-60")!;
    const { oldest, latest } = uploadSequences(sandbox, Date.now());
    const listed = Array.from({ length: latest - oldest + 1 }, (_, i) =>
      videoAt(sandbox, oldest + i),
    );
    const live = listed.find(streamingLive)!;
    const recorded = listed.find((v) => !streamingLive(v))!;
    const answer = await raw(`videos?part=snippet,contentDetails&id=${live.id}`);
    const { items } = (await answer.json()) as {
      items: Array<{ snippet: Record<string, unknown>; contentDetails: Record<string, unknown> }>;
    };
    expect(items[0]!.snippet.liveBroadcastContent).toBe("live");
    expect(items[0]!.contentDetails.duration).toBe("P0D");
    const read = await yt().videos([live.id, recorded.id]);
    expect(read.find((v) => v.externalId === live.id)!.durationSeconds).toBeNull();
    expect(read.find((v) => v.externalId === recorded.id)!.durationSeconds).toBe(
      recorded.durationSeconds,
    );
  });

  it("rounds subscriber counts down to three significant figures", async () => {
    expect([999, 1_299, 12_345, 987_654, 1_999_999].map(roundDownToThreeFigures)).toEqual([
      999, 1_290, 12_300, 987_000, 1_990_000,
    ]);
    for (const handle of ["@crosscast-studio", "@bench-3000", "@demomedia-daily"]) {
      const count = (await yt().channelByHandle(handle))!.subscriberCount!;
      expect(count).toBe(roundDownToThreeFigures(count));
      expect(count).toBeGreaterThan(0);
    }
  });

  it("honours `fields`: a partial response holds only the named fields", async () => {
    const answer = await raw(
      "channels?part=snippet,statistics&forHandle=@crosscast-studio&fields=items(id,statistics/viewCount)",
    );
    const body = (await answer.json()) as { items: Array<Record<string, unknown>> };
    expect(Object.keys(body)).toEqual(["items"]);
    expect(Object.keys(body.items[0]!).sort()).toEqual(["id", "statistics"]);
    expect(Object.keys(body.items[0]!.statistics as object)).toEqual(["viewCount"]);
    const bad = await raw("channels?part=snippet&forHandle=@crosscast-studio&fields=items(id");
    expect(bad.status).toBe(400);
  });
});
