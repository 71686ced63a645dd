import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../../shared/metrics";
import { batchStatements } from "../../../worker/db/batch";
import { schema } from "../../../worker/db/client";
import { windowStatements } from "../../../worker/features/ingestion/windows";
import {
  contentHandle,
  createChannel,
  createOrganization,
  createVideo,
} from "../support/factories";
import { videoKeyOf } from "../support/history";

/*
 * First 24H of an owner-connected video (docs/design.md, "Windows of owner-connected channels"):
 * the publish day's exact views, plus the share of the mark's day before the mark. The share
 * follows our hourly public readings when there is one near the day's start, the mark and the
 * day's end; otherwise it is pro rata of the hours.
 */

const HOUR = DAY_MS / 24;
const day = (n: number) => n * DAY_MS;

async function ownerVideo() {
  const org = await createOrganization();
  const channel = await createChannel(org.id);
  const video = await createVideo(org.id, channel.id);
  const content = contentHandle(org.binding);
  // Published at 18:00 UTC, 60 days ago: the 24H mark is 18:00 of the next day.
  const publishDay = Math.floor(Date.now() / DAY_MS) - 60;
  const publish = day(publishDay) + 18 * HOUR;
  await content
    .update(schema.videos)
    .set({ publishDate: new Date(publish) })
    .where(eq(schema.videos.id, video.id));
  const [connection] = await content
    .insert(schema.youtubeOwnerConnections)
    .values({
      organizationId: org.id,
      channelId: channel.id,
      googleEmail: "owner@example.com",
      refreshTokenCiphertext: "sealed",
      scopes: "yt-analytics.readonly youtube.readonly",
      completeThroughDay: Math.floor(Date.now() / DAY_MS) - 1,
    })
    .returning();
  const [owned] = await content
    .insert(schema.youtubeOwnerVideos)
    .values({ connectionKey: connection!.key, videoId: video.id, backfilledAt: new Date() })
    .returning();
  // The exact days: 100 on the publish day, 2,400 on the mark's day, 1,000 a day after.
  await content.insert(schema.youtubeVideoDaily).values(
    Array.from({ length: 10 }, (_, i) => ({
      videoKey: owned!.key,
      day: publishDay + i,
      views: i === 0 ? 100 : i === 1 ? 2_400 : 1_000,
    })),
  );
  const videoKey = await videoKeyOf(video.id);
  const reading = (at: number, views: number) => ({ videoKey, capturedAt: new Date(at), views });
  const first24h = async () => {
    await batchStatements(
      env[org.binding],
      windowStatements({ channelId: channel.id }, Date.now(), { firstWindows: "all" }),
    );
    const [row] = await content.select().from(schema.videos).where(eq(schema.videos.id, video.id));
    return row!;
  };
  const completeThrough = (dayNumber: number) =>
    content
      .update(schema.youtubeOwnerConnections)
      .set({ completeThroughDay: dayNumber })
      .where(eq(schema.youtubeOwnerConnections.key, connection!.key));
  return { markDayStart: day(publishDay + 1), reading, first24h, content, completeThrough };
}

describe("an owner connection YouTube reports late", () => {
  it("keeps its owner windows while its days are at most 6 days old, and not after", async () => {
    const { first24h, completeThrough } = await ownerVideo();
    const today = Math.floor(Date.now() / DAY_MS);
    // YouTube's lag (reported-through.ts) can hold a connection some days back.
    await completeThrough(today - 6);
    expect((await first24h()).windowSource).toBe("owner");
    // Stopped for longer (a revoked grant): the public figures again.
    await completeThrough(today - 7);
    expect((await first24h()).windowSource).toBe("public");
  });
});

describe("first 24H of an owner video", () => {
  it("splits the mark's day pro rata of the hours without hourly readings", async () => {
    const { first24h } = await ownerVideo();
    const row = await first24h();
    expect(row.windowSource).toBe("owner");
    // 100 + 18/24 of 2,400.
    expect(row.first24hViews).toBe(100 + 1_800);
  });

  it("splits it by the shape of our hourly readings when they cover the day", async () => {
    const { markDayStart, reading, first24h, content } = await ownerVideo();
    // Public readings: half of the day's growth came before 18:00, not 18/24 of it.
    await content
      .insert(schema.videoMetrics)
      .values([
        reading(markDayStart + 10 * 60_000, 5_000),
        reading(markDayStart + 18 * HOUR - 20 * 60_000, 6_000),
        reading(markDayStart + DAY_MS - 5 * 60_000, 7_000),
      ]);
    expect((await first24h()).first24hViews).toBe(100 + 1_200);
  });

  it("falls back to pro rata when a reading is missing or the counts do not grow", async () => {
    const { markDayStart, reading, first24h, content } = await ownerVideo();
    // Only the mark and the day's end: no reading near the day's start.
    await content
      .insert(schema.videoMetrics)
      .values([
        reading(markDayStart + 18 * HOUR, 6_000),
        reading(markDayStart + DAY_MS, 7_000),
        reading(markDayStart - 3 * HOUR, 4_000),
      ]);
    expect((await first24h()).first24hViews).toBe(100 + 1_800);
    const flat = await ownerVideo();
    await flat.content
      .insert(schema.videoMetrics)
      .values([
        flat.reading(flat.markDayStart, 5_000),
        flat.reading(flat.markDayStart + 18 * HOUR, 5_000),
        flat.reading(flat.markDayStart + DAY_MS, 5_000),
      ]);
    expect((await flat.first24h()).first24hViews).toBe(100 + 1_800);
  });
});
