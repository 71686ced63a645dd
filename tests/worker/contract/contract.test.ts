import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResendSender } from "../../../worker/providers/email/resend";
import { resendEmulatorFetch } from "../../../worker/providers/email/resend-emulator";
import * as drive from "../../../worker/providers/google/drive";
import * as oauth from "../../../worker/providers/google/oauth";
import { SheetsClient } from "../../../worker/providers/google/sheets";
import { SimplecastClient } from "../../../worker/providers/simplecast/client";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeAnalyticsClient } from "../../../worker/providers/youtube/analytics";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import * as ownerChannel from "../../../worker/providers/youtube/owner-channel";
import { YouTubeReportingClient } from "../../../worker/providers/youtube/reporting";
import { accessTokenFor, refreshTokenFor } from "../../../worker/sandbox/google/tokens";
import { type Exchange, sandboxTraffic } from "../../../worker/sandbox/traffic";
import { randomEmail } from "../support/accounts";
import { connectGoogle } from "../support/google";
import { call, callWithEnv } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";
import { deliver } from "../support/jobs";
import { checkExchange, clientCalls, notCalls, operationOf, operations } from "./operations";

/*
 * Every request our provider clients sent and every answer the emulators gave during these
 * scenarios (through the app's routes and jobs, then each client on its error paths) is checked
 * against the services' official documents (operations.ts says which document covers which
 * call). A call the table does not know, or an answer the document does not allow, fails here.
 */

const noWait = { sleep: async () => undefined, maxRetries: 0 };
const attempt = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch {
    // Error answers are the point here; their shapes are checked below.
  }
};

async function appScenarios() {
  // YouTube through ingestion: a channel with pages of uploads, and an empty one (404).
  const org = await connectedOrg({ youtube: "AIza-sandbox-good-key", simplecast: "sandbox-token" });
  const token = org.member.session.accessToken;
  const channel = await ingestedChannel(org.org.id, token, "@bench-60");
  await call(`/api/orgs/${org.org.id}/channels`, {
    body: { url: "https://www.youtube.com/@empty-contract" },
    token,
  });
  // Google: connect (token + userinfo), the storage manager, a persistent schedule and its
  // second run into the same spreadsheet (create, get with fields, clear, update, append).
  const admin = org.admin.session.accessToken;
  await connectGoogle(org.org.id, admin, `contract-${crypto.randomUUID().slice(0, 6)}@gmail.com`);
  await call(`/api/orgs/${org.org.id}/storage/quota`, { token: admin });
  const files = await call(`/api/orgs/${org.org.id}/storage/files`, { token: admin });
  const first = (files.json as { files: Array<{ id: string }> }).files[0]!.id;
  await call(`/api/orgs/${org.org.id}/storage/delete`, {
    body: { fileIds: [first, "no-such-file"] },
    token: admin,
  });
  const created = await call(`/api/orgs/${org.org.id}/reports/schedules`, {
    body: {
      title: "Contract – “weekly”",
      platform: "youtube",
      dateRange: { type: "alltime", range: null },
      selectedEntities: [channel.id],
      frequency: "daily",
      dayOfWeek: null,
      dayOfMonth: null,
      scheduledTime: "00:00",
      isPersistent: true,
      destination: { kind: "new", sheetName: "Contract sheet", tabStructure: "default" },
    },
    token,
  });
  const { initialRunId, schedule } = created.json as {
    initialRunId: string;
    schedule: { id: string };
  };
  await deliver([{ type: "report.schedule-run", organizationId: org.org.id, runId: initialRunId }]);
  // A second run, written where the organisation's content lives.
  const rerun = await env[org.org.binding]
    .prepare(
      "insert into schedule_runs (id, organization_id, schedule_id, slot, status, created_at) values (?1, ?2, ?3, ?4, 'queued', ?5) returning id",
    )
    .bind(crypto.randomUUID(), org.org.id, schedule.id, "2026-12-01T00:00:00.000Z", Date.now())
    .first<{ id: string }>();
  await deliver([{ type: "report.schedule-run", organizationId: org.org.id, runId: rerun!.id }]);
  // Email through the Resend emulator (sign-up sends a confirmation).
  await callWithEnv({ RESEND_API_KEY: "re_sandbox_contract" }, "/api/auth/sign-up", {
    body: { email: randomEmail("contract"), password: "a good long password" },
  });
}

async function clientScenarios() {
  const fetcher = providerFetch(env);
  const yt = new YouTubeClient("AIza-sandbox-good-key", fetcher, noWait);
  const found = await yt.channelByHandle("@hidden-contract");
  await yt.channelsById([found!.externalId]);
  for (const key of [
    "sandbox-invalid-key",
    "sandbox-invalid-legacy-key",
    "sandbox-quota-exceeded",
    "sandbox-rate-limited",
    "sandbox-server-error",
  ])
    await attempt(() => new YouTubeClient(key, fetcher, noWait).channelByHandle("@any"));

  // YouTube Analytics as the owner of @demomedia-clips: a video's days, the channel's days,
  // the top-videos report, then a channel that is not the account's (403) and no token (401).
  const owner = new YouTubeAnalyticsClient(
    accessTokenFor("demomedia-clips@gmail.com"),
    fetcher,
    noWait,
  );
  const [top] = await owner.videoTotals("2026-01-01", "2026-01-31");
  await owner.daily("2026-01-01", "2026-01-31", top!.videoId);
  await owner.daily("2026-01-01", "2026-01-07");
  await attempt(() =>
    new YouTubeAnalyticsClient(accessTokenFor("a@gmail.com"), fetcher, noWait).daily(
      "2026-01-01",
      "2026-01-07",
      top!.videoId,
    ),
  );
  await attempt(() =>
    new YouTubeAnalyticsClient("", fetcher, noWait).daily("2026-01-01", "2026-01-07"),
  );

  // channels.list mine=true with the owner's token (what connecting checks), and without one.
  await ownerChannel.ownChannel(fetcher, accessTokenFor("demomedia-clips@gmail.com"));
  await attempt(() => ownerChannel.ownChannel(fetcher, accessTokenFor("expired@gmail.com")));

  // YouTube Reporting as a new owner: list (none), create the daily job, list its reports,
  // download one; a second ensureJob finds the job; no token is refused.
  const reporting = new YouTubeReportingClient(
    accessTokenFor(`demomedia-tech.${crypto.randomUUID().slice(0, 6)}@gmail.com`),
    fetcher,
    noWait,
  );
  const job = await reporting.ensureJob();
  await reporting.ensureJob();
  const [report] = await reporting.reportsSince(job.id);
  await reporting.download(report!);
  await attempt(() => new YouTubeReportingClient("", fetcher, noWait).reportsSince(job.id));

  const sc = new SimplecastClient("sandbox-token", fetcher, noWait);
  const [podcast] = await sc.podcasts();
  await sc.podcast(podcast!.id);
  const [episode] = await sc.episodes(podcast!.id);
  await sc.episodeDailyDownloads(episode!.externalId, "2026-01-01", "2026-01-31");
  await sc.podcastDailyDownloads(podcast!.id, "2026-01-01", "2026-01-31");
  await sc.episodeListeners(episode!.externalId);
  await new SimplecastClient("sandbox-basic-plan", fetcher, noWait).episodeListeners(
    episode!.externalId,
  );
  for (const key of ["sandbox-invalid-key", "sandbox-rate-limited", "sandbox-server-error"])
    await attempt(() => new SimplecastClient(key, fetcher, noWait).podcasts());

  const who = `errors-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
  const sheets = new SheetsClient(fetcher, accessTokenFor(who), { maxRetries: 0 });
  const { spreadsheetId } = await sheets.create("Errors", [{ title: "Tab", columns: 3 }], "UTC");
  await sheets.addTab(spreadsheetId, { title: "Second – “tab”", columns: 5 });
  await attempt(() => sheets.write(spreadsheetId, "Tab", 1001, [["outside the grid"]]));
  await attempt(() => sheets.addTab(spreadsheetId, { title: "Tab", columns: 3 }));
  await attempt(() => sheets.outline("no-such-spreadsheet"));
  // An outage in the middle of an export: "flaky…" accounts get 503 on their first appends.
  const flaky = new SheetsClient(fetcher, accessTokenFor(`flaky-${who}`), { maxRetries: 0 });
  const outage = await flaky.create("Outage", [{ title: "Tab", columns: 3 }], "UTC");
  await attempt(() => flaky.append(outage.spreadsheetId, "Tab", [["during the outage"]]));
  await attempt(() => drive.listFiles(fetcher, accessTokenFor("expired.one@gmail.com")));
  await attempt(() => drive.listFiles(fetcher, accessTokenFor(`drive-ratelimited-${who}`)));
  await attempt(() => oauth.refreshAccess(env, fetcher, "sbx-refresh.not-a-token"));
  // The token endpoint's other refusals: another client's token, a deleted client, an outage.
  const scopes = ["openid", "https://www.googleapis.com/auth/drive.file"];
  for (const token of [
    refreshTokenFor(`other-${who}`, scopes, "another-project.apps.googleusercontent.com"),
    refreshTokenFor(`deleted-client-${who}`, scopes),
    refreshTokenFor(`token-outage-${who}`, scopes),
  ])
    await attempt(() => oauth.refreshAccess(env, fetcher, token));
  await attempt(() => oauth.fetchAccountEmail(fetcher, "not-a-token"));

  for (const key of ["re_sandbox_ok", "re_sandbox_invalid", "re_sandbox_rate_limited"])
    await new ResendSender(
      key,
      "Crosscast <no-reply@crosscast.example>",
      undefined,
      resendEmulatorFetch,
    ).send({
      to: "someone@example.com",
      subject: "Contract “check” — ✓",
      text: "Hello",
      html: "<p>Hello</p>",
      kind: "confirmation",
    });
}

let traffic: Exchange[] = [];

beforeAll(async () => {
  sandboxTraffic.start();
  try {
    await appScenarios();
    await clientScenarios();
  } finally {
    traffic = sandboxTraffic.stop();
  }
}, 600_000);
afterAll(() => void sandboxTraffic.stop());

describe("contract tests against the official documents", () => {
  it("recorded the app's and the clients' traffic", () => {
    expect(traffic.length).toBeGreaterThan(40);
  });

  it("every request the clients sent is an operation in the table", () => {
    const unknown = traffic
      .filter((e) => !operationOf(e))
      .map((e) => `${e.method} ${e.url.split("?")[0]}`);
    expect(unknown).toEqual([]);
  });

  it("every request and every answer keeps its document's contract", () => {
    const broken = traffic.flatMap((e) => {
      const op = operationOf(e);
      const problems = op ? checkExchange(op, e) : [];
      return problems.length ? [`${e.method} ${e.url} -> ${e.status}: ${problems.join("; ")}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("every operation in the table was exercised, on success and on failure where it can fail", () => {
    const seen = new Map<string, Set<string>>();
    for (const e of traffic) {
      const op = operationOf(e);
      if (!op) continue;
      const outcomes = seen.get(op.id) ?? new Set();
      outcomes.add(e.status < 400 ? "ok" : "error");
      seen.set(op.id, outcomes);
    }
    expect(operations.filter((op) => !seen.get(op.id)?.has("ok")).map((op) => op.id)).toEqual([]);
    const errorsSeen = [...seen].filter(([, o]) => o.has("error")).map(([id]) => id);
    expect(errorsSeen.length).toBeGreaterThanOrEqual(10);
  });

  it("no client can call anything the table does not list (a new call needs a contract)", () => {
    const members = (name: string, proto: object) =>
      Object.getOwnPropertyNames(proto)
        .filter((m) => m !== "constructor")
        .map((m) => `${name}.${m}`);
    const surface = [
      ...members("YouTubeClient", YouTubeClient.prototype),
      ...members("YouTubeAnalyticsClient", YouTubeAnalyticsClient.prototype),
      ...members("YouTubeReportingClient", YouTubeReportingClient.prototype),
      ...members("SimplecastClient", SimplecastClient.prototype),
      ...members("SheetsClient", SheetsClient.prototype),
      ...members("ResendSender", ResendSender.prototype),
      ...Object.keys(drive).map((k) => `drive.${k}`),
      ...Object.keys(oauth).map((k) => `oauth.${k}`),
      ...Object.keys(ownerChannel).map((k) => `ownerChannel.${k}`),
    ];
    expect(surface.filter((m) => !clientCalls[m] && !notCalls.has(m))).toEqual([]);
    const known = new Set(operations.map((op) => op.id));
    expect(
      Object.values(clientCalls)
        .flat()
        .filter((id) => !known.has(id)),
    ).toEqual([]);
    expect(Object.keys(clientCalls).filter((m) => !surface.includes(m))).toEqual([]);
  });
});
