import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isHighConfidence, type MatchReason } from "../../../shared/match-scores";
import { multiChannelListSchema, previewViewSchema } from "../../../shared/schemas/multichannel";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { call, envelope } from "../support/http";
import { allTime, createPreview, mergeNone, orgWithPairedContent } from "../support/multichannel";

describe("multi-channel content and previews", () => {
  it("counts the content and its duplicates for the Merge Content Options dialog", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const r = await call(`/api/orgs/${org.id}/multi-channel/content`, {
      body: { dateRange: allTime, selectedChannels: [channel.id], selectedShows: [show.id] },
      token,
    });
    expect(r.status).toBe(200);
    const summary = r.json as {
      videos: { before: number; after: number; duplicates: number; examples: string[] };
      episodes: { before: number };
    };
    expect(summary.videos.before).toBe(200);
    // Every 25th upload of the demo channels is a same-title re-upload (worker/sandbox/README.md).
    expect(summary.videos.duplicates).toBeGreaterThan(0);
    expect(summary.videos.after).toBe(summary.videos.before - summary.videos.duplicates);
    expect(summary.videos.examples.length).toBeGreaterThan(0);
    expect(summary.videos.examples.length).toBeLessThanOrEqual(3);
    expect(summary.episodes.before).toBe(120);
  });

  it("refuses an incomplete setup with the dialog's own messages", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const base = {
      title: "Weekly",
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
      mergeOptions: mergeNone,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, title: "   " }, "Please enter a report title"],
      [{ ...base, selectedChannels: [] }, "Please select at least one YouTube channel"],
      [{ ...base, selectedShows: [] }, "Please select at least one podcast show"],
      [
        { ...base, dateRange: { type: "custom", range: null } },
        "Please select both start and end dates for custom range",
      ],
    ];
    for (const [body, message] of cases) {
      const r = await call(`/api/orgs/${org.id}/multi-channel/previews`, { body, token });
      expect(r.status).toBe(400);
      expect(envelope(r.json).message).toContain(message);
    }
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.multiChannelPreviews)
        .where(eq(schema.multiChannelPreviews.organizationId, org.id)),
    ).toEqual([]);
  });

  it("generates a draft preview with automatic matches, a pool and a trailing empty row", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const previewId = await createPreview(org.id, token, {
      title: "  Tech pairs  ",
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
      mergeOptions: mergeNone,
    });
    const view = previewViewSchema.parse(
      (await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}`, { token })).json,
    );
    expect(view).toMatchObject({ title: "Tech pairs", status: "draft", readOnly: false });
    expect(view.content.videos).toHaveLength(200);
    expect(view.content.episodes).toHaveLength(120);
    const pairs = view.arrangement.rows.filter((r) => r.videoId && r.episodeId);
    // The demo podcast publishes the channel's programmes 0-3 days after the video.
    expect(pairs.length).toBeGreaterThan(90);
    expect(pairs.every((r) => r.matchConfidence! >= 0.5 && !r.userModified)).toBe(true);
    expect(view.arrangement.rows.at(-1)).toMatchObject({
      videoId: null,
      episodeId: null,
      matchType: "empty",
    });
    expect(view.arrangement.availableEpisodeIds.length).toBe(120 - pairs.length);
    // The suggestions are stored with the draft.
    const stored = await (await contentOf(org.id))
      .select()
      .from(schema.previewMatches)
      .where(eq(schema.previewMatches.previewId, previewId));
    expect(stored.length).toBeGreaterThanOrEqual(pairs.length);
    // Every board pair is a stored suggestion with the same confidence.
    const suggested = new Map(stored.map((m) => [`${m.videoId} ${m.episodeId}`, m]));
    for (const row of pairs)
      expect(suggested.get(`${row.videoId} ${row.episodeId}`)?.confidenceScore).toBe(
        row.matchConfidence,
      );
    // ... stored with its organisation, preview and reason (the reason decides the row's type).
    for (const row of pairs) {
      const m = suggested.get(`${row.videoId} ${row.episodeId}`)!;
      expect(m).toMatchObject({ organizationId: org.id, previewId });
      expect(row.matchType).toBe(
        isHighConfidence(m.confidenceScore, m.matchReason as MatchReason)
          ? "high-confidence"
          : "manual",
      );
    }
    for (const m of stored) {
      expect(["exact-date-and-title", "same-day", "nearby-date", "similar-title"]).toContain(
        m.matchReason,
      );
      expect(Math.abs(m.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    }
    // Their keys are time-ordered UUIDs (one insert fills the end of the index).
    expect(new Set(stored.map((m) => m.id)).size).toBe(stored.length);
    for (const m of stored) expect(m.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
    const list = multiChannelListSchema.parse(
      (await call(`/api/orgs/${org.id}/multi-channel`, { token })).json,
    );
    expect(list.counts).toEqual({ channels: 1, shows: 1, reports: 1 });
    expect(list.reports[0]).toMatchObject({
      id: previewId,
      status: "draft",
      channelTitles: [channel.title],
      showTitles: [show.title],
      files: [],
    });
  });

  it("merges duplicate titles when asked, summing their views", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const body = {
      title: "Merged",
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
    };
    const plain = previewViewSchema.parse(
      (
        await call(
          `/api/orgs/${org.id}/multi-channel/previews/${await createPreview(org.id, token, { ...body, mergeOptions: mergeNone })}`,
          { token },
        )
      ).json,
    );
    const merged = previewViewSchema.parse(
      (
        await call(
          `/api/orgs/${org.id}/multi-channel/previews/${await createPreview(org.id, token, { ...body, mergeOptions: { mergeVideos: true, mergeEpisodes: true, videoMergeStrategy: "title", episodeMergeStrategy: "title" } })}`,
          { token },
        )
      ).json,
    );
    expect(merged.content.videos.length).toBeLessThan(plain.content.videos.length);
    const twin = merged.content.videos.find((v) => v.mergedCount > 1)!;
    const members = plain.content.videos.filter((v) => v.title.trim() === twin.title.trim());
    expect(twin.views).toBe(members.reduce((s, v) => s + v.views, 0));
  });

  it("is invisible to another organisation (404) and ignores its ids", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const previewId = await createPreview(org.id, token, {
      title: "Mine",
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
      mergeOptions: mergeNone,
    });
    const stranger = await createOrgWithMembers();
    const theirs = stranger.admin.session.accessToken;
    for (const [path, method, body] of [
      [`/multi-channel`, "GET", undefined],
      [`/multi-channel/previews/${previewId}`, "GET", undefined],
      [`/multi-channel/previews/${previewId}/ticket`, "POST", undefined],
      [`/multi-channel/previews/${previewId}/report`, "POST", undefined],
      [`/multi-channel/previews/${previewId}/reopen`, "POST", undefined],
      [`/multi-channel/delete`, "POST", { ids: [previewId] }],
      [
        `/multi-channel/content`,
        "POST",
        { dateRange: allTime, selectedChannels: [channel.id], selectedShows: [show.id] },
      ],
    ] as const) {
      expect(
        (await call(`/api/orgs/${org.id}${path}`, { method, body, token: theirs })).status,
        path,
      ).toBe(404);
    }
    // In their own organisation, our ids select nothing and our preview does not exist.
    const own = await call(`/api/orgs/${stranger.org.id}/multi-channel/content`, {
      body: { dateRange: allTime, selectedChannels: [channel.id], selectedShows: [show.id] },
      token: theirs,
    });
    expect(own.json).toMatchObject({ videos: { before: 0 }, episodes: { before: 0 } });
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/multi-channel/previews/${previewId}`, {
          token: theirs,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/multi-channel/delete`, {
          body: { ids: [previewId] },
          token: theirs,
        })
      ).json,
    ).toEqual({ deleted: 0 });
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.multiChannelPreviews)
        .where(eq(schema.multiChannelPreviews.id, previewId)),
    ).toHaveLength(1);
  });
});

describe("Generate Final Report", () => {
  it("saves the arrangement, writes the three files and serves them to the organisation only", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const previewId = await createPreview(org.id, token, {
      title: "Final",
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
      mergeOptions: mergeNone,
    });
    const r = await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/report`, {
      method: "POST",
      token,
    });
    expect(r.status).toBe(200);
    const result = r.json as {
      reportId: string;
      contentCount: number;
      files: Array<{ id: string; kind: string; filename: string }>;
    };
    expect(result.contentCount).toBe(200 + 120);
    expect(result.files.map((f) => f.filename).sort()).toEqual([
      "comprehensive-multi-channel-report.csv",
      "data.json",
      "multi-channel-matches.csv",
    ]);

    const [preview] = await (await contentOf(org.id))
      .select()
      .from(schema.multiChannelPreviews)
      .where(eq(schema.multiChannelPreviews.id, previewId));
    expect(preview).toMatchObject({ status: "completed", reportId: result.reportId });
    expect(preview!.finalArrangement!.rows.length).toBeGreaterThan(200);

    const matches = result.files.find((f) => f.filename === "multi-channel-matches.csv")!;
    const download = await call(
      `/api/orgs/${org.id}/reports/${result.reportId}/files/${matches.id}`,
      { token },
    );
    expect(download.status).toBe(200);
    expect(download.res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[\w-]+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_multi-channel-matches\.csv"; filename\*=UTF-8''/,
    );
    const lines = download.text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Video ID,Video Title,Channel,/);
    const pairs = preview!.finalArrangement!.rows.filter(
      (row) => row.videoId && row.episodeId,
    ).length;
    expect(lines).toHaveLength(1 + pairs);
    const json = JSON.parse(
      (
        await call(
          `/api/orgs/${org.id}/reports/${result.reportId}/files/${result.files.find((f) => f.kind === "json")!.id}`,
          { token },
        )
      ).text,
    );
    expect(json.summary).toEqual({
      totalVideos: 200,
      totalEpisodes: 120,
      matchedPairs: pairs,
      unmatchedVideos: 200 - pairs,
      unmatchedEpisodes: 120 - pairs,
    });
    // Dates as the CSVs and every other download write them.
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    expect(json.matchedContent[0].video.publishDate).toMatch(iso);
    expect(json.matchedContent[0].episode.publishDate).toMatch(iso);
    expect(json.unmatchedVideos[0].publishDate).toMatch(iso);

    // Another organisation cannot download it, even with the right ids.
    const stranger = await createOrgWithMembers();
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/reports/${result.reportId}/files/${matches.id}`, {
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${org.id}/reports/${result.reportId}/files/${matches.id}`, {
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);

    // The table now offers the downloads; a completed preview reloads read-only.
    const list = multiChannelListSchema.parse(
      (await call(`/api/orgs/${org.id}/multi-channel`, { token })).json,
    );
    expect(list.reports[0]!.files).toHaveLength(3);
    const view = previewViewSchema.parse(
      (await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}`, { token })).json,
    );
    expect(view).toMatchObject({ status: "completed", readOnly: true });
    expect(
      (
        await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/reopen`, {
          method: "POST",
          token,
        })
      ).json,
    ).toEqual({ status: "draft" });
    expect(
      previewViewSchema.parse(
        (await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}`, { token })).json,
      ).readOnly,
    ).toBe(false);
  });

  it("deleting removes the previews, their reports and every R2 object", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const previewId = await createPreview(org.id, token, {
      title: "Gone",
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
      mergeOptions: mergeNone,
    });
    const { reportId } = (
      await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/report`, {
        method: "POST",
        token,
      })
    ).json as { reportId: string };
    const listed = await env.FILES.list({ prefix: `reports/${org.id}/${reportId}/` });
    expect(listed.objects).toHaveLength(3);
    const r = await call(`/api/orgs/${org.id}/multi-channel/delete`, {
      body: { ids: [previewId] },
      token,
    });
    expect(r.json).toEqual({ deleted: 1 });
    expect(
      (await env.FILES.list({ prefix: `reports/${org.id}/${reportId}/` })).objects,
    ).toHaveLength(0);
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.reports)
        .where(eq(schema.reports.id, reportId)),
    ).toEqual([]);
    expect(
      (await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}`, { token })).status,
    ).toBe(404);
  });
});
