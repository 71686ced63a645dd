import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS, isoDate, TRAILING_WINDOWS } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { snapshotHour } from "../../../worker/features/ingestion/video-writes";
import { VIDEOS_PER_WRITE } from "../../../worker/features/ingestion/youtube-ingest";
import { contentOf } from "../support/factories";
import { addChannel, connectedOrg } from "../support/ingestion";
import { deliver, jobRow, messageFor } from "../support/jobs";

/*
 * A channel bigger than one write batch (youtube-ingest.ts, VIDEOS_PER_WRITE): readers get
 * answers while it is written and find whole batches only (each is one transaction), and the end
 * state is what one transaction would leave: every video, its snapshot of this hour and its
 * windows, whichever batch it came in.
 */
const SIZE = 2 * VIDEOS_PER_WRITE + 321;

describe("a channel larger than one write batch", () => {
  it("is read in whole batches while it is written, and ends with every video, snapshot and window", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    const jobId = await addChannel(org.id, token, `https://www.youtube.com/@bench-${SIZE}`);
    const message = await messageFor(jobId);

    let written = false;
    const job = deliver([message]).finally(() => {
      written = true;
    });
    // What a reader of the organisation's videos finds while the job runs.
    const content = await contentOf(org.id);
    const seen = new Set<number>();
    while (!written) {
      const [count] = await content
        .select({ n: sql<number>`count(*)` })
        .from(schema.videos)
        .where(eq(schema.videos.organizationId, org.id));
      seen.add(count!.n);
      // A timer turn between reads, as a person's requests have: the job waits for one between
      // its batches (worker/lib/next-turn.ts), which back-to-back in-process reads would starve.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await job).retryMessages).toEqual([]);
    const row = await jobRow(jobId);
    expect(row).toMatchObject({ status: "succeeded", progress: { processed: SIZE, total: SIZE } });
    expect(row.progress?.d1Statements).toBeLessThanOrEqual(Math.ceil(SIZE / 500) + 20);

    // Whole batches only, and at least one answer came between two of them.
    for (const total of seen)
      expect([0, VIDEOS_PER_WRITE, 2 * VIDEOS_PER_WRITE, SIZE]).toContain(total);
    expect([...seen].some((total) => total > 0 && total < SIZE)).toBe(true);

    const videos = await content
      .select({
        key: schema.videos.key,
        views: schema.videos.views,
        publishDate: schema.videos.publishDate,
        lastUpdated: schema.videos.lastUpdated,
        trailing1d: schema.videos.trailing1dViews,
        trailing1y: schema.videos.trailing1yViews,
      })
      .from(schema.videos)
      .where(eq(schema.videos.organizationId, org.id));
    expect(videos).toHaveLength(SIZE);
    const now = videos[0]!.lastUpdated!.getTime();
    expect(videos.every((v) => v.lastUpdated?.getTime() === now)).toBe(true);

    // This hour's snapshot of every video, with the figure the video row holds.
    const [snapshots] = await content
      .select({ n: sql<number>`count(*)` })
      .from(schema.videoMetrics)
      .innerJoin(schema.videos, eq(schema.videos.key, schema.videoMetrics.videoKey))
      .where(
        and(
          eq(schema.videos.organizationId, org.id),
          eq(schema.videoMetrics.capturedAt, snapshotHour(now)),
          eq(schema.videoMetrics.views, schema.videos.views),
        ),
      );
    expect(snapshots!.n).toBe(SIZE);

    // A first ingestion has no earlier reading: a window holds all the views of a video published
    // after its target day, and is empty for the others, in every batch alike.
    const windowOf = (days: number, v: (typeof videos)[number]) => {
      const afterTarget = Date.parse(`${isoDate(now - days * DAY_MS)}T00:00:00Z`) + DAY_MS;
      return v.publishDate.getTime() >= afterTarget ? v.views : null;
    };
    const wrong = videos.filter(
      (v) =>
        v.trailing1d !== windowOf(TRAILING_WINDOWS["1d"], v) ||
        v.trailing1y !== windowOf(TRAILING_WINDOWS["1y"], v),
    );
    expect(wrong).toEqual([]);
    expect(videos.filter((v) => v.trailing1y !== null).length).toBeGreaterThan(0);
    expect(videos.filter((v) => v.trailing1y === null).length).toBeGreaterThan(0);
  });
});
