import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { CHILDREN_PER_DELETE, deleteParents } from "../../../worker/features/tables/queries";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel, createVideo } from "../support/factories";

/*
 * Deleting a large channel: its videos go a bounded number at a time, so the shared content
 * database answers other requests in between (a 100,000-video channel held it for 9 s as one
 * statement), and the end is what one statement left: the channel, every video and every
 * snapshot gone, nothing of another channel touched.
 */
const SIZE = 2 * CHILDREN_PER_DELETE + 345;

describe("deleting a channel larger than one step", () => {
  it("is read in whole steps while it goes, and leaves no video or snapshot", async () => {
    const { org } = await createOrgWithMembers();
    const content = await contentOf(org.id);
    const big = await createChannel(org.id);
    const kept = await createChannel(org.id);
    const keptVideo = await createVideo(org.id, kept.id);
    await content.run(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${SIZE})
      insert into videos (id, organization_id, channel_id, external_id, title, publish_date, created_at)
      select 'big-' || i, ${org.id}, ${big.id}, 'ext-' || i, 'Video ' || i, 0, 0 from n`);
    await content.run(sql`insert into video_metrics (video_key, captured_at, views, likes, comments)
      select key, 0, 1, 0, 0 from videos where channel_id in (${big.id}, ${kept.id})`);
    const bigVideos = () =>
      content
        .select({ n: sql<number>`count(*)` })
        .from(schema.videos)
        .where(eq(schema.videos.channelId, big.id));
    expect((await bigVideos())[0]!.n).toBe(SIZE);

    let done = false;
    const deleting = deleteParents(org.id, content, "channels", [big.id]).finally(() => {
      done = true;
    });
    const seen = new Set<number>();
    while (!done) {
      seen.add((await bigVideos())[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await deleting).toBe(1);
    // Whole steps only, and at least one answer came between two of them.
    for (const left of seen)
      expect((SIZE - left) % CHILDREN_PER_DELETE === 0 || left === 0).toBe(true);
    expect([...seen].some((left) => left > 0 && left < SIZE)).toBe(true);

    expect((await bigVideos())[0]!.n).toBe(0);
    expect(
      await content
        .select({ id: schema.channels.id })
        .from(schema.channels)
        .where(eq(schema.channels.organizationId, org.id)),
    ).toEqual([{ id: kept.id }]);
    const snapshots = await content
      .select({ key: schema.videoMetrics.videoKey })
      .from(schema.videoMetrics)
      .innerJoin(schema.videos, eq(schema.videos.key, schema.videoMetrics.videoKey));
    expect(snapshots).toEqual([{ key: keptVideo.key }]);
    const [orphans] = await content
      .select({ n: sql<number>`count(*)` })
      .from(schema.videoMetrics)
      .where(
        sql`${schema.videoMetrics.videoKey} not in (select ${schema.videos.key} from ${schema.videos})`,
      );
    expect(orphans!.n).toBe(0);
  });

  it("deletes a show with more episodes than one step, and no other show's", async () => {
    const { org } = await createOrgWithMembers();
    const content = await contentOf(org.id);
    const [big, kept] = await content
      .insert(schema.shows)
      .values(
        ["big", "kept"].map((name) => ({
          organizationId: org.id,
          externalId: `show-${name}-${org.id}`,
          title: `Show ${name}`,
        })),
      )
      .returning({ id: schema.shows.id });
    await content.run(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${SIZE})
      insert into episodes (id, organization_id, show_id, external_id, title, publish_date, created_at)
      select 'ep-' || i, ${org.id}, case when i = 1 then ${kept!.id} else ${big!.id} end, 'ext-' || i, 'Episode ' || i, 0, 0 from n`);
    expect(await deleteParents(org.id, content, "shows", [big!.id])).toBe(1);
    expect(
      await content
        .select({ id: schema.episodes.id, showId: schema.episodes.showId })
        .from(schema.episodes)
        .where(eq(schema.episodes.organizationId, org.id)),
    ).toEqual([{ id: "ep-1", showId: kept!.id }]);
  });
});
