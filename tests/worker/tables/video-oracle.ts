import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { tablePageSchemas } from "../../../shared/schemas/tables";
import { optionalColumnIds } from "../../../shared/table-columns";
import { schema } from "../../../worker/db/client";
import { sortables } from "../../../worker/features/tables/specs";
import { createOrgWithMembers } from "../support/accounts";
import { bindingOf, contentOf, createChannel } from "../support/factories";
import { call } from "../support/http";

/*
 * The Videos table's oracle for search-results and filter-results: 150 videos with every field
 * a page shows, the order a page must list them in, and every page of a query read through the
 * API.
 */

type Video = typeof schema.videos.$inferInsert;
export type Expected = {
  id: string;
  rowid: number;
  channelRowid: number;
  channelTitle: string;
} & Record<string, unknown>;

const DAY = 86_400_000;
const BASE_TIME = Date.parse("2026-06-01T00:00:00Z");

/** Every field the page shows, computed the obvious way from the rows inserted. */
function seedRows(orgId: string, channels: Array<{ id: string }>): Video[] {
  const rows: Video[] = [];
  for (let i = 0; i < 150; i++) {
    const title =
      i % 3 === 0 ? `The future of item ${i}` : i % 50 === 7 ? `A rarity ${i}` : `Episode ${i}`;
    const maybe = (n: number, every: number) => (i % every === 0 ? null : n);
    rows.push({
      organizationId: orgId,
      channelId: channels[i % channels.length]!.id,
      externalId: `v-${i}`,
      title: i % 10 === 4 ? `Episode ${i % 7}` : title,
      views: (i * 37) % 41,
      likes: (i * 13) % 9,
      comments: i % 5,
      publishDate: new Date(BASE_TIME - ((i * 7) % 30) * DAY),
      lastUpdated: i % 11 === 0 ? null : new Date(BASE_TIME + (i % 13) * 1000),
      // The rare rows have none of the windows, so their flags are off while the others' are on.
      first24hViews: title.includes("rarity") ? null : maybe((i * 3) % 17, 4),
      first48hViews: title.includes("rarity") ? null : maybe((i * 5) % 19, 6),
      first7dViews: title.includes("rarity") ? 0 : maybe(i % 23, 5),
      trailing1dViews: title.includes("rarity") ? null : maybe(i % 6, 3),
      trailing1wViews: maybe((i * 11) % 29, 7),
      trailing1mViews: maybe(i % 31, 2),
      trailing1yViews: maybe((i * 17) % 43, 9),
    });
  }
  return rows;
}

const compareValues = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  return (a as string | number) < (b as string | number) ? -1 : 1;
};

/** ORDER BY value (NULLs last either way), then the parent's and the row's insertion order. */
export function expectedOrder(rows: Expected[], sort: string, descending: boolean) {
  const dir = descending ? -1 : 1;
  const key = sort === "channelTitle" ? "channelTitle" : sort;
  return [...rows].sort((x, y) => {
    const a = x[key] ?? null;
    const b = y[key] ?? null;
    if (a === null && b !== null) return 1;
    if (b === null && a !== null) return -1;
    const byValue = dir * compareValues(a, b);
    if (byValue !== 0) return byValue;
    if (sort === "channelTitle" && x.channelRowid !== y.channelRowid)
      return dir * (x.channelRowid - y.channelRowid);
    return dir * (x.rowid - y.rowid);
  });
}

export async function everyPage(orgId: string, token: string, qs: string, pageSize: number) {
  const pages = [];
  for (let page = 1; ; page++) {
    const r = await call(
      `/api/orgs/${orgId}/tables/videos?${qs}&pageSize=${pageSize}&page=${page}`,
      {
        token,
      },
    );
    expect(r.status, r.text).toBe(200);
    const parsed = tablePageSchemas.videos.parse(r.json);
    pages.push(parsed);
    if (page * pageSize >= parsed.total) return pages;
  }
}

/**
 * An organisation with the 150 rows of seedRows over two channels ("Future Sounds" and "Plain
 * Talk"), beside another organisation's 40, and every stored video as the oracle sees it.
 */
export async function seedOrganisation() {
  const { org, member } = await createOrgWithMembers();
  const token = member.session.accessToken;
  const futureChannel = await createChannel(org.id, "UC-future");
  const plain = await createChannel(org.id, "UC-plain");
  const content = await contentOf(org.id);
  await content
    .update(schema.channels)
    .set({ title: "Future Sounds" })
    .where(eq(schema.channels.id, futureChannel.id));
  await content
    .update(schema.channels)
    .set({ title: "Plain Talk" })
    .where(eq(schema.channels.id, plain.id));
  const rows = seedRows(org.id, [plain, futureChannel, plain]);
  // Four rows a statement: D1 binds at most 100 parameters (22 a row).
  for (let i = 0; i < rows.length; i += 4)
    await content.insert(schema.videos).values(rows.slice(i, i + 4));
  // Another organisation's matching videos are never counted or shown.
  const other = await createOrgWithMembers();
  const theirs = await createChannel(other.org.id, "UC-theirs");
  const theirRows = seedRows(other.org.id, [theirs]).slice(0, 40);
  const theirContent = await contentOf(other.org.id);
  for (let i = 0; i < theirRows.length; i += 4)
    await theirContent.insert(schema.videos).values(theirRows.slice(i, i + 4));

  const stored = await env[await bindingOf(org.id)]
    .prepare(
      `SELECT v.rowid AS rowid, v.id AS id, c.rowid AS channel_rowid, c.title AS channel_title
   FROM videos v JOIN channels c ON c.id = v.channel_id WHERE v.organization_id = ?`,
    )
    .bind(org.id)
    .all<{ rowid: number; id: string; channel_rowid: number; channel_title: string }>();
  const unfiltered = await everyPage(org.id, token, "sort=title&dir=asc", 200);
  const byId = new Map(unfiltered.flatMap((p) => p.rows).map((r) => [r.id, r]));
  const all: Expected[] = stored.results.map((s) => ({
    ...byId.get(s.id)!,
    id: s.id,
    rowid: s.rowid,
    channelRowid: s.channel_rowid,
    channelTitle: s.channel_title,
  }));
  expect(all).toHaveLength(150);

  return { org, token, all, futureChannel, plain };
}

/**
 * Every page of `query` (a query string without sort or page), in every sortable column and both
 * directions, `pageSize` rows at a time: together exactly `matched` in the plain definition's
 * order, each page with the set's total, optional-column flags and freshness.
 */
export async function expectEverySortLists(
  orgId: string,
  token: string,
  query: string,
  matched: Expected[],
  pageSize: number,
) {
  const flags = Object.fromEntries(
    optionalColumnIds("videos").map((k) => [k, matched.some((r) => Number(r[k] ?? 0) > 0)]),
  );
  const refreshed = matched
    .map((r) => r.lastUpdated as string | null)
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  for (const sort of Object.keys(sortables.videos))
    for (const descending of [true, false]) {
      const dir = descending ? "desc" : "asc";
      const label = `${query} sort=${sort} dir=${dir}`;
      const pages = await everyPage(orgId, token, `${query}&sort=${sort}&dir=${dir}`, pageSize);
      expect(
        pages.flatMap((p) => p.rows.map((r) => r.id)),
        label,
      ).toEqual(expectedOrder(matched, sort, descending).map((r) => r.id));
      for (const p of pages) {
        expect(p.total, label).toBe(matched.length);
        expect(p.optionalColumns, label).toEqual(flags);
        expect(p.refreshedAt, label).toBe(refreshed ?? null);
      }
    }
}
