import { env } from "cloudflare:test";
import { and, asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dayNumber } from "../../../shared/metrics";
import { tablePageSchemas } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { organizationContent } from "../../../worker/db/directory";
import { backfillDemoHistory } from "../../../worker/features/dev/backfill-history";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, db } from "../support/factories";
import { call, envelope } from "../support/http";
import { orgWithPairedContent } from "../support/multichannel";

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => isoDay(Date.now());
const daysFrom = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => isoDay(Date.parse(`${from}T00:00:00Z`) + i * DAY));

describe("detail series", () => {
  it("a show's daily downloads come from the provider's series, with the previous period's change", async () => {
    const { org, token, show } = await orgWithPairedContent();
    const from = isoDay(Date.now() - 29 * DAY);
    const r = await call(
      `/api/orgs/${org.id}/details/shows/${show.id}/series?from=${from}&to=${today()}`,
      { token },
    );
    expect(r.status).toBe(200);
    const body = r.json as {
      points: Array<{ date: string; value: number }>;
      total: number;
      previous: { total: number; from: string; to: string };
      change: { absolute: number; percent: number | null };
      metric: string;
      title: string;
      lastUpdated: string;
    };
    const stored = await (await contentOf(org.id))
      .select()
      .from(schema.showMetrics)
      .where(eq(schema.showMetrics.showId, show.id))
      .orderBy(asc(schema.showMetrics.date));
    const inRange = stored.filter((m) => m.date >= from && m.date <= today());
    expect(body.points).toEqual(inRange.map((m) => ({ date: m.date, value: m.downloads })));
    expect(body.total).toBe(inRange.reduce((s, m) => s + m.downloads, 0));
    const prevFrom = isoDay(Date.now() - 59 * DAY);
    expect(body.previous).toMatchObject({ from: prevFrom, to: isoDay(Date.now() - 30 * DAY) });
    const prev = stored
      .filter((m) => m.date >= prevFrom && m.date <= body.previous.to)
      .reduce((s, m) => s + m.downloads, 0);
    expect(body.previous.total).toBe(prev);
    expect(body.change.absolute).toBe(body.total - prev);
    expect(body.change.percent).toBeCloseTo(((body.total - prev) / prev) * 100, 6);
    expect(body).toMatchObject({ metric: "downloads", title: show.title });
    expect(Date.parse(body.lastUpdated)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a channel's daily views are the growth between its daily snapshots", async () => {
    const { org, token, channel } = await orgWithPairedContent();
    const { d1, db: content } = await organizationContent(env, db(), org.id);
    await backfillDemoHistory(d1, content, org.id, 40);
    const from = isoDay(Date.now() - 9 * DAY);
    const body = (
      await call(
        `/api/orgs/${org.id}/details/channels/${channel.id}/series?from=${from}&to=${today()}`,
        { token },
      )
    ).json as {
      points: Array<{ date: string; value: number }>;
      total: number;
      change: { percent: number | null };
      gaps: number;
    };
    const snaps = await content
      .select()
      .from(schema.channelMetrics)
      .where(eq(schema.channelMetrics.channelId, channel.id))
      .orderBy(asc(schema.channelMetrics.date));
    const byDate = new Map(snaps.map((s) => [s.date, s.totalViews]));
    for (const p of body.points) {
      const previousDay = snaps.filter((s) => s.date < p.date).at(-1)!;
      expect(p.value).toBe(byDate.get(p.date)! - previousDay.totalViews);
    }
    expect(body.points.map((p) => p.date)).toEqual(daysFrom(from, 10));
    expect(body.points.every((p) => p.value !== null && p.value > 0)).toBe(true);
    expect(body.total).toBe(body.points.reduce((s, p) => s + (p.value ?? 0), 0));
    expect(body.change.percent).not.toBeNull();
  });

  it("a day without a snapshot, or whose total went down, is a gap (null), never 0", async () => {
    const { org, token, channel } = await orgWithPairedContent();
    const { d1, db: content } = await organizationContent(env, db(), org.id);
    await backfillDemoHistory(d1, content, org.id, 40);
    const from = isoDay(Date.now() - 9 * DAY);
    const [missing, lowered] = [isoDay(Date.now() - 6 * DAY), isoDay(Date.now() - 3 * DAY)];
    await content
      .delete(schema.channelMetrics)
      .where(
        and(
          eq(schema.channelMetrics.channelId, channel.id),
          eq(schema.channelMetrics.date, missing),
        ),
      );
    // YouTube corrected the count down: the day's views are unknown, not 0.
    const [dayBefore] = await content
      .select()
      .from(schema.channelMetrics)
      .where(
        and(
          eq(schema.channelMetrics.channelId, channel.id),
          eq(schema.channelMetrics.date, isoDay(Date.now() - 4 * DAY)),
        ),
      );
    await content
      .update(schema.channelMetrics)
      .set({ totalViews: dayBefore!.totalViews - 1 })
      .where(
        and(
          eq(schema.channelMetrics.channelId, channel.id),
          eq(schema.channelMetrics.date, lowered),
        ),
      );
    const r = await call(
      `/api/orgs/${org.id}/details/channels/${channel.id}/series?from=${from}&to=${today()}`,
      { token },
    );
    expect(r.status).toBe(200);
    const body = r.json as {
      points: Array<{ date: string; value: number | null }>;
      total: number;
      gaps: number;
    };
    expect(body.points.map((p) => p.date)).toEqual(daysFrom(from, 10));
    const value = (date: string) => body.points.find((p) => p.date === date)!.value;
    expect(value(missing)).toBeNull();
    expect(value(lowered)).toBeNull();
    expect(body.points.filter((p) => p.value === null)).toHaveLength(2);
    expect(body.points.some((p) => p.value === 0)).toBe(false);
    // The day after the gap carries the growth over both days, and the answer says so.
    const snaps = new Map(
      (
        await content
          .select()
          .from(schema.channelMetrics)
          .where(eq(schema.channelMetrics.channelId, channel.id))
      ).map((s) => [s.date, s.totalViews]),
    );
    const afterGap = isoDay(Date.now() - 5 * DAY);
    expect(value(afterGap)).toBe(snaps.get(afterGap)! - snaps.get(isoDay(Date.now() - 7 * DAY))!);
    expect(body.gaps).toBe(1);
    expect(body.total).toBe(body.points.reduce((s, p) => s + (p.value ?? 0), 0));

    // Days before the first snapshot are gaps too: a video charted over a longer period than
    // we have held it.
    const [video] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel.id))
      .orderBy(desc(schema.videos.publishDate))
      .limit(1);
    const longer = isoDay(Date.now() - 199 * DAY);
    const videoBody = (
      await call(
        `/api/orgs/${org.id}/details/videos/${video!.id}/series?from=${longer}&to=${today()}`,
        { token },
      )
    ).json as { points: Array<{ date: string; value: number | null }>; publishedAt: string };
    expect(videoBody.points).toHaveLength(200);
    expect(videoBody.points[0]!.value).toBeNull();
    expect(videoBody.points.some((p) => p.value === 0)).toBe(false);
    // Its publication comes with it, so the panel can tell days before it from missing days.
    expect(videoBody.publishedAt).toBe(video!.publishDate.toISOString());
    const channelBody = (
      await call(
        `/api/orgs/${org.id}/details/channels/${channel.id}/series?from=${from}&to=${today()}`,
        { token },
      )
    ).json as { publishedAt: string | null };
    expect(channelBody.publishedAt).toBeNull();
  });

  it("pacing compares an episode's first 30 days with its show's median at the same age", async () => {
    const { org, token, show } = await orgWithPairedContent();
    const content = await contentOf(org.id);
    const [old] = await content
      .select()
      .from(schema.episodes)
      .where(eq(schema.episodes.showId, show.id))
      .orderBy(asc(schema.episodes.publishDate))
      .limit(1);
    const body = (await call(`/api/orgs/${org.id}/details/episodes/${old!.id}/pacing`, { token }))
      .json as {
      days: number[];
      item: Array<number | null>;
      median: Array<number | null>;
      peers: number;
      metric: string;
    };
    expect(body.days).toHaveLength(31);
    expect(body.peers).toBe(50);
    expect(body.item.every((v) => v !== null)).toBe(true);
    // Cumulative: never decreasing; day 30 matches the stored row.
    for (let d = 1; d <= 30; d++) expect(body.item[d]!).toBeGreaterThanOrEqual(body.item[d - 1]!);
    const day30 = isoDay(Date.parse(`${isoDay(old!.publishDate.getTime())}T00:00:00Z`) + 30 * DAY);
    const [row] = await content
      .select()
      .from(schema.episodeMetrics)
      .where(
        and(
          eq(schema.episodeMetrics.episodeKey, old!.key!),
          eq(schema.episodeMetrics.day, dayNumber(day30)),
        ),
      );
    expect(body.item[30]).toBe(row!.cumulativeDownloads);
    expect(body.median.filter((v) => v !== null).length).toBeGreaterThan(25);
  });

  it("pacing for a video uses its snapshots by age", async () => {
    const { org, token, channel } = await orgWithPairedContent();
    const { d1, db: content } = await organizationContent(env, db(), org.id);
    await backfillDemoHistory(d1, content, org.id, 60);
    const [video] = await content
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel.id))
      .then((rows) =>
        rows.filter(
          (v) =>
            v.publishDate.getTime() < Date.now() - 40 * DAY &&
            v.publishDate.getTime() > Date.now() - 55 * DAY,
        ),
      );
    const body = (await call(`/api/orgs/${org.id}/details/videos/${video!.id}/pacing`, { token }))
      .json as { item: Array<number | null>; median: Array<number | null>; metric: string };
    expect(body.metric).toBe("views");
    expect(body.item.filter((v) => v !== null).length).toBeGreaterThan(25);
    expect(body.median.some((v) => v !== null)).toBe(true);
  });

  it("refuses bad queries and other organisations' ids", async () => {
    const { org, token, show, channel } = await orgWithPairedContent();
    const bad = [
      [
        `/details/shows/${show.id}/series?from=2026-02-01&to=2026-01-01`,
        "from must not be after to",
      ],
      [`/details/shows/${show.id}/series?from=2020-01-01&to=2026-01-01`, "at most 731 days"],
      [`/details/shows/${show.id}/series?from=yesterday&to=2026-01-01`, "must be a date"],
      [`/details/playlists/${show.id}/series?from=2026-01-01&to=2026-01-02`, "kind"],
      [`/details/channels/${channel.id}/pacing`, "Pacing is for videos and episodes"],
    ] as const;
    for (const [path, message] of bad) {
      const r = await call(`/api/orgs/${org.id}${path}`, { token });
      expect(r.status, path).toBe(400);
      expect(envelope(r.json).message).toContain(message);
    }
    const stranger = await createOrgWithMembers();
    expect(
      (
        await call(
          `/api/orgs/${org.id}/details/shows/${show.id}/series?from=2026-01-01&to=2026-01-02`,
          { token: stranger.admin.session.accessToken },
        )
      ).status,
    ).toBe(404);
    // Their own organisation, our ids: not found.
    expect(
      (
        await call(
          `/api/orgs/${stranger.org.id}/details/shows/${show.id}/series?from=2026-01-01&to=2026-01-02`,
          { token: stranger.admin.session.accessToken },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          `/api/orgs/${stranger.org.id}/details/channels/${channel.id}/series?from=2026-01-01&to=2026-01-02`,
          { token: stranger.admin.session.accessToken },
        )
      ).status,
    ).toBe(404);
  });
});

describe("Merge Same on the videos table", () => {
  it("groups by trimmed title on the server, sums the figures and keeps paging and sorting", async () => {
    const { org, token, channel } = await orgWithPairedContent();
    const plain = tablePageSchemas.videos.parse(
      (
        await call(
          `/api/orgs/${org.id}/tables/videos?pageSize=200&sort=views&dir=desc&duplicates=1`,
          { token },
        )
      ).json,
    );
    // Without asking, the extra pass is skipped.
    expect(
      tablePageSchemas.videos.parse(
        (await call(`/api/orgs/${org.id}/tables/videos?pageSize=1`, { token })).json,
      ).duplicates,
    ).toBeNull();
    expect(plain.duplicates!.total).toBe(200);
    expect(plain.duplicates!.merged).toBeLessThan(200);
    expect(plain.refreshedAt).not.toBeNull();
    const merged = tablePageSchemas.videos.parse(
      (
        await call(`/api/orgs/${org.id}/tables/videos?pageSize=200&sort=views&dir=desc&merge=1`, {
          token,
        })
      ).json,
    );
    expect(merged.total).toBe(plain.duplicates!.merged);
    expect(merged.rows).toHaveLength(plain.duplicates!.merged);
    const all = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.channelId, channel.id));
    const group = merged.rows.find((r) => Number(r.mergedCount) > 1)!;
    const members = all.filter((v) => v.title.trim() === String(group.title).trim());
    expect(group.views).toBe(members.reduce((s, v) => s + v.views, 0));
    expect(group.likes).toBe(members.reduce((s, v) => s + v.likes, 0));
    // The kept row is the member with the most views.
    const top = [...members].sort((a, b) => b.views - a.views)[0]!;
    expect(group.id).toBe(top.id);
    // Sorted by the summed views, and paged on the server.
    const views = merged.rows.map((r) => Number(r.views));
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const page2 = tablePageSchemas.videos.parse(
      (
        await call(
          `/api/orgs/${org.id}/tables/videos?pageSize=50&page=2&sort=views&dir=desc&merge=1`,
          { token },
        )
      ).json,
    );
    expect(page2.rows.map((r) => r.id)).toEqual(merged.rows.slice(50, 100).map((r) => r.id));
    // An unknown sort column is refused as for the plain table.
    expect(
      (await call(`/api/orgs/${org.id}/tables/videos?merge=1&sort=nope`, { token })).status,
    ).toBe(400);
  });
});
