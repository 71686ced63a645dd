import { describe, expect, it } from "vitest";
import { checkAnswer, documentedOperations } from "../support/contract";
import { answered, call } from "../support/http";
import { connectedOrg, runJob } from "../support/ingestion";

/*
 * Every operation in /api/openapi.json is called for real here, and every answer (these and
 * every other worker test's, through support/http.ts) is checked against the document. The last
 * test fails when an operation was never answered successfully: a new route needs a line here.
 */

const ok = (status: number) => status >= 200 && status < 400;
function expectOk(r: { status: number; text: string }, what: string) {
  expect(ok(r.status), `${what}: ${r.status} ${r.text.slice(0, 300)}`).toBe(true);
}

describe("the OpenAPI document against real answers", { timeout: 60_000 }, () => {
  it("the checker refuses an answer the document does not allow", async () => {
    await expect(
      checkAnswer("GET", "/api/health", 200, "application/json", { status: "fine" }),
    ).rejects.toThrow(/does not match/);
    await expect(checkAnswer("GET", "/api/health", 302, null, null)).rejects.toThrow(
      /does not declare/,
    );
  });

  it("health", async () => {
    expectOk(await call("/api/health"), "health");
  });

  it("ingestion", async () => {
    const { org, admin, member } = await connectedOrg({
      youtube: "AIza-sandbox-good-key",
      simplecast: "sandbox-demo-media-token",
    });
    const base = `/api/orgs/${org.id}`;
    const token = member.session.accessToken;
    expectOk(
      await call(`${base}/integrations/youtube/connect`, {
        body: { apiKey: "AIza-sandbox-good-key" },
        token: admin.session.accessToken,
      }),
      "connect",
    );
    expectOk(await call(`${base}/integrations/status`, { token }), "status");
    const podcasts = await call(`${base}/integrations/simplecast/podcasts`, { token });
    expectOk(podcasts, "podcasts");
    const podcastId = (podcasts.json as { podcasts: Array<{ id: string }> }).podcasts[0]!.id;
    const channel = await call(`${base}/channels`, {
      body: { url: "https://www.youtube.com/@contract" },
      token,
    });
    expectOk(channel, "add channel");
    const jobId = (channel.json as { jobId: string }).jobId;
    await runJob(jobId);
    const shows = await call(`${base}/shows`, { body: { podcastIds: [podcastId] }, token });
    expectOk(shows, "add shows");
    await runJob((shows.json as { jobId: string }).jobId);
    expectOk(await call(`${base}/refresh`, { body: { platform: "youtube" }, token }), "refresh");
    expectOk(await call(`${base}/jobs?limit=5`, { token }), "jobs");
    expectOk(await call(`${base}/jobs/${jobId}`, { token }), "job");
    expectOk(await call(`${base}/channels`, { token }), "channels");
    expectOk(await call(`${base}/shows`, { token }), "shows");
  });

  it("every documented operation was answered successfully above", async () => {
    const missing = (await documentedOperations()).filter(
      (operation) => ![...(answered.get(operation) ?? [])].some(ok),
    );
    expect(missing).toEqual([]);
  });
});
