import { getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TablePage, tablePageSchemas, tableQuerySchema } from "../../../shared/schemas/tables";
import { sortKeys, tableColumns } from "../../../shared/table-columns";
import { schema } from "../../../worker/db/client";
import { compareText, mergedExportPages } from "../../../worker/features/tables/merged-export";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel } from "../support/factories";
import { call } from "../support/http";

/*
 * Merge Same pages against the rule written out plainly: group the filtered videos by trimmed
 * title, show each group as its highest-views member (ties: the lowest id) with the counts summed
 * (missing when every member misses them), the members' window source or "mixed", the average
 * view duration weighted by views (the plain average when no member has views), then sort with
 * missing values last and ties in row order, as the plain table does. The server reads titles
 * no other video shares off the sort index and groups only the shared ones
 * (worker/features/tables/merged-videos.ts): these pages must not tell the two apart.
 */

const SUMMED = tableColumns.videos
  .filter((c) => c.kind === "number" || c.kind === "minutes")
  .map((c) => c.id);
type Stored = typeof schema.videos.$inferSelect & {
  row: number;
  channelRow: number;
  channelTitle: string;
};

/** SQLite's trim(): spaces only (a tab or a line break stays part of the title). */
const trimmed = (title: string) => title.replace(/^ +| +$/g, "");

function mergeRule(videos: Stored[]) {
  const groups = new Map<string, Stored[]>();
  for (const v of videos)
    groups.set(trimmed(v.title), [...(groups.get(trimmed(v.title)) ?? []), v]);
  return [...groups.values()].map((members) => {
    const top = [...members].sort((a, b) => b.views - a.views || (a.id < b.id ? -1 : 1))[0]!;
    const sum = (id: string) => {
      const values = members
        .map((m) => (m as unknown as Record<string, number | null>)[id])
        .filter((x): x is number => x !== null);
      return values.length ? values.reduce((a, b) => a + b, 0) : null;
    };
    const timed = members.filter((m) => m.averageViewDuration !== null);
    const weight = timed.reduce((s, m) => s + m.views, 0);
    const averageViewDuration = timed.length
      ? Math.round(
          weight > 0
            ? timed.reduce((s, m) => s + m.averageViewDuration! * m.views, 0) / weight
            : timed.reduce((s, m) => s + m.averageViewDuration!, 0) / timed.length,
        )
      : null;
    const sources = new Set(members.map((m) => m.windowSource));
    return {
      id: top.id,
      title: top.title,
      channelTitle: top.channelTitle,
      publishDate: top.publishDate.toISOString(),
      lastUpdated: top.lastUpdated?.toISOString() ?? null,
      averageViewDuration,
      windowSource: sources.size === 1 ? top.windowSource : "mixed",
      mergedCount: members.length,
      ...Object.fromEntries(SUMMED.map((id) => [id, sum(id)])),
      row: top.row,
      channelRow: top.channelRow,
    } as Record<string, string | number | null>;
  });
}

function sortRule(rows: Array<Record<string, string | number | null>>, key: string, desc: boolean) {
  const sign = desc ? -1 : 1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key]!, b[key]!];
    if ((x === null) !== (y === null)) return x === null ? 1 : -1;
    if (x !== null && y !== null && cmp(x, y) !== 0) return sign * cmp(x, y);
    if (key === "channelTitle" && a.channelRow !== b.channelRow)
      return sign * cmp(a.channelRow!, b.channelRow!);
    return sign * cmp(a.row!, b.row!);
  });
}

async function seed() {
  const { org, member } = await createOrgWithMembers();
  const first = await createChannel(org.id, "UC-merge-a");
  const second = await createChannel(org.id, "UC-merge-b");
  const content = await contentOf(org.id);
  // Shared titles (some only once each channel, some with spaces around, two of nothing but
  // spaces), a tab that keeps two titles apart, titles of their own, tied views, missing windows
  // and durations, videos without views.
  const titles = ["Shared", " Shared ", "Pair", "Pair", "Trio", "Trio ", " Trio", "Cross"];
  titles.push("  ", "   ", "Tab", "Tab\t", " ");
  const rows: Array<typeof schema.videos.$inferInsert> = [];
  for (let i = 0; i < 40; i++) {
    const title = i < titles.length ? titles[i]! : `Own title ${i}`;
    rows.push({
      organizationId: org.id,
      channelId: (i === 7 || i % 3 === 0 ? second : first).id,
      externalId: `v-merge-${i}`,
      title,
      views: [0, 50, 50, 120, 7][i % 5]!,
      likes: i % 4,
      comments: i % 6 === 0 ? 0 : i,
      publishDate: new Date(Date.UTC(2026, 0, 1 + (i % 9))),
      lastUpdated: i % 7 === 0 ? null : new Date(Date.UTC(2026, 1, 1 + (i % 4))),
      trailing1wViews: i % 4 === 0 ? null : (i * 37) % 11,
      averageViewDuration: i % 5 === 2 ? null : 60 + ((i * 13) % 50),
      windowSource: i % 8 === 5 ? "owner" : "public",
    });
  }
  rows.push({ ...rows[7]!, channelId: first.id, externalId: "v-merge-cross" });
  for (let i = 0; i < rows.length; i += 4)
    await content.insert(schema.videos).values(rows.slice(i, i + 4));
  const stored = (await content
    .select({
      ...getTableColumns(schema.videos),
      row: sql<number>`${schema.videos}.rowid`,
      channelRow: sql<number>`${schema.channels}.rowid`,
      channelTitle: sql<string>`${schema.channels.title}`,
    })
    .from(schema.videos)
    .innerJoin(schema.channels, sql`${schema.channels.id} = ${schema.videos.channelId}`)
    .where(sql`${schema.videos.organizationId} = ${org.id}`)) as Stored[];
  return { org, token: member.session.accessToken, first, stored };
}

async function allPages(orgId: string, token: string, query: string) {
  const rows: TablePage<"videos">["rows"] = [];
  for (let page = 1; ; page++) {
    const r = await call(
      `/api/orgs/${orgId}/tables/videos?merge=1&pageSize=7&page=${page}&${query}`,
      {
        token,
      },
    );
    expect(r.status, r.text).toBe(200);
    const parsed = tablePageSchemas.videos.parse(r.json);
    rows.push(...parsed.rows);
    if (parsed.rows.length < 7) return { rows, total: parsed.total };
  }
}

/**
 * Gives the organisation's other channel the first one's title, which it answers: a channel
 * sort's ties then follow the channels' row order.
 */
async function oneChannelTitle(orgId: string, firstId: string, stored: Stored[]) {
  const title = stored.find((v) => v.channelId === firstId)!.channelTitle;
  await (await contentOf(orgId))
    .update(schema.channels)
    .set({ title })
    .where(
      sql`${schema.channels.id} <> ${firstId} AND ${schema.channels.organizationId} = ${orgId}`,
    );
  return title;
}

const shown = (r: Record<string, unknown>) => [
  r.id,
  r.mergedCount,
  r.views,
  r.trailing1wViews,
  r.averageViewDuration,
  r.windowSource,
];

describe("Merge Same pages", () => {
  it("follow the merge rule for every sort, both ways, page after page", async () => {
    const { org, token, stored } = await seed();
    const merged = mergeRule(stored);
    expect(
      merged.filter((m) => Number(m.mergedCount) === 3).map((m) => trimmed(String(m.title))),
    ).toEqual(["", "Trio"]);
    for (const key of sortKeys("videos"))
      for (const dir of ["asc", "desc"] as const) {
        const { rows, total } = await allPages(org.id, token, `sort=${key}&dir=${dir}`);
        expect(total, `${key} ${dir}`).toBe(merged.length);
        expect(rows.map(shown), `${key} ${dir}`).toEqual(
          sortRule(merged, key, dir === "desc").map(shown),
        );
      }
  });

  it("sorted by channel, order two channels of one title by their rows", async () => {
    const { org, token, first, stored } = await seed();
    const title = await oneChannelTitle(org.id, first.id, stored);
    const merged = mergeRule(stored.map((v) => ({ ...v, channelTitle: title })));
    for (const dir of ["asc", "desc"] as const) {
      const { rows } = await allPages(org.id, token, `sort=channelTitle&dir=${dir}`);
      expect(rows.map(shown), dir).toEqual(
        sortRule(merged, "channelTitle", dir === "desc").map(shown),
      );
    }
  });

  it("group only the filtered videos: a title another channel shares is one video there", async () => {
    const { org, token, first, stored } = await seed();
    const inFirst = stored.filter((v) => v.channelId === first.id);
    const merged = mergeRule(inFirst);
    const cross = merged.find((m) => trimmed(String(m.title)) === "Cross")!;
    expect(cross.mergedCount).toBe(1);
    for (const [key, dir] of [
      ["views", "desc"],
      ["trailing1wViews", "asc"],
      ["averageViewDuration", "desc"],
    ] as const) {
      const { rows, total } = await allPages(
        org.id,
        token,
        `sort=${key}&dir=${dir}&channel=${first.id}`,
      );
      expect(total).toBe(merged.length);
      expect(rows.map(shown)).toEqual(sortRule(merged, key, dir === "desc").map(shown));
    }
  });
});

/** Every row of a Merge Same export as JSON, through the export route. */
async function exported(orgId: string, token: string, query: string) {
  const r = await call(`/api/orgs/${orgId}/tables/videos/export?merge=1&format=json&${query}`, {
    token,
  });
  expect(r.status, r.text).toBe(200);
  return r.json as Array<Record<string, unknown>>;
}

/** What an export and a page both show of a row (an export has no mergedCount column). */
const listed = (r: Record<string, unknown>) => [
  r.id,
  r.title,
  r.channelTitle,
  r.views,
  r.trailing1wViews,
];

describe("Merge Same exports", () => {
  it("hold the merged rows the pages show, in their order, for every sort both ways", async () => {
    const { org, token } = await seed();
    for (const key of sortKeys("videos"))
      for (const dir of ["asc", "desc"] as const) {
        const query = `sort=${key}&dir=${dir}`;
        const { rows } = await allPages(org.id, token, query);
        expect((await exported(org.id, token, query)).map(listed), query).toEqual(rows.map(listed));
      }
  });

  it("read in small pages, join the two kinds of rows at every page boundary in order", async () => {
    const { org, token, first, stored } = await seed();
    const db = await contentOf(org.id);
    await oneChannelTitle(org.id, first.id, stored);
    for (const extra of ["", `&channel=${first.id}`, "&q=tri"])
      for (const key of sortKeys("videos"))
        for (const dir of ["asc", "desc"] as const) {
          const query = `sort=${key}&dir=${dir}${extra}`;
          const { rows } = await allPages(org.id, token, query);
          const parsed = tableQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
          const pages: Array<Array<Record<string, unknown>>> = [];
          for await (const page of mergedExportPages(
            db,
            org.id,
            { ...parsed, merge: "1" },
            Date.now(),
            3,
          ))
            pages.push(page);
          expect(
            pages.slice(0, -1).every((p) => p.length === 3),
            query,
          ).toBe(true);
          expect(pages.flat().map(shown), query).toEqual(rows.map(shown));
        }
  });

  it("order titles as SQLite does: by code point, an emoji after U+E000-U+FFFF", () => {
    const titles = ["\u{1F600} smile", "\uFF21 wide A", "\uE000 private", "Z", "a", "\u00E9"];
    const sorted = [...titles].sort(compareText);
    expect(sorted).toEqual([
      "Z",
      "a",
      "\u00E9",
      "\uE000 private",
      "\uFF21 wide A",
      "\u{1F600} smile",
    ]);
    expect(compareText("ab", "abc")).toBeLessThan(0);
    expect(compareText("same", "same")).toBe(0);
  });
});
