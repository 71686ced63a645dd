import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { all, upgradeDb as db, run } from "./upgrade-db";

/*
 * Migration 0009 (compact history) on a database that already holds history in the shape before
 * it: every video and episode gets a key, every snapshot and daily row is copied to the new
 * tables under its entity's key, and the cascades and the key trigger work on the result.
 */
const COMPACT = "0009_compact_history.sql";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

/** An organisation with one channel; returns the time written on them. */
async function orgWithChannel(orgId: string, name: string, channelId: string) {
  const now = Date.now();
  await run(
    "insert into organizations (id, name, created_at, updated_at) values (?, ?, ?, ?)",
    orgId,
    name,
    now,
    now,
  );
  await run(
    `insert into channels (id, organization_id, external_id, title, created_at)
     values (?, ?, ?, 'Channel', ?)`,
    channelId,
    orgId,
    `UC-${channelId}`,
    now,
  );
  return now;
}

/** An organisation with two videos, one episode and their history, written in the old shape. */
async function oldShapeHistory() {
  const now = await orgWithChannel("org-1", "Old", "ch-1");
  for (const [id, title] of [
    ["vid-a", "Alpha"],
    ["vid-b", "Beta"],
  ])
    await run(
      `insert into videos (id, organization_id, channel_id, external_id, title, publish_date, created_at)
       values (?, 'org-1', 'ch-1', ?, ?, ?, ?)`,
      id,
      `ext-${id}`,
      title,
      at("2026-10-01T12:00:00Z"),
      now,
    );
  await run(
    `insert into shows (id, organization_id, external_id, title, created_at)
     values ('show-1', 'org-1', 'S1', 'Show', ?)`,
    now,
  );
  await run(
    `insert into episodes (id, organization_id, show_id, external_id, title, publish_date, created_at)
     values ('ep-1', 'org-1', 'show-1', 'E1', 'Episode', ?, ?)`,
    at("2026-10-01T00:00:00Z"),
    now,
  );
  // Hourly readings of a young video and daily ones after (captured_at, date as the app wrote).
  const snapshots = [
    ["vid-a", at("2026-10-01T13:00:00Z"), "2026-10-01", 10],
    ["vid-a", at("2026-10-02T12:00:00Z"), "2026-10-02", 250],
    ["vid-a", at("2026-10-02T13:00:00Z"), "2026-10-02", 260],
    ["vid-a", at("2026-11-20T06:00:00Z"), "2026-11-20", 9_000],
    ["vid-b", at("2026-11-20T06:00:00Z"), "2026-11-20", 42],
  ] as const;
  for (const [videoId, capturedAt, date, views] of snapshots)
    await run(
      `insert into video_metrics (id, organization_id, video_id, captured_at, date, views, likes, comments)
       values (?, 'org-1', ?, ?, ?, ?, ?, ?)`,
      crypto.randomUUID(),
      videoId,
      capturedAt,
      date,
      views,
      views / 10,
      1,
    );
  for (const [date, downloads, cumulative] of [
    ["2026-10-01", 100, 100],
    ["2026-10-02", 40, 140],
  ] as const)
    await run(
      `insert into episode_metrics (id, organization_id, episode_id, date, downloads, cumulative_downloads, unique_listeners)
       values (?, 'org-1', 'ep-1', ?, ?, ?, null)`,
      crypto.randomUUID(),
      date,
      downloads,
      cumulative,
    );
  return snapshots;
}

describe("migration 0009, compact history", () => {
  it("keeps every video snapshot and episode day of a database written before it", async () => {
    const migrations = env.MIGRATIONS;
    expect(migrations.some((m) => m.name === COMPACT)).toBe(true);
    await applyD1Migrations(
      db(),
      migrations.filter((m) => m.name < COMPACT),
    );
    const snapshots = await oldShapeHistory();
    await applyD1Migrations(db(), migrations);

    const videos = await all<{ id: string; key: number }>("select id, key from videos order by id");
    expect(videos.map((v) => v.id)).toEqual(["vid-a", "vid-b"]);
    expect(new Set(videos.map((v) => v.key)).size).toBe(2);
    const copied = await all<{ id: string; captured_at: number; views: number; likes: number }>(
      `select v.id, m.captured_at, m.views, m.likes from video_metrics m
       join videos v on v.key = m.video_key order by v.id, m.captured_at`,
    );
    expect(copied).toEqual(
      snapshots.map(([id, capturedAt, , views]) => ({
        id,
        captured_at: capturedAt,
        views,
        likes: views / 10,
      })),
    );
    const days = await all<{ day: number; downloads: number; cumulative_downloads: number }>(
      `select m.day, m.downloads, m.cumulative_downloads from episode_metrics m
       join episodes e on e.key = m.episode_key where e.id = 'ep-1' order by m.day`,
    );
    expect(days).toEqual([
      { day: at("2026-10-01T00:00:00Z") / 86_400_000, downloads: 100, cumulative_downloads: 100 },
      { day: at("2026-10-02T00:00:00Z") / 86_400_000, downloads: 40, cumulative_downloads: 140 },
    ]);
    const layout = await all<{ name: string; sql: string }>(
      "select name, sql from sqlite_master where tbl_name in ('video_metrics', 'episode_metrics') order by name",
    );
    // The tables themselves are their primary keys (WITHOUT ROWID), with no other index.
    expect(layout.map((t) => t.name)).toEqual(["episode_metrics", "video_metrics"]);
    for (const table of layout) expect(table.sql).toMatch(/\) WITHOUT ROWID$/);
  });

  it("gives videos added after it the next key, and deletes history with its video or organisation", async () => {
    await applyD1Migrations(db(), env.MIGRATIONS);
    const [{ highest }] = (await all<{ highest: number | null }>(
      "select max(key) as highest from videos",
    )) as [{ highest: number | null }];
    const base = highest ?? 0;
    await orgWithThreeVideos();
    const keys = await all<{ id: string; key: number }>(
      "select id, key from videos where organization_id = 'org-2' order by key",
    );
    expect(keys).toEqual([
      { id: "vid-1", key: base + 1 },
      { id: "vid-2", key: base + 2 },
      { id: "vid-3", key: base + 3 },
    ]);
    for (const { key } of keys)
      await run(
        "insert into video_metrics (video_key, captured_at, views) values (?, ?, 1)",
        key,
        at("2026-11-20T00:00:00Z") + key * HOUR,
      );
    await run("delete from videos where id = 'vid-2'");
    const left = await all<{ video_key: number }>(
      "select video_key from video_metrics where video_key > ? order by video_key",
      base,
    );
    expect(left.map((r) => r.video_key)).toEqual([base + 1, base + 3]);
    // A new video takes the key after the highest in use; a freed key can come back, and then
    // carries none of the deleted video's history (the cascade took it).
    await run("delete from videos where id = 'vid-3'");
    await addVideo("vid-4");
    expect(await all("select id, key from videos where id = 'vid-4'")).toEqual([
      { id: "vid-4", key: base + 2 },
    ]);
    expect(await all("select * from video_metrics where video_key = ?", base + 2)).toEqual([]);
    await run("delete from organizations where id = 'org-2'");
    expect(await all("select * from video_metrics where video_key > ?", base)).toEqual([]);
  });
});

async function addVideo(id: string) {
  await run(
    `insert into videos (id, organization_id, channel_id, external_id, title, publish_date, created_at)
     values (?, 'org-2', 'ch-2', ?, ?, ?, ?)`,
    id,
    `ext-${id}`,
    id,
    at("2026-10-01T12:00:00Z"),
    Date.now(),
  );
}

async function orgWithThreeVideos() {
  await orgWithChannel("org-2", "New", "ch-2");
  for (const id of ["vid-1", "vid-2", "vid-3"]) await addVideo(id);
}
