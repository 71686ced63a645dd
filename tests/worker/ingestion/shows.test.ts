import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { podcastsResponseSchema } from "../../../shared/schemas/ingestion";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { call, envelope } from "../support/http";
import { connectedOrg, runJob } from "../support/ingestion";
import { deliver, messageFor } from "../support/jobs";

describe("Simplecast shows", () => {
  it("connects, lists the available podcasts and ingests the selected ones, once even if delivered twice", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const connect = await call(`/api/orgs/${org.id}/integrations/simplecast/connect`, {
      body: { apiKey: "sandbox-sc-token" },
      token: admin.session.accessToken,
    });
    expect(connect.json).toMatchObject({
      integrations: [{ type: "simplecast", status: "active", mask: "••••oken" }],
    });
    const { podcasts } = podcastsResponseSchema.parse(
      (
        await call(`/api/orgs/${org.id}/integrations/simplecast/podcasts`, {
          token: member.session.accessToken,
        })
      ).json,
    );
    expect(podcasts).toHaveLength(4);
    const own = podcasts.filter((p) => !p.title.startsWith("Demo Media"));
    const r = await call(`/api/orgs/${org.id}/shows`, {
      body: { podcastIds: own.map((p) => p.id) },
      token: member.session.accessToken,
    });
    expect(r.status).toBe(202);
    const { jobId } = r.json as { jobId: string };
    const message = await messageFor(jobId);
    expect((await deliver([message])).retryMessages).toEqual([]);
    const content = await contentOf(org.id);
    const stored = await content
      .select()
      .from(schema.shows)
      .where(eq(schema.shows.organizationId, org.id));
    expect(stored.map((s) => s.title).sort()).toEqual(own.map((p) => p.title).sort());
    const episodes = await content
      .select()
      .from(schema.episodes)
      .where(eq(schema.episodes.organizationId, org.id));
    expect(episodes).toHaveLength(stored.reduce((s, show) => s + show.totalEpisodes, 0));
    expect(episodes.every((e) => e.uniqueListeners! > 0 && e.lastUpdated !== null)).toBe(true);

    // Listed again, the shows now tracked say so; the others stay selectable.
    const listedAgain = podcastsResponseSchema.parse(
      (
        await call(`/api/orgs/${org.id}/integrations/simplecast/podcasts`, {
          token: member.session.accessToken,
        })
      ).json,
    ).podcasts;
    expect(listedAgain.map((p) => [p.id, p.tracked])).toEqual(
      podcasts.map((p) => [p.id, own.some((o) => o.id === p.id)]),
    );
    expect(podcasts.every((p) => !p.tracked)).toBe(true);

    await deliver([message], 2);
    expect(
      await content
        .select()
        .from(schema.episodes)
        .where(eq(schema.episodes.organizationId, org.id)),
    ).toEqual(episodes);
  });

  it("stores no listeners when the plan lacks them", async () => {
    const { org, member } = await connectedOrg({ simplecast: "sandbox-basic-plan" });
    const { podcasts } = podcastsResponseSchema.parse(
      (
        await call(`/api/orgs/${org.id}/integrations/simplecast/podcasts`, {
          token: member.session.accessToken,
        })
      ).json,
    );
    const small = podcasts.filter((p) => !p.title.startsWith("Demo Media")).slice(0, 1);
    const { jobId } = (
      await call(`/api/orgs/${org.id}/shows`, {
        body: { podcastIds: small.map((p) => p.id) },
        token: member.session.accessToken,
      })
    ).json as { jobId: string };
    expect((await runJob(jobId)).status).toBe("succeeded");
    const episodes = await (await contentOf(org.id))
      .select()
      .from(schema.episodes)
      .where(eq(schema.episodes.organizationId, org.id));
    expect(episodes.length).toBeGreaterThan(0);
    expect(episodes.every((e) => e.uniqueListeners === null && e.totalDownloadsGlobal > 0)).toBe(
      true,
    );
  });

  it("fails for good on an unknown podcast, with the spec's message", async () => {
    const { org, member } = await connectedOrg({ simplecast: "sandbox-sc-token" });
    const { jobId } = (
      await call(`/api/orgs/${org.id}/shows`, {
        body: { podcastIds: ["no-such-podcast"] },
        token: member.session.accessToken,
      })
    ).json as { jobId: string };
    expect(await runJob(jobId)).toMatchObject({
      status: "failed",
      errorCode: "show_not_found",
      errorMessage: "Failed to fetch podcasts from Simplecast",
    });
    expect(
      await (await contentOf(org.id))
        .select()
        .from(schema.shows)
        .where(eq(schema.shows.organizationId, org.id)),
    ).toEqual([]);
  });

  it("needs at least one podcast and an active integration", async () => {
    const { org, member } = await createOrgWithMembers();
    expect(
      envelope(
        (
          await call(`/api/orgs/${org.id}/shows`, {
            body: { podcastIds: [] },
            token: member.session.accessToken,
          })
        ).json,
      ),
    ).toMatchObject({ message: "podcastIds: Select at least one podcast", field: "podcastIds" });
    expect(
      envelope(
        (
          await call(`/api/orgs/${org.id}/shows`, {
            body: { podcastIds: ["x"] },
            token: member.session.accessToken,
          })
        ).json,
      ),
    ).toMatchObject({ reason: "integration_missing", message: "Simplecast API key not found" });
    expect(
      envelope(
        (
          await call(`/api/orgs/${org.id}/integrations/simplecast/podcasts`, {
            token: member.session.accessToken,
          })
        ).json,
      ).message,
    ).toBe("Simplecast API key not found");
  });

  it("refuses an invalid Simplecast key", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/integrations/simplecast/connect`, {
      body: { apiKey: "sandbox-invalid-key" },
      token: admin.session.accessToken,
    });
    expect(envelope(r.json)).toMatchObject({
      reason: "invalid_key",
      message: "Invalid API key or unable to connect to Simplecast",
    });
  });
});
