import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_BOARD_ITEMS } from "../../../shared/schemas/multichannel";
import { schema } from "../../../worker/db/client";
import { contentOf } from "../support/factories";
import { call } from "../support/http";
import { addChannel, connectedOrg, runJob } from "../support/ingestion";
import { allTime, mergeNone } from "../support/multichannel";

/*
 * A board holds at most 5,000 videos or episodes (MAX_BOARD_ITEMS): a larger selection is
 * refused with what to do, before anything is matched or stored, rather than freezing a board.
 * Found with a 100,000-video channel: Last 90 days is about 12,000 of its videos. Two channels
 * ingested through the queue from the sandbox (`@bench-N` has N videos): one at the limit and
 * one of a single video, so the refusal is exactly one item past the limit.
 */
describe("a selection too large for one board", () => {
  it("is taken at the limit and refused one item past it, for the figures and the preview", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    for (const handle of [`@bench-${MAX_BOARD_ITEMS}`, "@bench-1"]) {
      const job = await runJob(
        await addChannel(org.id, token, `https://www.youtube.com/${handle}`),
      );
      expect(job.status, job.errorMessage ?? "").toBe("succeeded");
    }
    const content = await contentOf(org.id);
    const channels = await content
      .select({ id: schema.channels.id, videoCount: schema.channels.videoCount })
      .from(schema.channels)
      .where(eq(schema.channels.organizationId, org.id));
    const atLimit = channels.find((c) => c.videoCount === MAX_BOARD_ITEMS)!;
    const single = channels.find((c) => c.videoCount === 1)!;
    const [show] = await content
      .insert(schema.shows)
      .values({ organizationId: org.id, externalId: `pod-${org.id}`, title: "A show" })
      .returning();
    const selection = (channelIds: string[]) => ({
      dateRange: allTime,
      selectedChannels: channelIds,
      selectedShows: [show!.id],
    });

    const taken = await call(`/api/orgs/${org.id}/multi-channel/content`, {
      body: selection([atLimit.id]),
      token,
    });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json).toMatchObject({ videos: { before: MAX_BOARD_ITEMS } });

    const message =
      "This selection holds more than 5,000 videos or episodes in the date range. Choose a shorter range or fewer channels and shows.";
    const refused = await call(`/api/orgs/${org.id}/multi-channel/content`, {
      body: selection([atLimit.id, single.id]),
      token,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { message, reason: "too_much_content" } });

    const preview = await call(`/api/orgs/${org.id}/multi-channel/previews`, {
      body: { title: "Too much", ...selection([atLimit.id, single.id]), mergeOptions: mergeNone },
      token,
    });
    expect(preview.status).toBe(400);
    expect(preview.json).toMatchObject({ error: { message, reason: "too_much_content" } });
    const stored = await content
      .select({ id: schema.multiChannelPreviews.id })
      .from(schema.multiChannelPreviews)
      .where(eq(schema.multiChannelPreviews.organizationId, org.id));
    expect(stored).toEqual([]);
  }, 120_000);
});
