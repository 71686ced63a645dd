import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "../support/accounts";
import { checkAnswer, documentedOperations } from "../support/contract";
import { contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { answered, call } from "../support/http";
import { connectedOrg, ingestedChannel, runJob } from "../support/ingestion";
import { deliver } from "../support/jobs";
import { allTime, connectBoard, mergeNone, orgWithPairedContent } from "../support/multichannel";
import { callAuthRoutes, callGoogleRoutes } from "./auth-calls";
import { callAccountRoutes, callOrganizationRoutes, expectOk } from "./people-calls";

/*
 * Every operation in /api/openapi.json is called for real here, and every answer (these and
 * every other worker test's, through support/http.ts) is checked against the document. The last
 * test fails when an operation was never answered successfully: a new route needs a line here.
 */

/** Success: 2xx, a redirect, or 101 for the WebSocket. */
const ok = (status: number) => status < 400;

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

  it("client error reports", async () => {
    const report = {
      kind: "uncaught",
      message: "contract: a report",
      route: "/dashboard",
      buildVersion: "contract-1",
    };
    expectOk(await call("/api/client-errors", { body: report }), "client error report");
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
    expectOk(await call(`${base}/overview?platform=youtube`, { token }), "overview");

    const [video] = await (await contentOf(org.id))
      .select({ id: schema.videos.id })
      .from(schema.videos)
      .where(eq(schema.videos.organizationId, org.id))
      .limit(1);
    const details = `${base}/details/videos/${video!.id}`;
    expectOk(await call(`${details}/series?from=2026-01-01&to=2026-01-31`, { token }), "series");
    expectOk(await call(`${details}/pacing`, { token }), "pacing");
  });

  it("storage", async () => {
    const { org, admin } = await createOrgWithMembers();
    const token = admin.session.accessToken;
    await connectGoogle(org.id, token, "contract-storage@gmail.com");
    const base = `/api/orgs/${org.id}/storage`;
    expectOk(await call(`${base}/quota`, { token }), "quota");
    const files = await call(`${base}/files`, { token });
    expectOk(files, "files");
    const fileId = (files.json as { files: Array<{ id: string }> }).files[0]!.id;
    expectOk(await call(`${base}/delete`, { body: { fileIds: [fileId] }, token }), "delete");
  });

  it("multi-channel", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const base = `/api/orgs/${org.id}/multi-channel`;
    const selection = {
      dateRange: allTime,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
    };
    expectOk(await call(`${base}/content`, { body: selection, token }), "content");
    const created = await call(`${base}/previews`, {
      body: { ...selection, title: "Contract", mergeOptions: mergeNone },
      token,
    });
    expectOk(created, "create preview");
    const previewId = (created.json as { previewId: string }).previewId;
    const preview = `${base}/previews/${previewId}`;
    expectOk(await call(preview, { token }), "preview");
    // A WebSocket answer has no body to check: its 101 is recorded here.
    const board = await connectBoard(org.id, previewId, token);
    expect(board.status).toBe(101);
    answered.set("GET /orgs/{orgId}/multi-channel/previews/{previewId}/socket", new Set([101]));
    board.board?.ws.close();
    expectOk(await call(`${preview}/report`, { method: "POST", token }), "report");
    expectOk(await call(`${preview}/reopen`, { method: "POST", token }), "reopen");
    expectOk(await call(base, { token }), "list");
    expectOk(await call(`${base}/delete`, { body: { ids: [previewId] }, token }), "delete");
  });

  it("reports", async () => {
    const { org, member } = await connectedOrg();
    const token = member.session.accessToken;
    const channel = await ingestedChannel(org.id, token, "@bench-120");
    const base = `/api/orgs/${org.id}/reports`;
    const selection = {
      dateRange: { type: "alltime", range: null },
      selectedEntities: [channel.id],
    };
    const created = await call(base, {
      body: { title: "Contract", platform: "youtube", ...selection },
      token,
    });
    expectOk(created, "create");
    const reportId = (created.json as { report: { id: string } }).report.id;
    await deliver([{ type: "report.generate", organizationId: org.id, reportId }]);
    const page = await call(`${base}?platform=youtube`, { token });
    expectOk(page, "page");
    const report = (page.json as { reports: Array<{ id: string; files: Array<{ id: string }> }> })
      .reports[0]!;
    expectOk(await call(`${base}/${reportId}/files/${report.files[0]!.id}`, { token }), "file");
    const schedule = {
      title: "Contract weekly",
      ...selection,
      frequency: "weekly",
      dayOfWeek: 1,
      dayOfMonth: null,
      scheduledTime: "06:00",
      isPersistent: false,
      destination: null,
    };
    const made = await call(`${base}/schedules`, {
      body: { ...schedule, platform: "youtube" },
      token,
    });
    expectOk(made, "create schedule");
    const scheduleId = (made.json as { schedule: { id: string } }).schedule.id;
    expectOk(
      await call(`${base}/schedules/${scheduleId}`, { method: "PATCH", body: schedule, token }),
      "update schedule",
    );
    expectOk(
      await call(`${base}/schedules/${scheduleId}/active`, { body: { isActive: false }, token }),
      "pause",
    );
    expectOk(
      await call(`${base}/schedules/delete`, { body: { ids: [scheduleId] }, token }),
      "delete schedules",
    );
    expectOk(await call(`${base}/delete`, { body: { ids: [reportId] }, token }), "delete");
  });

  it("tables", async () => {
    const { org, token, channel, show } = await orgWithPairedContent();
    const base = `/api/orgs/${org.id}/tables`;
    for (const table of ["channels", "videos", "shows", "episodes"]) {
      expectOk(await call(`${base}/${table}?sort=title&dir=asc`, { token }), table);
      expectOk(await call(`${base}/${table}/export?format=json`, { token }), `${table} export`);
    }
    expectOk(await call(`${base}/videos?merge=1&duplicates=1`, { token }), "merged videos");
    expectOk(await call(`${base}/episodes/seasons`, { token }), "seasons");
    expectOk(await call(`${base}/channels/delete`, { body: { ids: [channel.id] }, token }), "del");
    expectOk(await call(`${base}/shows/delete`, { body: { ids: [show.id] }, token }), "del shows");
  });

  it("organization settings, members and time zone", callOrganizationRoutes);

  it("account", callAccountRoutes);

  it("auth", callAuthRoutes);

  it("Google connection", callGoogleRoutes);

  it("channel owner analytics connection", async () => {
    const { org, admin } = await connectedOrg();
    const channel = await ingestedChannel(org.id, admin.session.accessToken, "@owner-openapi");
    const token = admin.session.accessToken;
    const base = `/api/orgs/${org.id}/channels/${channel.id}/owner`;
    expectOk(await call(base, { token }), "owner view");
    expectOk(await call(`${base}/connect`, { method: "POST", token }), "owner connect");
    expectOk(await call(base, { method: "DELETE", token }), "owner disconnect");
  });

  it("every documented operation was answered successfully above", async () => {
    const missing = (await documentedOperations()).filter(
      (operation) => ![...(answered.get(operation) ?? [])].some(ok),
    );
    expect(missing).toEqual([]);
  });
});
