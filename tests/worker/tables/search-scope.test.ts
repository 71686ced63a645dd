import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TableName, tablePageSchemas } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { type ContentBinding, contentOf, createChannel } from "../support/factories";
import { call } from "../support/http";

/*
 * Title search reads only the searching organisation's range of each trigram index (keyed by a
 * slot taken from the organisation's id, migrations/0011). What a caller sees must not depend on
 * that: every organisation finds its own rows, whatever slot its id gives; organisations whose
 * ids share a slot never see each other's rows; renames and deletes are searchable at once.
 */

const tail = () => crypto.randomUUID().slice(4);

/** An organisation in `binding` with one channel, video, show and episode, all titled `title`. */
async function organizationTitled(title: string, binding: ContentBinding, id: string) {
  const { org, member } = await createOrgWithMembers({ binding, id });
  const content = await contentOf(org.id);
  const channel = await createChannel(org.id);
  await content
    .update(schema.channels)
    .set({ title: `${title} channel` })
    .where(eq(schema.channels.id, channel.id));
  const [video] = await content
    .insert(schema.videos)
    .values({
      organizationId: org.id,
      channelId: channel.id,
      externalId: `v-${tail()}`,
      title: `${title} video`,
      publishDate: new Date("2026-10-01T12:00:00Z"),
    })
    .returning();
  const [show] = await content
    .insert(schema.shows)
    .values({ organizationId: org.id, externalId: `s-${tail()}`, title: `${title} show` })
    .returning();
  await content.insert(schema.episodes).values({
    organizationId: org.id,
    showId: show!.id,
    externalId: `e-${tail()}`,
    title: `${title} episode`,
    publishDate: new Date("2026-10-01T12:00:00Z"),
  });
  return { org, token: member.session.accessToken, channel, video: video!, show: show! };
}

/** The titles a searched table page shows (each table's own title column). */
async function searched(orgId: string, token: string, table: TableName, q: string) {
  const r = await call(`/api/orgs/${orgId}/tables/${table}?q=${encodeURIComponent(q)}`, { token });
  expect(r.status, r.text).toBe(200);
  const page = tablePageSchemas[table].parse(r.json);
  const rows = page.rows as Array<{ title: string }>;
  expect(page.total, `${table} q=${q}`).toBe(rows.length);
  return rows.map((row) => row.title).sort();
}

const TABLES: TableName[] = ["channels", "videos", "shows", "episodes"];

describe("organisation-scoped title search", () => {
  it.each([
    ["DB", "0000"],
    ["CONTENT_1", "ffff"],
    ["CONTENT_2", "9a0f"],
  ] as Array<[ContentBinding, string]>)(
    "in %s, an organisation whose id starts %s finds its own rows in every table",
    async (binding, prefix) => {
      const { org, token } = await organizationTitled("Crème brûlée", binding, prefix + tail());
      for (const table of TABLES) {
        const singular = table === "videos" ? "video" : table.replace(/s$/, "");
        expect(await searched(org.id, token, table, "CRÈME"), table).toEqual([
          `Crème brûlée ${singular}`,
        ]);
      }
      // A video is also found by its channel's title.
      expect(await searched(org.id, token, "videos", "brûlée channel")).toEqual([
        "Crème brûlée video",
      ]);
    },
  );

  it("never shows a neighbour's rows, even when both ids give the same slot", async () => {
    const ours = await organizationTitled("Morning news", "CONTENT_1", `abcd${tail()}`);
    const sameSlot = await organizationTitled("Morning news", "CONTENT_1", `abcd${tail()}`);
    const otherSlot = await organizationTitled("Morning news", "CONTENT_1", `1234${tail()}`);
    for (const { org, token, video } of [ours, sameSlot, otherSlot]) {
      const r = await call(`/api/orgs/${org.id}/tables/videos?q=morning`, { token });
      expect(r.status, r.text).toBe(200);
      const page = tablePageSchemas.videos.parse(r.json);
      expect(page.rows.map((row) => row.id)).toEqual([video.id]);
      for (const table of TABLES)
        expect(await searched(org.id, token, table, "morning"), table).toHaveLength(1);
    }
    // A neighbour's token does not open another organisation's table.
    const crossed = await call(`/api/orgs/${ours.org.id}/tables/videos?q=morning`, {
      token: sameSlot.token,
    });
    expect(crossed.status).toBe(404);
  });

  it("finds a renamed row by its new title only, and a deleted row no more", async () => {
    const { org, token, channel, video, show } = await organizationTitled(
      "Evening",
      "CONTENT_2",
      crypto.randomUUID(),
    );
    const neighbour = await organizationTitled("Evening", "CONTENT_2", crypto.randomUUID());
    const content = await contentOf(org.id);
    await content
      .update(schema.videos)
      .set({ title: "Late show" })
      .where(eq(schema.videos.id, video.id));
    await content
      .update(schema.channels)
      .set({ title: "Late channel" })
      .where(eq(schema.channels.id, channel.id));
    expect(await searched(org.id, token, "videos", "evening video")).toEqual([]);
    expect(await searched(org.id, token, "videos", "late show")).toEqual(["Late show"]);
    expect(await searched(org.id, token, "channels", "evening")).toEqual([]);
    expect(await searched(org.id, token, "channels", "late")).toEqual(["Late channel"]);

    await content.delete(schema.shows).where(eq(schema.shows.id, show.id));
    expect(await searched(org.id, token, "shows", "evening")).toEqual([]);
    // Deleting the show took its episode with it (a cascade), out of the index too.
    expect(await searched(org.id, token, "episodes", "evening")).toEqual([]);
    // The neighbour's rows, in the same database, are untouched.
    for (const table of TABLES)
      expect(
        await searched(neighbour.org.id, neighbour.token, table, "evening"),
        table,
      ).toHaveLength(1);
  });
});
