import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { DAY_MS, isoDate } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { videoWindowStatements } from "../../../worker/features/ingestion/windows";
import { SimplecastClient } from "../../../worker/providers/simplecast/client";
import { providerFetch } from "../../../worker/providers/transport";
import { bindingOf, contentOf } from "../support/factories";
import { episodeHistory } from "../support/history";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel, runJob } from "../support/ingestion";

const HOUR_MS = 3_600_000;

describe("window figures on known data", () => {
  it("a refresh computes trailing windows from the snapshots and first windows from readings around the mark", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    // @bench-1000 publishes every 17.5 hours, so it has videos of every age from hours to years.
    const channel = await ingestedChannel(org.id, token, "@bench-1000");
    const content = await contentOf(org.id);
    const now = Date.now();
    const videos = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel.id));
    const old = videos.find((v) => now - v.publishDate.getTime() > 400 * DAY_MS)!;
    const thisYear = videos.find((v) => {
      const age = now - v.publishDate.getTime();
      return age > 100 * DAY_MS && age < 300 * DAY_MS;
    })!;
    const young = videos.find(
      (v) =>
        now - v.publishDate.getTime() > 27 * HOUR_MS && now - v.publishDate.getTime() < 6 * DAY_MS,
    )!;
    const publish = young.publishDate.getTime();

    // Known history: the channel a week ago, the old video a week and a month ago, the young
    // video read 22 and 25 hours after publishing.
    await content.insert(schema.channelMetrics).values({
      organizationId: org.id,
      channelId: channel.id,
      date: isoDate(now - 7 * DAY_MS),
      totalViews: 1234,
      subscriberCount: 1,
      videoCount: 999,
    });
    await content.insert(schema.videoMetrics).values([
      {
        videoKey: old.key!,
        capturedAt: new Date(now - 7 * DAY_MS),
        views: 100,
      },
      {
        videoKey: old.key!,
        capturedAt: new Date(now - 31 * DAY_MS),
        views: 50,
      },
      {
        videoKey: young.key!,
        capturedAt: new Date(publish + 22 * HOUR_MS),
        views: 1000,
      },
      {
        videoKey: young.key!,
        capturedAt: new Date(publish + 25 * HOUR_MS),
        views: 1300,
      },
    ]);

    const refresh = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube" },
      token,
    });
    const [jobId] = (refresh.json as { jobIds: string[] }).jobIds;
    expect(await runJob(jobId!)).toMatchObject({ status: "succeeded", quotaUnits: 1 + 2 * 20 });

    const [after] = await content
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.id, channel.id));
    // Newest snapshot minus the nearest one at or before N days ago; none that old gives null.
    expect(after!.trailing1wViews).toBe(after!.totalViews - 1234);
    expect(after!.trailing1dViews).toBe(after!.totalViews - 1234);
    expect(after!.trailing1mViews).toBeNull();
    expect(after!.trailing1yViews).toBeNull();

    const [oldAfter] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.id, old.id));
    expect(oldAfter!.trailing1wViews).toBe(oldAfter!.views - 100);
    expect(oldAfter!.trailing1mViews).toBe(oldAfter!.views - 50);
    expect(oldAfter!.trailing1yViews).toBeNull();
    // Published within the year: it had 0 views a year ago, so the year holds all its views; a
    // week ago it was already public and we hold no snapshot of it then, so no week figure.
    const [thisYearAfter] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.id, thisYear.id));
    expect(thisYearAfter!.trailing1yViews).toBe(thisYearAfter!.views);
    expect(thisYearAfter!.trailing1yViews).toBeGreaterThan(0);
    expect(thisYearAfter!.trailing1wViews).toBeNull();
    // Older than eight days: its first windows are never guessed.
    expect(oldAfter!.first24hViews).toBeNull();

    const [youngAfter] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.id, young.id));
    // 24 h lies two thirds of the way from the 22 h reading (1000) to the 25 h one (1300).
    expect(youngAfter!.first24hViews).toBe(1200);
    // The next reading after 25 h is the refresh's own, too far from the 48 h mark to bridge.
    expect(youngAfter!.first48hViews).toBeNull();
    expect(youngAfter!.first7dViews).toBeNull();
  });

  it("recomputing windows that did not move rewrites no video, and one that moved only that one", async () => {
    const { org, member } = await connectedOrg();
    const channel = await ingestedChannel(org.id, member.session.accessToken, "@bench-1000");
    const d1 = env[await bindingOf(org.id)];
    const now = Date.now();
    const scope = { channelId: channel.id };
    const trailingWrites = async () => {
      const [trailing] = videoWindowStatements(scope, now, { firstWindows: "young" });
      const query = new SQLiteSyncDialect().sqlToQuery(trailing!);
      return (
        await d1
          .prepare(query.sql)
          .bind(...query.params)
          .run()
      ).meta.changes;
    };
    const version = async () =>
      (
        await d1
          .prepare("SELECT version FROM table_stats WHERE organization_id = ? AND table_name = ?")
          .bind(org.id, "videos")
          .first<{ version: number }>()
      )?.version;
    await trailingWrites();
    const before = await version();
    // Nothing moved: no video is written, and the organisation's kept totals stay valid.
    expect(await trailingWrites()).toBe(0);
    expect(await version()).toBe(before);
    // One video's views move: its windows (those with a reading) move, and only its row is written.
    const content = await contentOf(org.id);
    const [young] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel.id))
      .orderBy(desc(schema.videos.publishDate))
      .limit(1);
    await content
      .update(schema.videos)
      .set({ views: young!.views + 500 })
      .where(eq(schema.videos.id, young!.id));
    // D1 counts the row and the write-version row its update trigger bumps (migrations/0012).
    const oneRow = await d1
      .prepare("UPDATE videos SET title = title || '' WHERE id = ?")
      .bind(young!.id)
      .run();
    expect(await trailingWrites()).toBe(oneRow.meta.changes);
    const [after] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.id, young!.id));
    expect(after!.trailing1wViews).toBe(young!.views + 500);
  });

  it("show and episode figures match the provider's daily downloads exactly", async () => {
    const { org, member } = await connectedOrg({ simplecast: "sandbox-windows-token" });
    const token = member.session.accessToken;
    const sc = new SimplecastClient("sandbox-windows-token", providerFetch(env));
    const podcast = (await sc.podcasts()).find((p) => p.title === "Demo Media Tech Talk")!;
    const { jobId } = (
      await call(`/api/orgs/${org.id}/shows`, { body: { podcastIds: [podcast.id] }, token })
    ).json as { jobId: string };
    expect(await runJob(jobId)).toMatchObject({
      status: "succeeded",
      progress: { processed: 120, total: 120 },
      quotaUnits: 0,
    });

    const now = Date.now();
    const episode = (await sc.episodes(podcast.id)).find(
      (e) => now - e.publishDate.getTime() > 40 * DAY_MS,
    )!;
    const daily = await sc.episodeDailyDownloads(
      episode.externalId,
      isoDate(episode.publishDate.getTime()),
      isoDate(now),
    );
    const sum = (rows: typeof daily) => rows.reduce((s, r) => s + r.downloads, 0);
    const content = await contentOf(org.id);
    const [stored] = await content
      .select()
      .from(schema.episodes)
      .where(eq(schema.episodes.externalId, episode.externalId));
    expect(stored).toMatchObject({
      totalDownloadsGlobal: sum(daily),
      // The publish day is day one: exact to the day.
      first24hDownloads: sum(daily.slice(0, 1)),
      first48hDownloads: sum(daily.slice(0, 2)),
      first7dDownloads: sum(daily.slice(0, 7)),
      // Today's total minus the total at the end of the day N days ago.
      trailing1dDownloads: sum(daily.slice(-1)),
      trailing1wDownloads: sum(daily.slice(-7)),
      trailing1mDownloads: sum(daily.slice(-30)),
      trailing1yDownloads: daily.length > 365 ? sum(daily.slice(-365)) : null,
      seasonNumber: episode.seasonNumber,
      episodeNumber: episode.episodeNumber,
    });
    const [show] = await content
      .select()
      .from(schema.shows)
      .where(eq(schema.shows.organizationId, org.id));
    const episodes = await content
      .select()
      .from(schema.episodes)
      .where(eq(schema.episodes.showId, show!.id));
    expect(show).toMatchObject({
      title: "Demo Media Tech Talk",
      totalEpisodes: 120,
      totalDownloadsGlobal: episodes.reduce((s, e) => s + e.totalDownloadsGlobal, 0),
    });
    // The show keeps its whole daily history (a year and more); episodes their last 35 days and
    // the first 31 days of their life (pacing).
    const history = await content
      .select()
      .from(schema.showMetrics)
      .where(eq(schema.showMetrics.showId, show!.id));
    expect(history.length).toBeGreaterThan(365);
    expect(history.find((h) => h.date === isoDate(now))!.totalDownloads).toBe(
      show!.totalDownloadsGlobal,
    );
    const storedHistory = await episodeHistory(eq(schema.episodes.id, stored!.id));
    expect(
      storedHistory
        .map((h) => h.date)
        .sort()
        .at(-1),
    ).toBe(isoDate(now));
    const publishDay = isoDate(episode.publishDate.getTime());
    const early = storedHistory.filter(
      (h) => h.date <= isoDate(episode.publishDate.getTime() + 30 * DAY_MS),
    );
    expect(early.map((h) => h.date).sort()[0]).toBe(publishDay);
    expect(early.length).toBe(31);
    expect(storedHistory.length - early.length).toBeLessThanOrEqual(36);
  });
});
