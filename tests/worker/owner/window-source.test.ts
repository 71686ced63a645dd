import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { addChannel, connectedOrg, runJob } from "../support/ingestion";
import { connectOwner } from "../support/owner";

type SourcedRow = {
  id: string;
  handle?: string;
  channelId?: string;
  windowSource: string;
  watchMinutes: number | null;
  averageViewDuration: number | null;
};
type Page = { rows: SourcedRow[]; optionalColumns: Record<string, boolean> };

/** The oracle of watch time: minutes summed, average duration weighted by each day's views. */
const watchTime = (
  days: Array<{ views: number; watchMinutes: number; averageViewDuration: number }>,
) => {
  const views = days.reduce((s, d) => s + d.views, 0);
  return {
    watchMinutes: days.reduce((s, d) => s + d.watchMinutes, 0),
    averageViewDuration: Math.round(
      days.reduce((s, d) => s + d.averageViewDuration * d.views, 0) / views,
    ),
  };
};

const download = async (url: string, token: string) => {
  const res = await SELF.fetch(`http://localhost${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
};

describe("Window sources", () => {
  it("says which rows' windows come from owner analytics, with their watch time, in rows and exports", async () => {
    const { org, admin } = await connectedOrg();
    const token = admin.session.accessToken;
    for (const handle of ["@bench-60", "@bench-20"])
      expect(
        (await runJob(await addChannel(org.id, token, `https://www.youtube.com/${handle}`))).status,
      ).toBe("succeeded");
    const channelRows = await (await contentOf(org.id))
      .select()
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, org.id));
    const owned = channelRows.find((c) => c.handle === "@bench-60")!;
    const open = channelRows.find((c) => c.handle === "@bench-20")!;
    // Before anyone connects, every row is public.
    expect(channelRows.map((c) => c.windowSource)).toEqual(["public", "public"]);

    await connectOwner(org.id, owned.id, token, "bench-60@gmail.com");
    const [job] = await (await contentOf(org.id))
      .select()
      .from(schema.ingestionJobs)
      .where(
        and(
          eq(schema.ingestionJobs.organizationId, org.id),
          eq(schema.ingestionJobs.kind, "owner.backfill"),
        ),
      );
    await runJob(job!.id);
    expect((await runJob(job!.id)).status).toBe("succeeded");
    const [connection] = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeOwnerConnections)
      .where(eq(schema.youtubeOwnerConnections.channelId, owned.id));
    const through = connection!.completeThroughDay!;

    // The channels table: the owner-connected channel's windows are owner analytics.
    const channels = await call(`/api/orgs/${org.id}/tables/channels`, { token });
    const bySource = Object.fromEntries(
      (channels.json as Page).rows.map((r) => [r.handle, r.windowSource]),
    );
    expect(bySource).toEqual({ "@bench-60": "owner", "@bench-20": "public" });

    // Watch time and average view duration: the owner's channel only, over every exact day.
    const channelPage = channels.json as Page;
    expect(channelPage.optionalColumns).toMatchObject({
      watchMinutes: true,
      averageViewDuration: true,
    });
    const channelDays = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeChannelDaily)
      .where(eq(schema.youtubeChannelDaily.connectionKey, connection!.key));
    const ownedRow = channelPage.rows.find((r) => r.handle === "@bench-60")!;
    expect(ownedRow).toMatchObject(watchTime(channelDays));
    expect(ownedRow.watchMinutes).toBeGreaterThan(0);
    expect(channelPage.rows.find((r) => r.handle === "@bench-20")).toMatchObject({
      watchMinutes: null,
      averageViewDuration: null,
    });

    // Videos: the owner's once its exact days cover the first 7 (the 7D mark's day is in).
    const videoRows = await (await contentOf(org.id))
      .select()
      .from(schema.videos)
      .where(eq(schema.videos.organizationId, org.id));
    const expected = (v: (typeof videoRows)[number]) =>
      v.channelId === owned.id && Math.floor(v.publishDate.getTime() / DAY_MS) + 7 <= through
        ? "owner"
        : "public";
    const videos = await call(`/api/orgs/${org.id}/tables/videos?pageSize=200`, { token });
    const listed = (videos.json as { rows: SourcedRow[] }).rows;
    expect(listed).toHaveLength(80);
    const wanted = new Map(videoRows.map((v) => [v.id, expected(v)]));
    for (const row of listed) expect(row.windowSource).toBe(wanted.get(row.id));
    expect(listed.filter((r) => r.windowSource === "owner").length).toBeGreaterThan(50);
    const ownerRow = listed.find((r) => r.windowSource === "owner")!;
    const [ownerKey] = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeOwnerVideos)
      .where(eq(schema.youtubeOwnerVideos.videoId, ownerRow.id));
    const videoDays = await (await contentOf(org.id))
      .select()
      .from(schema.youtubeVideoDaily)
      .where(eq(schema.youtubeVideoDaily.videoKey, ownerKey!.key));
    expect(ownerRow).toMatchObject(watchTime(videoDays));
    for (const row of listed.filter((r) => r.windowSource === "public"))
      expect([row.watchMinutes, row.averageViewDuration]).toEqual([null, null]);
    expect(
      listed.filter((r) => r.channelId === open.id).every((r) => r.windowSource === "public"),
    ).toBe(true);

    // CSV: a Source column in words; JSON: the typed field.
    const csv = (await download(`/api/orgs/${org.id}/tables/channels/export?format=csv`, token))
      .trim()
      .split("\r\n");
    const headings = csv[0]!.replace(/^\uFEFF/, "").split(",");
    const source = headings.indexOf("Source");
    expect(source).toBeGreaterThan(headings.indexOf("Trailing 1Y Views"));
    const csvSource = Object.fromEntries(
      csv.slice(1).map((line) => [line.split(",")[1], line.split(",")[source]]),
    );
    // (A handle starts with @, so the formula guard quotes it.)
    expect(csvSource).toEqual({ "'@bench-60": "Owner analytics", "'@bench-20": "Public counts" });
    const hoursAt = headings.indexOf("Watch Time (Hours)");
    const ownedLine = csv.slice(1).find((line) => line.includes("'@bench-60"))!;
    expect(Number(ownedLine.split(",")[hoursAt])).toBe(Math.round(ownedRow.watchMinutes! / 6) / 10);
    const json = JSON.parse(
      await download(`/api/orgs/${org.id}/tables/videos/export?format=json`, token),
    ) as SourcedRow[];
    expect(json).toHaveLength(80);
    for (const row of json) expect(row.windowSource).toBe(wanted.get(row.id));

    // Disconnected: the next refresh's computation makes the channel public again.
    expect(
      (await call(`/api/orgs/${org.id}/channels/${owned.id}/owner`, { method: "DELETE", token }))
        .status,
    ).toBeLessThan(300);
    await call(`/api/orgs/${org.id}/refresh`, {
      body: { platform: "youtube", ids: [owned.id] },
      token,
    });
    const [refresh] = await (await contentOf(org.id))
      .select()
      .from(schema.ingestionJobs)
      .where(
        and(
          eq(schema.ingestionJobs.organizationId, org.id),
          eq(schema.ingestionJobs.kind, "refresh.channel"),
        ),
      );
    expect((await runJob(refresh!.id)).status).toBe("succeeded");
    const after = await call(`/api/orgs/${org.id}/tables/channels`, { token });
    const afterPage = after.json as Page;
    expect(afterPage.rows.map((r) => r.windowSource)).toEqual(["public", "public"]);
    expect(afterPage.optionalColumns.watchMinutes).toBe(false);
  });
});
