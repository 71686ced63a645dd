import { describe, expect, it } from "vitest";
import { previewViewSchema } from "../../../shared/schemas/multichannel";
import { schema } from "../../../worker/db/client";
import { loadContent } from "../../../worker/features/multichannel/content";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel } from "../support/factories";
import { call } from "../support/http";
import { mergeNone } from "../support/multichannel";

/*
 * Multi-channel content over bounded date ranges, with a pinned clock and rows placed exactly on
 * and around each bound (gap kind: branches never taken, since every other preview test uses
 * "all time"). The bounds are worked out by hand here, not with the code under test:
 * now = 2026-11-20 20:00 UTC = 12:00 in Los Angeles (PST, UTC-8).
 */
const NOW = new Date("2026-11-20T20:00:00.000Z");
const TZ = "America/Los_Angeles";
const ms = (iso: string) => new Date(iso).getTime();
const BOUNDS = {
  // Midnight of 20 November in Los Angeles.
  today: ["2026-11-20T08:00:00.000Z", NOW.toISOString()],
  // The same wall-clock time seven calendar days earlier (still PST).
  "7days": ["2026-11-13T20:00:00.000Z", NOW.toISOString()],
  // 22 August 12:00 in Los Angeles is PDT (UTC-7): 19:00 UTC, not 20:00 (a DST crossing).
  "90days": ["2026-08-22T19:00:00.000Z", NOW.toISOString()],
} as const;

/** Publish dates on, just inside and just outside every bound. */
const around = (iso: string) => [ms(iso) - 1, ms(iso), ms(iso) + 1];
const PUBLISHED = [
  ...new Set(Object.values(BOUNDS).flatMap(([start, end]) => [...around(start), ...around(end)])),
].sort((a, b) => a - b);

async function seeded() {
  const { org, admin } = await createOrgWithMembers();
  const token = admin.session.accessToken;
  const channel = await createChannel(org.id);
  const content = await contentOf(org.id);
  const [show] = await content
    .insert(schema.shows)
    .values({ organizationId: org.id, externalId: `pod-${org.id}`, title: "Bounded show" })
    .returning();
  // One row per statement: D1 binds at most 100 parameters.
  for (const [i, at] of PUBLISHED.entries()) {
    await content.insert(schema.videos).values({
      organizationId: org.id,
      channelId: channel.id,
      externalId: `v${i}`,
      title: `Video at ${new Date(at).toISOString()}`,
      publishDate: new Date(at),
    });
    await content.insert(schema.episodes).values({
      organizationId: org.id,
      showId: show!.id,
      externalId: `e${i}`,
      title: `Episode at ${new Date(at).toISOString()}`,
      publishDate: new Date(at),
    });
  }
  return { org, token, channel, show: show!, content };
}

const times = (rows: Array<{ publishDate: number | string }>) =>
  rows.map((r) => new Date(r.publishDate).getTime()).sort((a, b) => a - b);
const inside = ([start, end]: readonly [string, string]) =>
  PUBLISHED.filter((at) => at >= ms(start) && at <= ms(end)).map((at) => new Date(at).getTime());

describe("multi-channel content over bounded ranges (pinned clock)", () => {
  for (const type of Object.keys(BOUNDS) as Array<keyof typeof BOUNDS>) {
    it(`${type}: exactly the items from the start to now, both bounds included`, async () => {
      const { org, channel, show, content } = await seeded();
      const items = await loadContent(
        content,
        org.id,
        {
          dateRange: { type, range: null },
          selectedChannels: [channel.id],
          selectedShows: [show.id],
        },
        TZ,
        NOW,
      );
      const expected = inside(BOUNDS[type]);
      // On the start and on now: in; a millisecond before the start or after now: out.
      expect(expected).toContain(ms(BOUNDS[type][0]));
      expect(expected).not.toContain(ms(BOUNDS[type][0]) - 1);
      expect(expected).not.toContain(ms(NOW.toISOString()) + 1);
      expect(times(items.videos)).toEqual(expected);
      expect(times(items.episodes)).toEqual(expected);
    });
  }

  it("a custom range with equal bounds holds exactly the items published at that instant", async () => {
    const { org, token, channel, show } = await seeded();
    const instant = BOUNDS["7days"][0];
    const r = await call(`/api/orgs/${org.id}/multi-channel/content`, {
      body: {
        dateRange: { type: "custom", range: { start: instant, end: instant } },
        selectedChannels: [channel.id],
        selectedShows: [show.id],
      },
      token,
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      videos: { before: 1, after: 1, duplicates: 0 },
      episodes: { before: 1, after: 1, duplicates: 0 },
    });
  });

  it("a preview over a custom range puts exactly that range's items on the board", async () => {
    const { org, token, channel, show } = await seeded();
    const [start, end] = BOUNDS["7days"];
    const created = await call(`/api/orgs/${org.id}/multi-channel/previews`, {
      body: {
        title: "Bounded",
        dateRange: { type: "custom", range: { start, end } },
        selectedChannels: [channel.id],
        selectedShows: [show.id],
        mergeOptions: mergeNone,
      },
      token,
    });
    expect(created.status).toBe(201);
    const { previewId } = created.json as { previewId: string };
    const view = previewViewSchema.parse(
      (await call(`/api/orgs/${org.id}/multi-channel/previews/${previewId}`, { token })).json,
    );
    const expected = inside([start, end]);
    expect(times(view.content.videos)).toEqual(expected);
    expect(times(view.content.episodes)).toEqual(expected);
  });
});
