import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchStatements } from "../../../worker/db/batch";
import { schema } from "../../../worker/db/client";
import { JSON_ROWS_PER_STATEMENT, jsonUpsertStatements } from "../../../worker/db/json-upsert";
import { bindingOf, contentOf, createChannel, createOrganization } from "../support/factories";

/*
 * Bulk upserts send a column that is the same in every row of a statement once, and the others
 * by position (worker/db/json-upsert.ts). Whatever the layout, what is stored must be exactly
 * what was given: text (quotes, non-ASCII, emoji), numbers, nulls, booleans and dates, in a full
 * statement, a statement of one row, and on conflict.
 */

const { videos, channelMetrics } = schema;
const publish = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000);
const titles = [
  'Café "crème" & co',
  "الذكاء الاصطناعي",
  "🚀 launch — part 2",
  "plain",
  "  spaced  ",
];

describe("json upserts", () => {
  it("store every value as given, constant or varying, over several statements", async () => {
    const org = await createOrganization();
    const channel = await createChannel(org.id);
    const d1 = env[await bindingOf(org.id)];
    const content = await contentOf(org.id);
    const lastUpdated = new Date(Date.UTC(2026, 10, 24, 18));
    const count = JSON_ROWS_PER_STATEMENT + 1; // a full statement, then one of a single row
    const rows = Array.from({ length: count }, (_, i) => ({
      organizationId: org.id,
      channelId: channel.id,
      externalId: `ext-${i}`,
      title: `${titles[i % titles.length]} ${i}`,
      views: i * 1000,
      likes: 7,
      comments: 0,
      durationSeconds: i % 2 === 0 ? 60 + i : null,
      publishDate: publish(i),
      lastUpdated,
    }));
    const write = (list: typeof rows) =>
      batchStatements(
        d1,
        jsonUpsertStatements({
          table: videos,
          rows: list.map((values) => ({ values })),
          target: [videos.organizationId, videos.externalId],
          update: [videos.title, videos.views, videos.likes, videos.durationSeconds],
        }),
      );
    await write(rows);
    const stored = await content
      .select()
      .from(videos)
      .where(eq(videos.channelId, channel.id))
      .orderBy(videos.publishDate);
    expect(stored).toHaveLength(count);
    for (const [i, row] of stored.entries())
      expect(row).toMatchObject({ ...rows[i], key: expect.any(Number), windowSource: "public" });

    // On conflict: the given columns change, the row (and its key) stays.
    const changed = rows.map((r, i) => ({
      ...r,
      title: `${r.title}!`,
      views: i,
      likes: i % 3,
      durationSeconds: null,
    }));
    await write(changed);
    const after = await content
      .select()
      .from(videos)
      .where(eq(videos.channelId, channel.id))
      .orderBy(videos.publishDate);
    expect(after).toHaveLength(count);
    for (const [i, row] of after.entries())
      expect(row).toMatchObject({ ...changed[i], id: stored[i]!.id, key: stored[i]!.key });
  });

  it("keeps booleans and a single row's constants", async () => {
    const org = await createOrganization();
    const channel = await createChannel(org.id);
    const d1 = env[await bindingOf(org.id)];
    const values = {
      organizationId: org.id,
      channelId: channel.id,
      date: "2026-11-24",
      subscriberCount: 1290,
      subscribersHidden: true,
      totalViews: 2 ** 40,
      videoCount: 0,
    };
    await batchStatements(
      d1,
      jsonUpsertStatements({
        table: channelMetrics,
        rows: [{ values }],
        target: [channelMetrics.channelId, channelMetrics.date],
        update: [channelMetrics.subscriberCount],
      }),
    );
    const [row] = await (await contentOf(org.id))
      .select()
      .from(channelMetrics)
      .where(eq(channelMetrics.channelId, channel.id));
    expect(row).toMatchObject(values);
  });
});
