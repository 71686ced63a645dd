import { SELF } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  FIRST_WINDOWS,
  firstWindowFromSnapshots,
  TRAILING_WINDOWS,
  trailingAll,
  trailingVideo,
} from "../../../shared/metrics";
import { type TablePage, tablePageSchemas } from "../../../shared/schemas/tables";
import type { TableName } from "../../../shared/table-columns";
import { schema } from "../../../worker/db/client";
import { contentOf } from "../support/factories";
import { videoHistory } from "../support/history";
import { call } from "../support/http";
import { connectedOrg, ingestedChannel, runJob } from "../support/ingestion";

const tablePage = async <T extends TableName>(
  orgId: string,
  token: string,
  table: T,
): Promise<TablePage<T>> => {
  const r = await call(`/api/orgs/${orgId}/tables/${table}?pageSize=200`, { token });
  expect(r.status, r.text).toBe(200);
  return tablePageSchemas[table].parse(r.json) as TablePage<T>;
};

const backfill = async (orgId: string) => {
  const r = await SELF.fetch(`http://localhost/dev/backfill-history?organizationId=${orgId}`, {
    method: "POST",
  });
  expect(r.status).toBe(200);
  return (await r.json()) as { channelRows: number; videoRows: number };
};

const trailingKeys = {
  "1d": "trailing1dViews",
  "1w": "trailing1wViews",
  "1m": "trailing1mViews",
  "1y": "trailing1yViews",
} as const;
const firstKeys = { "24h": "first24hViews", "48h": "first48hViews", "7d": "first7dViews" } as const;

/** What the tables answer for each video, next to the rules applied to its stored readings. */
async function expectedVideoFigures(channel: { id: string; organizationId: string }, now: number) {
  const channelId = channel.id;
  const readings = await videoHistory(eq(schema.videos.channelId, channelId));
  const byVideo = new Map<string, Array<{ date: string; at: number; value: number }>>();
  for (const m of readings)
    byVideo.set(m.videoId, [
      ...(byVideo.get(m.videoId) ?? []),
      { date: m.date, at: m.capturedAt.getTime(), value: m.views },
    ]);
  const videos = await (await contentOf(channel.organizationId))
    .select()
    .from(schema.videos)
    .where(eq(schema.videos.channelId, channelId));
  return new Map(
    videos.map((v) => {
      const own = byVideo.get(v.id) ?? [];
      const publish = v.publishDate.getTime();
      const figures: Record<string, number | null> = {};
      for (const [w, days] of Object.entries(TRAILING_WINDOWS))
        figures[trailingKeys[w as keyof typeof trailingKeys]] = trailingVideo(
          own,
          v.views,
          publish,
          days,
          now,
        );
      for (const [w, days] of Object.entries(FIRST_WINDOWS))
        figures[firstKeys[w as keyof typeof firstKeys]] = firstWindowFromSnapshots(
          own,
          publish,
          days * 24,
        );
      return [v.id, { publish, figures }];
    }),
  );
}

describe("one window computation for every path", () => {
  it("after the demo history backfill the tables show every window, computed by the shared rules", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    const channel = await ingestedChannel(org.id, token, "@demomedia-clips");
    // Before any history: the trailing columns are empty (null), never 0.
    const before = await tablePage(org.id, token, "channels");
    expect(before.rows[0]).toMatchObject({ trailing1dViews: null, trailing1yViews: null });

    const filled = await backfill(org.id);
    expect(filled.channelRows).toBe(400);
    const now = Date.now();

    const channels = await tablePage(org.id, token, "channels");
    const history = await (await contentOf(org.id))
      .select({ date: schema.channelMetrics.date, value: schema.channelMetrics.totalViews })
      .from(schema.channelMetrics)
      .where(eq(schema.channelMetrics.channelId, channel.id))
      .orderBy(asc(schema.channelMetrics.date));
    const windows = trailingAll(history);
    expect(channels.rows[0]).toMatchObject({
      trailing1dViews: windows["1d"],
      trailing1wViews: windows["1w"],
      trailing1mViews: windows["1m"],
      trailing1yViews: windows["1y"],
    });
    for (const w of Object.values(windows)) expect(w).toEqual(expect.any(Number));
    expect(channels.optionalColumns).toEqual({
      trailing1dViews: true,
      trailing1wViews: true,
      trailing1mViews: true,
      trailing1yViews: true,
      // A public channel: watch time is owner analytics only.
      watchMinutes: false,
      averageViewDuration: false,
    });

    const videos = await tablePage(org.id, token, "videos");
    expect(videos.total).toBe(140);
    const expected = await expectedVideoFigures(channel, now);
    const old = videos.rows.filter(
      (row) => expected.get(String(row.id))!.publish < now - 7 * DAY_MS,
    );
    for (const row of videos.rows)
      expect(row, String(row.title)).toMatchObject(expected.get(String(row.id))!.figures);
    const withFirst = old.filter(
      (row) =>
        row.first24hViews !== null && row.first48hViews !== null && row.first7dViews !== null,
    );
    expect(withFirst.length / old.length).toBeGreaterThanOrEqual(0.9);
    const { watchMinutes, averageViewDuration, ...windowColumns } = videos.optionalColumns;
    expect(Object.values(windowColumns).every(Boolean)).toBe(true);
    expect([watchMinutes, averageViewDuration]).toEqual([false, false]);
  });

  it("a refresh after the backfill recomputes the same figures through the same computation", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    const channel = await ingestedChannel(org.id, token, "@demomedia-clips");
    await backfill(org.id);
    const afterBackfill = await tablePage(org.id, token, "videos");

    const refresh = await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube" },
      token,
    });
    const [jobId] = (refresh.json as { jobIds: string[] }).jobIds;
    expect(await runJob(jobId!)).toMatchObject({ status: "succeeded" });
    const now = Date.now();

    const afterRefresh = await tablePage(org.id, token, "videos");
    const expected = await expectedVideoFigures(channel, now);
    for (const row of afterRefresh.rows)
      expect(row, String(row.title)).toMatchObject(expected.get(String(row.id))!.figures);
    // First windows closed before the refresh are the same as the backfill found them.
    const firstOf = (page: TablePage<"videos">) =>
      new Map(page.rows.map((r) => [r.id, [r.first24hViews, r.first48hViews, r.first7dViews]]));
    const was = firstOf(afterBackfill);
    for (const [id, figures] of firstOf(afterRefresh)) {
      const publish = expected.get(String(id))!.publish;
      if (publish < now - 9 * DAY_MS) expect(figures).toEqual(was.get(id));
    }
  });
});
