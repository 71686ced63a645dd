import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { podcastsResponseSchema } from "../../../shared/schemas/ingestion";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { db } from "../support/factories";
import { call, envelope } from "../support/http";
import { deliver, jobRow, messageFor } from "../support/jobs";

describe("Simplecast shows", () => {
  it("connects, lists the available podcasts and ingests the selected ones with exact windows", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const connect = await call(`/api/orgs/${org.id}/integrations/simplecast/connect`, { body: { apiKey: "sandbox-sc-token" }, token: admin.session.accessToken });
    expect(connect.json).toMatchObject({ integrations: [{ type: "simplecast", status: "active" }] });
    const { podcasts } = podcastsResponseSchema.parse((await call(`/api/orgs/${org.id}/integrations/simplecast/podcasts`, { token: member.session.accessToken })).json);
    expect(podcasts).toHaveLength(4);
    const own = podcasts.filter((p) => !p.title.startsWith("Demo Media"));
    const r = await call(`/api/orgs/${org.id}/shows`, { body: { podcastIds: own.map((p) => p.id) }, token: member.session.accessToken });
    expect(r.status).toBe(202);
    const { jobId } = r.json as { jobId: string };
    const result = await deliver([await messageFor(jobId)]);
    expect(result.retryMessages).toEqual([]);
    expect((await jobRow(jobId)).status).toBe("succeeded");
    const stored = await db().select().from(schema.shows).where(eq(schema.shows.organizationId, org.id));
    expect(stored.map((s) => s.title).sort()).toEqual(own.map((p) => p.title).sort());
    const show = stored[0]!;
    const eps = await db().select().from(schema.episodes).where(eq(schema.episodes.showId, show.id));
    expect(eps.length).toBe(show.totalEpisodes);
    expect(show.totalDownloadsGlobal).toBe(eps.reduce((s, e) => s + e.totalDownloadsGlobal, 0));
    // Old episodes have closed first windows (exact to the day); the series gives trailing values.
    const old = eps.find((e) => Date.now() - e.publishDate.getTime() > 30 * 86_400_000)!;
    expect(old.first7dDownloads).toBeGreaterThanOrEqual(old.first48hDownloads!);
    expect(old.first48hDownloads).toBeGreaterThanOrEqual(old.first24hDownloads!);
    expect(old.trailing1wDownloads).not.toBeNull();
    expect(old.uniqueListeners).toBeGreaterThan(0);
  });

  it("needs at least one podcast and an active integration", async () => {
    const { org, member } = await createOrgWithMembers();
    expect(envelope((await call(`/api/orgs/${org.id}/shows`, { body: { podcastIds: [] }, token: member.session.accessToken })).json).message).toBe("podcastIds: Select at least one podcast");
    expect(envelope((await call(`/api/orgs/${org.id}/shows`, { body: { podcastIds: ["x"] }, token: member.session.accessToken })).json).message).toBe("Simplecast API key not found");
  });

  it("refuses an invalid Simplecast key", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/integrations/simplecast/connect`, { body: { apiKey: "sandbox-invalid-key" }, token: admin.session.accessToken });
    expect(envelope(r.json).message).toBe("Invalid API key or unable to connect to Simplecast");
  });
});
