import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { previewViewSchema } from "../../../shared/schemas/multichannel";
import { PreviewRoom } from "../../../worker/rooms/preview-room";
import { createOrgWithMembers } from "../support/accounts";
import { call } from "../support/http";
import {
  allTime,
  connectBoard,
  createPreview,
  mergeNone,
  openSocket,
  orgWithPairedContent,
} from "../support/multichannel";

async function boardSetup() {
  const setup = await orgWithPairedContent();
  const previewId = await createPreview(setup.org.id, setup.token, {
    title: "Live",
    dateRange: allTime,
    selectedChannels: [setup.channel.id],
    selectedShows: [setup.show.id],
    mergeOptions: mergeNone,
  });
  const view = async () =>
    previewViewSchema.parse(
      (
        await call(`/api/orgs/${setup.org.id}/multi-channel/previews/${previewId}`, {
          token: setup.token,
        })
      ).json,
    );
  return { ...setup, previewId, view };
}

describe("the PreviewRoom", () => {
  it("two people on one board see each other, and each other's drops, at the same version", async () => {
    const { org, previewId, token, admin, view } = await boardSetup();
    const a = (await connectBoard(org.id, previewId, token)).board!;
    const snapA = await a.next("snapshot");
    const b = (await connectBoard(org.id, previewId, admin.session.accessToken)).board!;
    const snapB = await b.next("snapshot");
    expect(snapB.version).toBe(snapA.version);
    // Presence: A learns that B arrived.
    const presence = await a.next("presence", a.received.length - 1);
    expect(presence.presence.length).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => a.received.filter((m) => m.type === "presence").at(-1))
      .toMatchObject({ presence: [{}, {}] });

    const before = await view();
    const episodeId = before.arrangement.availableEpisodeIds[0]!;
    const row = before.arrangement.rows.find((r) => r.videoId && !r.episodeId)!;
    a.send("drop-1", { type: "place_episode", rowId: row.id, episodeId });
    const updateB = await b.next("update");
    const updateA = await a.next("update");
    expect(updateB).toEqual(updateA);
    expect(updateA).toMatchObject({ version: before.version + 1, intentId: "drop-1" });
    expect(updateA.rows.find((r) => r.id === row.id)).toMatchObject({
      episodeId,
      userModified: true,
    });
    expect(updateA.availableEpisodeIds).not.toContain(episodeId);
    const after = await view();
    expect(after.version).toBe(before.version + 1);
    expect(after.arrangement.rows.find((r) => r.id === row.id)!.episodeId).toBe(episodeId);
    a.ws.close();
    b.ws.close();
  });

  it("rejects invalid and stale intents without changing anything", async () => {
    const { org, previewId, token, view } = await boardSetup();
    const a = (await connectBoard(org.id, previewId, token)).board!;
    await a.next("snapshot");
    const before = await view();
    const paired = before.arrangement.rows.find((r) => r.videoId && r.episodeId)!;
    a.send("bad-shape", { type: "place_episode", rowId: paired.id });
    a.send("unknown-key", {
      type: "remove_video",
      rowId: paired.id,
      videoId: paired.videoId,
      extra: 1,
    });
    a.ws.send("not json at all");
    a.send("stale", {
      type: "remove_episode",
      rowId: paired.id,
      episodeId: "someone-elses-episode",
    });
    a.send("taken", { type: "place_episode", rowId: paired.id, episodeId: paired.episodeId! });
    await expect.poll(() => a.received.filter((m) => m.type === "rejected").length).toBe(5);
    expect(
      a.received
        .filter((m) => m.type === "rejected")
        .map((m) => (m.type === "rejected" ? [m.intentId, m.reason] : [])),
    ).toEqual([
      ["bad-shape", "invalid_intent"],
      ["unknown-key", "invalid_intent"],
      ["", "invalid_intent"],
      ["stale", "episode_not_in_row"],
      ["taken", "episode_not_available"],
    ]);
    expect(await view()).toEqual(before);
    a.ws.close();
  });

  it("concurrent drops on one row converge: everyone ends with the same arrangement", async () => {
    const { org, previewId, token, admin, view } = await boardSetup();
    const a = (await connectBoard(org.id, previewId, token)).board!;
    const b = (await connectBoard(org.id, previewId, admin.session.accessToken)).board!;
    await a.next("snapshot");
    await b.next("snapshot");
    const before = await view();
    const row = before.arrangement.rows.find((r) => r.videoId && !r.episodeId)!;
    const [e1, e2] = before.arrangement.availableEpisodeIds;
    a.send("a", { type: "place_episode", rowId: row.id, episodeId: e1! });
    b.send("b", { type: "place_episode", rowId: row.id, episodeId: e2! });
    await expect.poll(() => a.received.filter((m) => m.type === "update").length).toBe(2);
    await expect.poll(() => b.received.filter((m) => m.type === "update").length).toBe(2);
    const seenByA = a.received.filter((m) => m.type === "update");
    const seenByB = b.received.filter((m) => m.type === "update");
    expect(seenByA).toEqual(seenByB);
    // The later drop wins the row; the earlier episode went back to the pool.
    const last = seenByA.at(-1)!;
    const winner =
      last.type === "update" ? last.rows.find((r) => r.id === row.id)!.episodeId : null;
    const loser = winner === e1 ? e2 : e1;
    const final = await view();
    expect(final.version).toBe(before.version + 2);
    expect(final.arrangement.rows.find((r) => r.id === row.id)!.episodeId).toBe(winner);
    expect(final.arrangement.availableEpisodeIds[0]).toBe(loser);
    a.ws.close();
    b.ws.close();
  });

  it("keeps its state when the object is evicted and started again", async () => {
    const { org, previewId, token, view } = await boardSetup();
    const a = (await connectBoard(org.id, previewId, token)).board!;
    await a.next("snapshot");
    const before = await view();
    const paired = before.arrangement.rows.find((r) => r.videoId && r.episodeId)!;
    a.send("remove", { type: "remove_episode", rowId: paired.id, episodeId: paired.episodeId! });
    await a.next("update");
    const edited = await view();
    a.ws.close();
    // A fresh instance over the same storage (what the runtime builds after an eviction) has no
    // memory of its own: whatever it answers comes from what was persisted.
    const stub = env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${org.id}:${previewId}`));
    const restarted = await runInDurableObject(stub, async (_instance: PreviewRoom, state) =>
      new PreviewRoom(state, env).snapshot(),
    );
    expect(restarted).toMatchObject({
      version: edited.version,
      arrangement: edited.arrangement,
      readOnly: false,
    });
    expect(restarted!.arrangement.rows.find((r) => r.id === paired.id)).toMatchObject({
      episodeId: null,
      matchType: "unmatched",
    });
  });

  it("a room seeded before content was chunked keeps its content, in order, when it wakes", async () => {
    const { org, previewId, view } = await boardSetup();
    const before = await view();
    expect(before.content.videos.length).toBeGreaterThan(0);
    const stub = env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${org.id}:${previewId}`));
    const woken = await runInDurableObject(stub, async (_instance: PreviewRoom, state) => {
      // Put the storage back in the older shape: one `items` row per video or episode.
      const sql = state.storage.sql;
      sql.exec(
        "CREATE TABLE items (id TEXT PRIMARY KEY, kind TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL)",
      );
      // Inserted back to front, so only the stored positions can give the order back.
      for (const [kind, list] of [
        ["video", before.content.videos],
        ["episode", before.content.episodes],
      ] as const)
        for (let i = list.length - 1; i >= 0; i--)
          sql.exec(
            "INSERT INTO items (id, kind, position, json) VALUES (?, ?, ?, ?)",
            list[i]!.id,
            kind,
            i,
            JSON.stringify(list[i]),
          );
      sql.exec("DELETE FROM content_chunks");
      const snapshot = await new PreviewRoom(state, env).snapshot();
      const leftover = sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'items'")
        .one().n;
      return { snapshot, leftover };
    });
    expect(woken.leftover).toBe(0);
    expect(woken.snapshot!.content.videos).toEqual(before.content.videos);
    expect(woken.snapshot!.content.episodes).toEqual(before.content.episodes);
    expect(woken.snapshot!.arrangement).toEqual(before.arrangement);
  });

  it("keeps its content as bytes, and a room whose chunks are text reads the same", async () => {
    const { org, previewId, view } = await boardSetup();
    const before = await view();
    const stub = env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${org.id}:${previewId}`));
    const woken = await runInDurableObject(stub, async (_instance: PreviewRoom, state) => {
      const sql = state.storage.sql;
      const stored = sql
        .exec<{ kind: string }>("SELECT DISTINCT typeof(json) AS kind FROM content_chunks")
        .toArray()
        .map((r) => r.kind);
      // Rooms seeded before the bytes hold each chunk's JSON as TEXT.
      sql.exec("UPDATE content_chunks SET json = CAST(json AS TEXT)");
      return { stored, snapshot: await new PreviewRoom(state, env).snapshot() };
    });
    expect(woken.stored).toEqual(["blob"]);
    expect(woken.snapshot!.content).toEqual(before.content);
    expect(woken.snapshot!.arrangement).toEqual(before.arrangement);
  });

  it("admits only a fresh ticket from a member of the organisation, once", async () => {
    const { org, previewId, token } = await boardSetup();
    const stranger = await createOrgWithMembers();
    expect(
      (
        await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/ticket`, {
          method: "POST",
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/ticket`, {
          method: "POST",
        })
      ).status,
    ).toBe(401);

    const issued = (
      await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/ticket`, {
        method: "POST",
        token,
      })
    ).json as { ticket: string; url: string };
    // No ticket, a made-up one, or a real one used on another room: refused.
    expect(
      (await openSocket(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/socket`)).status,
    ).toBe(404);
    expect(
      (
        await openSocket(
          `/api/orgs/${org.id}/multi-channel/previews/${previewId}/socket?ticket=made-up`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await openSocket(
          `/api/orgs/${stranger.org.id}/multi-channel/previews/${previewId}/socket?ticket=${issued.ticket}`,
        )
      ).status,
    ).toBe(404);
    const first = await openSocket(issued.url);
    expect(first.status).toBe(101);
    first.board!.ws.close();
    expect((await openSocket(issued.url)).status).toBe(404);
  });

  it("a completed preview is read-only to everyone connected until reopened", async () => {
    const { org, previewId, token, view } = await boardSetup();
    const a = (await connectBoard(org.id, previewId, token)).board!;
    await a.next("snapshot");
    await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}/report`, {
      method: "POST",
      token,
    });
    await expect
      .poll(() => a.received.filter((m) => m.type === "snapshot").at(-1))
      .toMatchObject({ readOnly: true });
    const before = await view();
    const paired = before.arrangement.rows.find((r) => r.videoId && r.episodeId)!;
    a.send("late", { type: "remove_video", rowId: paired.id, videoId: paired.videoId! });
    expect(await a.next("rejected")).toMatchObject({ intentId: "late", reason: "read_only" });
    expect((await view()).version).toBe(before.version);
    a.ws.close();
  });
});
