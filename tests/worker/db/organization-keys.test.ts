import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { batchStatements } from "../../../worker/db/batch";
import { videoWriteStatements } from "../../../worker/features/ingestion/video-writes";
import { databaseFailureOf } from "../support/errors";
import { createChannel, createOrganization, createVideo } from "../support/factories";
import { createEpisode, createShow } from "./org-fixture";

// Organisations placed in the primary database, where every table is.
const PRIMARY = { binding: "DB" } as const;

const keyOf = async (org: string) =>
  (
    await env.DB.prepare("SELECT key FROM organization_keys WHERE organization_id = ?")
      .bind(org)
      .first<{ key: number }>()
  )?.key;
const orgKeysIn = async (table: "videos" | "episodes", org: string) =>
  // The table name is one of two literals.
  (
    await env.DB.prepare(`SELECT DISTINCT org_key AS k FROM ${table} WHERE organization_id = ?`)
      .bind(org)
      .all<{ k: number | null }>()
  ).results.map((r) => r.k);
const videoKeys = (org: string) => orgKeysIn("videos", org);

describe("organisation keys (migrations 0015)", () => {
  it("gives each new organisation its own key, and its videos that key whoever inserts them", async () => {
    const [a, b] = [
      await createOrganization(undefined, PRIMARY),
      await createOrganization(undefined, PRIMARY),
    ];
    const [keyA, keyB] = [await keyOf(a.id), await keyOf(b.id)];
    expect(keyA).toBeTypeOf("number");
    expect(keyB).toBeTypeOf("number");
    expect(keyA).not.toBe(keyB);

    // An insert that leaves the key out (the factories do) gets it from the trigger.
    const channelA = await createChannel(a.id);
    await createVideo(a.id, channelA.id);
    expect(await videoKeys(a.id)).toEqual([keyA]);

    // The ingestion binds it in its own statement.
    const channelB = await createChannel(b.id);
    const now = Date.now();
    const fetched = [1, 2, 3].map((n) => ({
      externalId: `yt-${n}`,
      title: `Video ${n}`,
      views: n,
      likes: 0,
      comments: 0,
      durationSeconds: 60,
      publishDate: new Date("2026-10-01T00:00:00Z"),
    }));
    await batchStatements(env.DB, videoWriteStatements(b.id, channelB.id, fetched, now));
    expect(await videoKeys(b.id)).toEqual([keyB]);
  });

  it("refuses a video row holding another organisation's key, on insert and on update", async () => {
    const [a, b] = [
      await createOrganization(undefined, PRIMARY),
      await createOrganization(undefined, PRIMARY),
    ];
    const channel = await createChannel(a.id);
    const video = await createVideo(a.id, channel.id);
    const keyB = await keyOf(b.id);
    expect(
      await databaseFailureOf(
        env.DB.prepare(
          `INSERT INTO videos (id, organization_id, org_key, channel_id, external_id, title, publish_date, created_at)
           VALUES ('v-wrong', ?, ?, ?, 'x-1', 'Wrong key', 0, 0)`,
        )
          .bind(a.id, keyB, channel.id)
          .run(),
      ),
    ).toContain("videos.org_key is not the key of the row's organisation");
    expect(
      await databaseFailureOf(
        env.DB.prepare("UPDATE videos SET org_key = ? WHERE id = ?").bind(keyB, video.id).run(),
      ),
    ).toContain("videos.org_key is not the key of the row's organisation");
    expect(await videoKeys(a.id)).toEqual([await keyOf(a.id)]);
  });

  it("gives episodes their organisation's key and refuses another", async () => {
    const [a, b] = [
      await createOrganization(undefined, PRIMARY),
      await createOrganization(undefined, PRIMARY),
    ];
    const show = await createShow(a.id);
    const episode = await createEpisode(a.id, show.id);
    expect(await orgKeysIn("episodes", a.id)).toEqual([await keyOf(a.id)]);
    expect(
      await databaseFailureOf(
        env.DB.prepare("UPDATE episodes SET org_key = ? WHERE id = ?")
          .bind(await keyOf(b.id), episode.id)
          .run(),
      ),
    ).toContain("episodes.org_key is not the key of the row's organisation");
    expect(await orgKeysIn("episodes", a.id)).toEqual([await keyOf(a.id)]);
  });

  it("has the ingestion write the key in its own statement, not through the fallback trigger", async () => {
    // Without the trigger that fills a missing key, the key must come from the insert itself:
    // a trigger's update would write each row's 16 index entries a second time.
    const trigger = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'videos_after_insert_org_key'",
    ).first<{ sql: string }>();
    expect(trigger?.sql).toContain("UPDATE");
    await env.DB.prepare("DROP TRIGGER videos_after_insert_org_key").run();
    try {
      const org = await createOrganization(undefined, PRIMARY);
      const channel = await createChannel(org.id);
      const fetched = [{ externalId: "yt-1", title: "One", views: 1, likes: 0, comments: 0 }].map(
        (v) => ({ ...v, durationSeconds: 60, publishDate: new Date("2026-10-01T00:00:00Z") }),
      );
      await batchStatements(env.DB, videoWriteStatements(org.id, channel.id, fetched, Date.now()));
      expect(await videoKeys(org.id)).toEqual([await keyOf(org.id)]);
    } finally {
      await env.DB.prepare(trigger?.sql ?? "").run();
    }
  });

  it("deletes an organisation's key with it", async () => {
    const org = await createOrganization(undefined, PRIMARY);
    expect(await keyOf(org.id)).toBeTypeOf("number");
    await env.DB.prepare("DELETE FROM organizations WHERE id = ?").bind(org.id).run();
    expect(await keyOf(org.id)).toBeUndefined();
  });
});
