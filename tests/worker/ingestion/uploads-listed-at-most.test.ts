import { env, SELF } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { UPLOADS_LISTED_AT_MOST } from "../../../worker/features/ingestion/youtube-ingest";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import { contentOf } from "../support/factories";
import { addChannel, connectedOrg, runJob } from "../support/ingestion";

/*
 * YouTube's uploads playlist lists at most the newest 20,000 uploads of a channel, whatever its
 * videoCount (public trackers; the sandbox's "@capped-N" channels keep that cap). A bigger
 * channel is stored with what YouTube lists, and its job says what could not be read instead of
 * looking complete. And channels.list by id answers maxResults channels (default 5), so the
 * client asks for 50.
 */

describe("a channel with more uploads than YouTube lists", () => {
  it("stores the newest 20,000 and says how many older videos could not be read", {
    timeout: 180_000,
  }, async () => {
    const size = UPLOADS_LISTED_AT_MOST + 50;
    const { org, member } = await connectedOrg();
    const job = await runJob(
      await addChannel(
        org.id,
        member.session.accessToken,
        `https://www.youtube.com/@capped-${size}`,
      ),
    );
    expect(job).toMatchObject({
      status: "succeeded",
      progress: { processed: UPLOADS_LISTED_AT_MOST, total: size },
      errorMessage:
        "YouTube lists only the newest 20,000 uploads of a channel, so 50 older videos of Capped 20050 could not be read.",
    });
    const [stored] = await (await contentOf(org.id))
      .select({ n: sql<number>`count(*)` })
      .from(schema.videos)
      .where(eq(schema.videos.organizationId, org.id));
    expect(stored!.n).toBe(UPLOADS_LISTED_AT_MOST);
  });

  it("a channel YouTube lists whole has no note", async () => {
    const { org, member } = await connectedOrg();
    const job = await runJob(
      await addChannel(org.id, member.session.accessToken, "https://www.youtube.com/@capped-120"),
    );
    expect(job).toMatchObject({ status: "succeeded", errorMessage: null });
  });
});

describe("channels.list by id", () => {
  it("answers every one of up to 50 ids", async () => {
    const yt = new YouTubeClient("AIza-sandbox-good-key", providerFetch(env), {
      sleep: async () => undefined,
      maxRetries: 0,
    });
    const ids = [];
    for (let i = 0; i < 12; i++) {
      const found = await yt.channelByHandle(`@list-limit-${i}`);
      ids.push(found!.externalId);
    }
    const answered = await yt.channelsById(ids);
    expect(answered.map((c) => c.externalId)).toEqual(ids);
  });

  it("the emulator answers maxResults channels of an id list (default 5) and refuses 51", async () => {
    const yt = new YouTubeClient("AIza-sandbox-good-key", providerFetch(env), {
      sleep: async () => undefined,
      maxRetries: 0,
    });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await yt.channelByHandle(`@list-default-${i}`))!.externalId);
    const list = (query: string) =>
      SELF.fetch(
        `http://localhost/sandbox/www.googleapis.com/youtube/v3/channels?part=id&id=${ids.join(",")}${query}&key=AIza-sandbox-good-key`,
      );
    const byDefault = (await (await list("")).json()) as { items: unknown[] };
    expect(byDefault.items).toHaveLength(5);
    const refused = await list("&maxResults=51");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("invalidParameter");
  });
});
