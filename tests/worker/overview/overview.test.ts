import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { dayNumber } from "../../../shared/metrics";
import { addDays } from "../../../shared/overview-period";
import { type Overview, overviewSchema } from "../../../shared/schemas/overview";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { type contentHandle, contentOf, createChannel } from "../support/factories";
import { call, envelope, signIn } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";

/*
 * A fixed period in the past (custom 2026-01-11..2026-01-20, so the previous period is
 * 2026-01-01..2026-01-10) over snapshots written here, so every figure is known exactly.
 */
const PERIOD = "range=custom&from=2026-01-11&to=2026-01-20";
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
const at = (day: string) => new Date(`${day}T12:00:00Z`);
/** D1 binds at most 100 parameters a statement: insert a few rows at a time. */
async function insertAll<T extends Parameters<ReturnType<typeof contentHandle>["insert"]>[0]>(
  orgId: string,
  table: T,
  rows: Array<T["$inferInsert"]>,
) {
  const content = await contentOf(orgId);
  for (let i = 0; i < rows.length; i += 8) await content.insert(table).values(rows.slice(i, i + 8));
}

async function overview(orgId: string, token: string, query: string) {
  const r = await call(`/api/orgs/${orgId}/overview?${query}`, { token });
  expect(r.status, r.text).toBe(200);
  return overviewSchema.parse(r.json);
}
const metric = (o: Overview, key: string) => o.metrics.find((m) => m.key === key)!;

async function seedYoutube(orgId: string) {
  const a = await createChannel(orgId, "UC-overview-a");
  const b = await createChannel(orgId, "UC-overview-b");
  // A: +10 views and +1 subscriber a day from 2025-12-31 (1,000 views, 100 subscribers).
  // B: tracked only from 2026-01-15 (500 views, 50 subscribers), +10 views a day.
  const rows = [
    ...days("2025-12-31", "2026-01-20").map((date, i) => ({
      channelId: a.id,
      date,
      totalViews: 1000 + 10 * i,
      subscriberCount: 100 + i,
    })),
    ...days("2026-01-15", "2026-01-20").map((date, i) => ({
      channelId: b.id,
      date,
      totalViews: 500 + 10 * i,
      subscriberCount: 50,
    })),
  ];
  await insertAll(
    orgId,
    schema.channelMetrics,
    rows.map((r) => ({ ...r, organizationId: orgId })),
  );
  const content = await contentOf(orgId);
  const video = async (title: string, published: string, views: number) => {
    const [v] = await content
      .insert(schema.videos)
      .values({
        organizationId: orgId,
        channelId: a.id,
        externalId: `v-${crypto.randomUUID()}`,
        title,
        views,
        publishDate: at(published),
      })
      .returning({ id: schema.videos.id });
    // Read back: RETURNING shows the row before the insert trigger gives it its history key.
    const [stored] = await content.select().from(schema.videos).where(eq(schema.videos.id, v!.id));
    return stored!;
  };
  const old = await video("Old favourite", "2025-11-01", 5000);
  const fresh = await video("Launch day", "2026-01-15", 400);
  await video("Second new one", "2026-01-18", 10);
  await video("Third new one", "2026-01-19", 10);
  await video("Last period's", "2026-01-05", 10);
  // No snapshot and published before the period: no figure, so never a mover.
  await video("Never snapshotted", "2025-06-01", 99_999);
  const [oldKey, freshKey] = [old.key!, fresh.key!];
  const snap = (videoKey: number, date: string, views: number) => ({
    videoKey,
    capturedAt: at(date),
    views,
  });
  await content
    .insert(schema.videoMetrics)
    .values([
      snap(oldKey, "2025-12-31", 50),
      snap(oldKey, "2026-01-10", 100),
      snap(oldKey, "2026-01-20", 900),
      snap(freshKey, "2026-01-20", 300),
    ]);
}

describe("overview: YouTube", () => {
  it("views from snapshot growth, subscribers, videos published and top movers, against the previous period", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedYoutube(org.id);
    const o = await overview(org.id, member.session.accessToken, `platform=youtube&${PERIOD}`);
    expect(o.period).toEqual({ from: "2026-01-11", to: "2026-01-20", days: 10 });
    expect(o.previous).toEqual({ from: "2026-01-01", to: "2026-01-10" });

    // A grew 100 in each period; B 50 (its first snapshot day counts nothing).
    expect(metric(o, "views")).toMatchObject({
      value: 150,
      previous: 100,
      change: { absolute: 50, percent: 50 },
    });
    const views = metric(o, "views").series;
    expect(views).toHaveLength(10);
    expect(views.find((p) => p.date === "2026-01-11")?.value).toBe(10);
    expect(views.find((p) => p.date === "2026-01-16")?.value).toBe(20);

    // Subscribers at the end of the period (120 + 50) and of the previous one (110). The change
    // is A's own growth: B, first seen during the period, brought 50 subscribers but gained none.
    expect(metric(o, "subscribers")).toMatchObject({ value: 170, previous: 110 });
    expect(metric(o, "subscribers").change?.absolute).toBe(10);
    expect(metric(o, "subscribers").change?.percent).toBeCloseTo((10 / 110) * 100, 6);

    expect(metric(o, "videosPublished")).toMatchObject({ value: 3, previous: 1 });

    // 900 - 100 for the old video; the new one started from 0.
    expect(o.movers).toEqual([
      expect.objectContaining({ title: "Old favourite", gain: 800, previousGain: 50 }),
      expect.objectContaining({ title: "Launch day", gain: 300, previousGain: null }),
    ]);
    expect(o.movers[0]!.parentTitle).toBe("Channel UC-overview-a");
  });

  it("counts videos published on the organisation's calendar days, across a change of clocks", async () => {
    const { org, member } = await createOrgWithMembers(); // Los Angeles, the default zone
    const channel = await createChannel(org.id, "UC-overview-zoned");
    const content = await contentOf(org.id);
    const publish = (title: string, instant: string) =>
      content.insert(schema.videos).values({
        organizationId: org.id,
        channelId: channel.id,
        externalId: `v-${crypto.randomUUID()}`,
        title,
        views: 1,
        publishDate: new Date(instant),
      });
    // 11:30 PM in Los Angeles on 1 March (PST, UTC-8) and on 8 March (PDT, UTC-7: the clocks went
    // forward that morning); 5:30 PM on 10 March, already 11 March in UTC; 11:30 PM on
    // 28 February, the day before the period.
    await publish("First evening", "2026-03-02T07:30:00Z");
    await publish("After the change", "2026-03-09T06:30:00Z");
    await publish("Afternoon", "2026-03-11T00:30:00Z");
    await publish("Before the period", "2026-03-01T07:30:00Z");
    const o = await overview(
      org.id,
      member.session.accessToken,
      "platform=youtube&range=custom&from=2026-03-01&to=2026-03-10",
    );
    const published = metric(o, "videosPublished");
    expect(published).toMatchObject({ value: 3, previous: 1 });
    const perDay = Object.fromEntries(published.series.map((p) => [p.date, p.value]));
    expect(perDay).toMatchObject({
      "2026-03-01": 1,
      "2026-03-02": 0,
      "2026-03-08": 1,
      "2026-03-09": 0,
      "2026-03-10": 1,
    });
  });

  it("'All time' starts on the first day of data and has nothing to compare with", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedYoutube(org.id);
    const o = await overview(org.id, member.session.accessToken, "platform=youtube&range=alltime");
    expect(o.period.from).toBe("2025-12-31");
    expect(o.previous).toBeNull();
    expect(metric(o, "views").change).toBeNull();
    expect(metric(o, "subscribers").change).toBeNull();
    // Longer periods are summed into buckets: never more than about 60 sparkline points.
    expect(metric(o, "views").series.length).toBeLessThanOrEqual(61);
  });

  it("a period in which every channel is new has no subscriber change to show", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedYoutube(org.id);
    // A's first snapshot is on 2025-12-31: nothing was known at the end of the previous period.
    const o = await overview(
      org.id,
      member.session.accessToken,
      "platform=youtube&range=custom&from=2025-12-31&to=2026-01-04",
    );
    expect(metric(o, "subscribers")).toMatchObject({ value: 104, previous: null, change: null });
  });

  it("an organisation without channels gets empty figures, not errors", async () => {
    const { org, member } = await createOrgWithMembers();
    const o = await overview(org.id, member.session.accessToken, `platform=youtube&${PERIOD}`);
    expect(metric(o, "views").value).toBeNull();
    expect(metric(o, "subscribers").value).toBeNull();
    expect(metric(o, "videosPublished").value).toBe(0);
    expect(o.movers).toEqual([]);
  });
});

describe("overview: kept figures", () => {
  it("shows a write to the content at the next ask", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedYoutube(org.id);
    const token = member.session.accessToken;
    const ask = () => overview(org.id, token, `platform=youtube&${PERIOD}`);
    const movers = (o: Overview) => o.movers.map((m) => [m.title, m.gain]);
    expect(movers(await ask())).toEqual([
      ["Old favourite", 800],
      ["Launch day", 300],
    ]);
    expect(movers(await ask())).toEqual([
      ["Old favourite", 800],
      ["Launch day", 300],
    ]);

    // A refresh writes the video and its snapshot together.
    const content = await contentOf(org.id);
    const [launch] = await content
      .select()
      .from(schema.videos)
      .where(and(eq(schema.videos.organizationId, org.id), eq(schema.videos.title, "Launch day")));
    await content.batch([
      content.update(schema.videos).set({ views: 5000 }).where(eq(schema.videos.id, launch!.id)),
      content
        .update(schema.videoMetrics)
        .set({ views: 5000 })
        .where(eq(schema.videoMetrics.videoKey, launch!.key!)),
    ]);
    expect(movers(await ask())).toEqual([
      ["Launch day", 5000],
      ["Old favourite", 800],
    ]);

    // A channel deleted takes its videos, and their figures, with it.
    await content.delete(schema.channels).where(eq(schema.channels.id, launch!.channelId));
    const after = await ask();
    expect(after.movers).toEqual([]);
    expect(metric(after, "videosPublished").value).toBe(0);
  });

  it("shows the history the development backfill writes, asked before it", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    await ingestedChannel(org.id, token, "@demomedia-clips");
    const ask = () => overview(org.id, token, "platform=youtube&range=30days");
    // One snapshot: no growth measured yet (unknown, not 0), and nothing before this period.
    const first = metric(await ask(), "views");
    expect(first).toMatchObject({ value: null, previous: null });
    // Its sparkline has gaps there, not a day of 0 views.
    expect(first.series.filter((p) => p.value !== null)).toEqual([]);
    const r = await SELF.fetch(`http://localhost/dev/backfill-history?organizationId=${org.id}`, {
      method: "POST",
    });
    expect(r.status).toBe(200);
    const after = await ask();
    expect(metric(after, "views").value).toBeGreaterThan(0);
    expect(metric(after, "views").previous).toBeGreaterThan(0);
  });

  it("moves with the calendar: figures kept yesterday are not today's", async () => {
    const { org, member } = await createOrgWithMembers();
    await seedYoutube(org.id);
    // Sessions are signed in at the clock's time: a new one for each day.
    const tokenAt = async () => (await signIn(member.email, member.password)).accessToken;
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-20T12:00:00Z") });
    try {
      const first = await overview(org.id, await tokenAt(), "platform=youtube&range=7days");
      expect(first.period).toMatchObject({ from: "2026-01-14", to: "2026-01-20" });
      expect(metric(first, "views").series[0]?.date).toBe("2026-01-14");
      vi.setSystemTime(new Date("2026-01-21T12:00:00Z"));
      const next = await overview(org.id, await tokenAt(), "platform=youtube&range=7days");
      expect(next.period).toMatchObject({ from: "2026-01-15", to: "2026-01-21" });
      expect(metric(next, "views").series[0]?.date).toBe("2026-01-15");
      expect(metric(next, "views").series.at(-1)?.value).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("overview: podcasts", () => {
  it("downloads per day, first-week downloads per new episode, episodes published and top movers", async () => {
    const { org, member } = await createOrgWithMembers();
    const content = await contentOf(org.id);
    const [show] = await content
      .insert(schema.shows)
      .values({ organizationId: org.id, externalId: "show-overview", title: "The Show" })
      .returning();
    await insertAll(
      org.id,
      schema.showMetrics,
      days("2026-01-01", "2026-01-20").map((date) => ({
        organizationId: org.id,
        showId: show!.id,
        date,
        downloads: date < "2026-01-11" ? 10 : 20,
        totalDownloads: 0,
      })),
    );
    const episode = async (title: string, published: string, first7d: number) => {
      const [e] = await content
        .insert(schema.episodes)
        .values({
          organizationId: org.id,
          showId: show!.id,
          externalId: `e-${crypto.randomUUID()}`,
          title,
          publishDate: at(published),
          first7dDownloads: first7d,
        })
        .returning({ id: schema.episodes.id });
      // Read back: RETURNING shows the row before the insert trigger gives it its history key.
      const [stored] = await content
        .select()
        .from(schema.episodes)
        .where(eq(schema.episodes.id, e!.id));
      return stored!;
    };
    const big = await episode("Big episode", "2026-01-12", 70);
    const small = await episode("Small episode", "2026-01-14", 30);
    await episode("Last period's", "2026-01-03", 40);
    const daily = (episodeKey: number, from: string, to: string, downloads: number) =>
      days(from, to).map((date) => ({ episodeKey, day: dayNumber(date), downloads }));
    await insertAll(org.id, schema.episodeMetrics, [
      ...daily(big.key!, "2026-01-12", "2026-01-20", 5),
      ...daily(small.key!, "2026-01-14", "2026-01-20", 3),
    ]);

    const o = await overview(org.id, member.session.accessToken, `platform=simplecast&${PERIOD}`);
    expect(metric(o, "downloads")).toMatchObject({
      value: 200,
      previous: 100,
      change: { absolute: 100, percent: 100 },
    });
    expect(metric(o, "downloads").series.every((p) => p.value === 20)).toBe(true);
    expect(metric(o, "newEpisodeDownloads")).toMatchObject({ value: 50, previous: 40 });
    expect(metric(o, "episodesPublished")).toMatchObject({ value: 2, previous: 1 });
    expect(o.movers).toEqual([
      expect.objectContaining({ title: "Big episode", gain: 45, previousGain: 0 }),
      expect.objectContaining({ title: "Small episode", gain: 21, previousGain: 0 }),
    ]);
  });
});

describe("overview: access and input", () => {
  it("is 404 for another organisation's member, and names the field of a bad query", async () => {
    const { org } = await createOrgWithMembers();
    const other = await createOrgWithMembers();
    await seedYoutube(org.id);
    const foreign = await call(`/api/orgs/${org.id}/overview?platform=youtube`, {
      token: other.admin.session.accessToken,
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.json)).not.toContain("Old favourite");

    const token = other.admin.session.accessToken;
    for (const [qs, field] of [
      ["", "platform"],
      ["platform=tiktok", "platform"],
      ["platform=youtube&range=forever", "range"],
      ["platform=youtube&range=custom", "from"],
      ["platform=youtube&range=custom&from=2026-02-01&to=2026-01-01", "from"],
      ["platform=youtube&range=custom&from=yesterday&to=2026-01-01", "from"],
    ] as const) {
      const r = await call(`/api/orgs/${other.org.id}/overview?${qs}`, { token });
      expect(r.status, qs).toBe(400);
      expect(envelope(r.json).field, qs).toBe(field);
    }
  });
});
