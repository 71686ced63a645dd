import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tablePageSchemas, tableQuerySchema } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { totalsKey } from "../../../worker/features/tables/totals-cache";
import { createOrgWithMembers } from "../support/accounts";
import { bindingOf, contentOf, createChannel } from "../support/factories";
import { call } from "../support/http";

/*
 * A filtered page's totals are kept per isolate under the organisation's write versions
 * (worker/features/tables/totals-cache.ts, migrations/0012). Whatever is kept, every page must
 * show the totals of the rows as they are now: each kind of write below changes what a searched
 * page counts, flags or dates, and the next page of the same search (another page, another sort,
 * so the kept totals are what it would use) must show it.
 */

type Page = { total: number; optionalColumns: Record<string, boolean>; refreshedAt: string | null };

async function searched(orgId: string, token: string, extra: string): Promise<Page> {
  const r = await call(`/api/orgs/${orgId}/tables/videos?q=future&pageSize=2&${extra}`, { token });
  expect(r.status, r.text).toBe(200);
  return tablePageSchemas.videos.parse(r.json);
}

/** Pages of one search, asked in turn with different sorts and pages (same totals either way). */
const views = ["sort=views&dir=desc", "sort=title&dir=asc&page=2", "sort=trailing1wViews"];

describe("kept totals of a searched Videos page", () => {
  it("follow every write to the organisation's videos and channels", async () => {
    const { org, member } = await createOrgWithMembers();
    const token = member.session.accessToken;
    const content = await contentOf(org.id);
    const channel = await createChannel(org.id, "UC-kept");
    const other = await createChannel(org.id, "UC-other");
    const video = (title: string, channelId = channel.id) => ({
      organizationId: org.id,
      channelId,
      externalId: `v-${crypto.randomUUID()}`,
      title,
      publishDate: new Date("2026-10-01T00:00:00Z"),
      lastUpdated: new Date("2026-11-01T00:00:00Z"),
    });
    await content
      .insert(schema.videos)
      .values([video("The future, part 1"), video("The future, part 2"), video("Something else")]);
    let turn = 0;
    const expectTotals = async (total: number, also: Partial<Page> = {}) => {
      // Two asks: the first may count, the second uses what the first kept.
      for (let i = 0; i < 2; i++) {
        const page = await searched(org.id, token, views[turn++ % views.length]!);
        expect(page.total).toBe(total);
        if (also.refreshedAt !== undefined) expect(page.refreshedAt).toBe(also.refreshedAt);
        for (const [column, shown] of Object.entries(also.optionalColumns ?? {}))
          expect(page.optionalColumns[column], column).toBe(shown);
      }
    };
    await expectTotals(2, { optionalColumns: { trailing1wViews: false } });

    // A new matching video.
    await content.insert(schema.videos).values(video("Future proof"));
    await expectTotals(3);

    // A title that comes to match, and one that stops matching.
    await content
      .update(schema.videos)
      .set({ title: "The future of something" })
      .where(eq(schema.videos.title, "Something else"));
    await expectTotals(4);
    await content
      .update(schema.videos)
      .set({ title: "The past, part 2" })
      .where(eq(schema.videos.title, "The future, part 2"));
    await expectTotals(3);

    // A figure and a freshness written by the windows' and refreshes' statements.
    await content
      .update(schema.videos)
      .set({ trailing1wViews: 12, lastUpdated: new Date("2026-11-20T00:00:00Z") })
      .where(eq(schema.videos.title, "Future proof"));
    await expectTotals(3, {
      optionalColumns: { trailing1wViews: true },
      refreshedAt: "2026-11-20T00:00:00.000Z",
    });

    // A channel whose title comes to match brings its videos with it.
    await content
      .insert(schema.videos)
      .values([video("Plain one", other.id), video("Plain two", other.id)]);
    await expectTotals(3);
    await content
      .update(schema.channels)
      .set({ title: "Future Talk" })
      .where(eq(schema.channels.id, other.id));
    await expectTotals(5);

    // Deleting a channel deletes its videos (a cascade, not a statement on videos).
    await content.delete(schema.channels).where(eq(schema.channels.id, channel.id));
    await expectTotals(2, { optionalColumns: { trailing1wViews: false } });
  });

  it("are never another organisation's, and another organisation's writes leave them right", async () => {
    const first = await createOrgWithMembers();
    const second = await createOrgWithMembers();
    for (const { org } of [first, second]) {
      const channel = await createChannel(org.id);
      await (await contentOf(org.id)).insert(schema.videos).values({
        organizationId: org.id,
        channelId: channel.id,
        externalId: `v-${crypto.randomUUID()}`,
        title: "A future together",
        publishDate: new Date("2026-10-01T00:00:00Z"),
      });
    }
    const token = (m: typeof first) => m.member.session.accessToken;
    expect((await searched(first.org.id, token(first), views[0]!)).total).toBe(1);
    expect((await searched(second.org.id, token(second), views[0]!)).total).toBe(1);
    // The second organisation's channel is removed: its page counts none, the first's still one.
    await (await contentOf(second.org.id)).delete(schema.channels);
    expect((await searched(second.org.id, token(second), views[1]!)).total).toBe(0);
    expect((await searched(first.org.id, token(first), views[1]!)).total).toBe(1);
  });
});

describe("kept totals of a 'published in the last N days' page", () => {
  it("follow writes, and are kept for the minute the preset was resolved in only", async () => {
    const { org, member } = await createOrgWithMembers();
    const token = member.session.accessToken;
    const content = await contentOf(org.id);
    const channel = await createChannel(org.id, "UC-recent");
    const daysAgo = (days: number) => ({
      organizationId: org.id,
      channelId: channel.id,
      externalId: `v-${crypto.randomUUID()}`,
      title: `Published ${days} days ago`,
      publishDate: new Date(Date.now() - days * 86_400_000),
    });
    await content.insert(schema.videos).values([daysAgo(1), daysAgo(3), daysAgo(20)]);
    const thisWeek = async (extra: string) => {
      const r = await call(`/api/orgs/${org.id}/tables/videos?published=week&pageSize=1&${extra}`, {
        token,
      });
      expect(r.status, r.text).toBe(200);
      return tablePageSchemas.videos.parse(r.json).total;
    };
    expect(await thisWeek("sort=views")).toBe(2);
    expect(await thisWeek("sort=title&page=2")).toBe(2);
    await content.insert(schema.videos).values(daysAgo(2));
    expect(await thisWeek("sort=views")).toBe(3);
    await content.delete(schema.videos).where(eq(schema.videos.title, "Published 1 days ago"));
    expect(await thisWeek("sort=title&page=2")).toBe(2);

    // The key names the minute the preset was resolved in; a search or date range has none.
    const query = tableQuerySchema.parse({ published: "week" });
    const minute = Date.parse("2026-11-29T10:15:00Z");
    const key = (now: number) => totalsKey(org.id, "videos", query, now);
    expect(key(minute + 59_999)).toBe(key(minute));
    expect(key(minute + 60_000)).not.toBe(key(minute));
    const dated = tableQuerySchema.parse({ publishedFrom: "2026-11-01" });
    expect(totalsKey(org.id, "videos", dated, minute + 60_000)).toBe(
      totalsKey(org.id, "videos", dated, minute),
    );
  });
});

describe("table write versions (migrations/0012)", () => {
  const versionOf = async (orgId: string, table: string) =>
    (
      await env[await bindingOf(orgId)]
        .prepare("SELECT version FROM table_stats WHERE organization_id = ? AND table_name = ?")
        .bind(orgId, table)
        .first<{ version: number }>()
    )?.version;

  it("move on every insert, update and delete of each dashboard table", async () => {
    const { org } = await createOrgWithMembers();
    const content = await contentOf(org.id);
    const seen: Array<number | undefined> = [];
    const step = async (table: string, write: () => Promise<unknown>) => {
      const before = await versionOf(org.id, table);
      await write();
      const after = await versionOf(org.id, table);
      expect(after, table).not.toBeUndefined();
      expect(after, table).not.toBe(before);
      seen.push(after);
    };
    const channel = await createChannel(org.id);
    await step("channels", () =>
      content
        .update(schema.channels)
        .set({ title: "Renamed" })
        .where(eq(schema.channels.id, channel.id)),
    );
    let videoId = "";
    await step("videos", async () => {
      const [row] = await content
        .insert(schema.videos)
        .values({
          organizationId: org.id,
          channelId: channel.id,
          externalId: "v-1",
          title: "One",
          publishDate: new Date("2026-10-01T00:00:00Z"),
        })
        .returning({ id: schema.videos.id });
      videoId = row!.id;
    });
    await step("videos", () =>
      content.update(schema.videos).set({ views: 5 }).where(eq(schema.videos.id, videoId)),
    );
    await step("videos", () => content.delete(schema.videos).where(eq(schema.videos.id, videoId)));
    const [show] = await content
      .insert(schema.shows)
      .values({ organizationId: org.id, externalId: "s-1", title: "A show" })
      .returning({ id: schema.shows.id });
    await step("shows", () =>
      content
        .update(schema.shows)
        .set({ title: "Renamed show" })
        .where(eq(schema.shows.id, show!.id)),
    );
    await step("episodes", () =>
      content.insert(schema.episodes).values({
        organizationId: org.id,
        showId: show!.id,
        externalId: "e-1",
        title: "An episode",
        publishDate: new Date("2026-10-01T00:00:00Z"),
      }),
    );
    await step("episodes", () => content.delete(schema.shows).where(eq(schema.shows.id, show!.id)));
    await step("channels", () =>
      content.delete(schema.channels).where(eq(schema.channels.id, channel.id)),
    );
    expect(seen).toHaveLength(8);
  });

  it("move on an update of any column a page can show (every column but the database's own keys)", async () => {
    for (const table of ["channels", "videos", "shows", "episodes"]) {
      const trigger = await env.DB.prepare(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
      )
        .bind(`${table}_after_update_version`)
        .first<{ sql: string }>();
      expect(trigger, table).not.toBeNull();
      const listed = /AFTER UPDATE OF (.*?) ON/s.exec(trigger!.sql)?.[1];
      // No list: any update. A list: a column added later and left out would never retire totals.
      if (listed === undefined) continue;
      const columns = (
        await env.DB.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>()
      ).results
        .map((c) => c.name)
        // The history key and the organisation's key are set as the row is inserted, never after.
        .filter((name) => name !== "key" && name !== "org_key");
      expect(
        listed
          .split(",")
          .map((c) => c.trim().replace(/`/g, ""))
          .sort(),
        table,
      ).toEqual(columns.sort());
    }
  });

  it("start at a random value, so a table_stats row made again repeats no version", async () => {
    const starts = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const { org } = await createOrgWithMembers();
      await createChannel(org.id);
      starts.add((await versionOf(org.id, "channels"))!);
    }
    expect(starts.size).toBe(4);
  });
});
