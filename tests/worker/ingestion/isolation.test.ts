import { describe, expect, it } from "vitest";
import { createOrgWithMembers } from "../support/accounts";
import { call } from "../support/http";
import { addChannel, connectedOrg } from "../support/ingestion";

describe("organisation isolation", () => {
  it("a member of another organisation gets 404 on every ingestion route, and nothing is written", async () => {
    const { org, member } = await connectedOrg({
      youtube: "AIza-sandbox-good-key",
      simplecast: "sandbox-iso-token",
    });
    const jobId = await addChannel(
      org.id,
      member.session.accessToken,
      "https://www.youtube.com/@bench-10",
    );
    const stranger = await createOrgWithMembers();
    const routes: Array<[string, string, unknown?]> = [
      ["POST", "integrations/youtube/connect", { apiKey: "AIza-sandbox-other" }],
      ["POST", "integrations/simplecast/connect", { apiKey: "sandbox-other" }],
      ["GET", "integrations/status"],
      ["GET", "integrations/simplecast/podcasts"],
      ["POST", "channels", { url: "https://www.youtube.com/@bench-20" }],
      ["POST", "shows", { podcastIds: ["sbxpod-x"] }],
      ["POST", "refresh", { platform: "youtube" }],
      ["GET", "jobs"],
      ["GET", "jobs?limit=5"],
      ["GET", `jobs/${jobId}`],
      ["GET", "channels"],
      ["GET", "shows"],
    ];
    for (const who of [stranger.admin, stranger.member]) {
      for (const [method, path, body] of routes) {
        const r = await call(`/api/orgs/${org.id}/${path}`, {
          method,
          body,
          token: who.session.accessToken,
        });
        expect([method, path, r.status]).toEqual([method, path, 404]);
        expect(r.text).not.toContain(org.id);
      }
    }
    // A job id of another organisation is unknown in one's own.
    expect(
      (
        await call(`/api/orgs/${stranger.org.id}/jobs/${jobId}`, {
          token: stranger.admin.session.accessToken,
        })
      ).status,
    ).toBe(404);
    const jobs = await call(`/api/orgs/${org.id}/jobs`, { token: member.session.accessToken });
    expect((jobs.json as { jobs: unknown[] }).jobs).toHaveLength(1);
  });

  it("refuses a malformed job id with 400 naming the field", async () => {
    const { org, member } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/jobs/not-a-uuid`, {
      token: member.session.accessToken,
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ error: { field: "jobId" } });
  });
});
