import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { batchStatements } from "../../../worker/db/batch";
import { videoWriteStatements } from "../../../worker/features/ingestion/video-writes";
import { createChannel, createOrganization, createVideo } from "../support/factories";

// Organisations placed in the primary database, where every table is.
const PRIMARY = { binding: "DB" } as const;

const keyOf = async (org: string) =>
  (
    await env.DB.prepare("SELECT key FROM organization_keys WHERE organization_id = ?")
      .bind(org)
      .first<{ key: number }>()
  )?.key;
const videoKeys = async (org: string) =>
  (
    await env.DB.prepare("SELECT DISTINCT org_key AS k FROM videos WHERE organization_id = ?")
      .bind(org)
      .all<{ k: number | null }>()
  ).results.map((r) => r.k);

/** The D1 error's message, or "no error". */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String(error instanceof Error ? (error.cause ?? error.message) : error);
  }
  return "no error";
}

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
      await failureOf(
        env.DB.prepare(
          `INSERT INTO videos (id, organization_id, org_key, channel_id, external_id, title, publish_date, created_at)
           VALUES ('v-wrong', ?, ?, ?, 'x-1', 'Wrong key', 0, 0)`,
        )
          .bind(a.id, keyB, channel.id)
          .run(),
      ),
    ).toContain("videos.org_key is not the key of the row's organisation");
    expect(
      await failureOf(
        env.DB.prepare("UPDATE videos SET org_key = ? WHERE id = ?").bind(keyB, video.id).run(),
      ),
    ).toContain("videos.org_key is not the key of the row's organisation");
    expect(await videoKeys(a.id)).toEqual([await keyOf(a.id)]);
  });

  it("deletes an organisation's key with it", async () => {
    const org = await createOrganization(undefined, PRIMARY);
    expect(await keyOf(org.id)).toBeTypeOf("number");
    await env.DB.prepare("DELETE FROM organizations WHERE id = ?").bind(org.id).run();
    expect(await keyOf(org.id)).toBeUndefined();
  });
});
