import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import type { PreviewRoom } from "../../../worker/rooms/preview-room";
import { bindingOf, contentOf } from "../support/factories";
import { callWithEnv } from "../support/http";
import { allTime, mergeNone, orgWithPairedContent } from "../support/multichannel";

/*
 * Generating a preview writes the room and D1 side by side (and wakes the room while D1 reads):
 * if either write fails, the other is undone. Each test breaks one of them through the env the
 * Worker is given, and checks that neither the room nor D1 keeps anything.
 */

type Rooms = Env["PREVIEW_ROOM"];

/** The rooms namespace, noting every room name the Worker asks for; `seed` may be made to fail. */
function watchedRooms(failSeed: boolean) {
  const names: string[] = [];
  const real = env.PREVIEW_ROOM;
  const rooms = new Proxy(real, {
    get(target, prop) {
      if (prop === "idFromName")
        return (name: string) => {
          names.push(name);
          return target.idFromName(name);
        };
      if (prop === "get")
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          if (!failSeed) return stub;
          return new Proxy(stub, {
            get(s, p) {
              if (p === "seed") return () => Promise.reject(new Error("seeding failed"));
              // A stub answers every name with a remote method (even "bind"): call it on the stub.
              const value: unknown = Reflect.get(s, p);
              return typeof value === "function"
                ? (...args: unknown[]) => Reflect.apply(value, s, args)
                : value;
            },
          });
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Rooms;
  return { rooms, names };
}

/** A D1 binding whose batches (the preview's one write) fail; reads go through. */
function failingBatches(binding: D1Database): D1Database {
  return new Proxy(binding, {
    get(target, prop) {
      if (prop === "batch") return () => Promise.reject(new Error("D1 batch failed"));
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A D1 binding on which reading videos fails (everything else goes through). */
function failingVideoReads(binding: D1Database): D1Database {
  return new Proxy(binding, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          if (/from "videos"/i.test(query)) throw new Error("D1 read failed");
          return target.prepare(query);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function nothingLeft(orgId: string, roomNames: string[]) {
  const content = await contentOf(orgId);
  expect(
    await content
      .select()
      .from(schema.multiChannelPreviews)
      .where(eq(schema.multiChannelPreviews.organizationId, orgId)),
  ).toEqual([]);
  expect(
    await content
      .select()
      .from(schema.previewMatches)
      .where(eq(schema.previewMatches.organizationId, orgId)),
  ).toEqual([]);
  expect(roomNames.length).toBeGreaterThan(0);
  for (const name of new Set(roomNames)) {
    const stub = env.PREVIEW_ROOM.get(
      env.PREVIEW_ROOM.idFromName(name),
    ) as DurableObjectStub<PreviewRoom>;
    // Destroyed, not merely never seeded: its storage is gone, tables and all.
    const tables = await runInDurableObject(stub, async (_room, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((t) => t.name)
        .filter((name) => !name.startsWith("_cf_")),
    );
    expect(tables).toEqual([]);
  }
}

describe("generating a preview is all or nothing", () => {
  const body = (channel: string, show: string) => ({
    title: "Half",
    dateRange: allTime,
    selectedChannels: [channel],
    selectedShows: [show],
    mergeOptions: mergeNone,
  });

  it("when the room cannot be seeded, D1 keeps no preview and no suggestions", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const { rooms, names } = watchedRooms(true);
    const r = await callWithEnv(
      { PREVIEW_ROOM: rooms },
      `/api/orgs/${org.id}/multi-channel/previews`,
      { body: body(channel.id, show.id), token },
    );
    expect(r.status).toBe(500);
    await nothingLeft(org.id, names);
  });

  it("when D1 cannot store the preview, its room is emptied", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const { rooms, names } = watchedRooms(false);
    const binding = await bindingOf(org.id);
    const r = await callWithEnv(
      { PREVIEW_ROOM: rooms, [binding]: failingBatches(env[binding]) },
      `/api/orgs/${org.id}/multi-channel/previews`,
      { body: body(channel.id, show.id), token },
    );
    expect(r.status).toBe(500);
    await nothingLeft(org.id, names);
  });

  it("when reading the content fails after the room was woken, the room keeps nothing", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const { rooms, names } = watchedRooms(false);
    const binding = await bindingOf(org.id);
    const r = await callWithEnv(
      { PREVIEW_ROOM: rooms, [binding]: failingVideoReads(env[binding]) },
      `/api/orgs/${org.id}/multi-channel/previews`,
      { body: body(channel.id, show.id), token },
    );
    expect(r.status).toBe(500);
    await nothingLeft(org.id, names);
  });
});
