import { describe, expect, it } from "vitest";
import { connectGoogle } from "../support/google";
import { call, envelope } from "../support/http";
import { deliver } from "../support/jobs";
import { allTime, createSchedule, orgWithChannel, scheduleBody, slotRun } from "../support/reports";

/*
 * What Google's token endpoint can answer besides a token or invalid_grant (RFC 6749 section 5.2,
 * and Google's own deleted_client), as the sandbox's magic accounts produce it: each answer is
 * told apart, so an admin learns whether to reconnect, to fix the deployment's Google client,
 * or just to wait, and a scheduled export survives a short outage.
 */

const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 6)}@gmail.com`;

async function connectedAs(account: string) {
  const setup = await orgWithChannel();
  await connectGoogle(setup.org.id, setup.admin.session.accessToken, account);
  const admin = setup.admin.session.accessToken;
  const connection = async () =>
    (await call(`/api/orgs/${setup.org.id}/google`, { token: admin })).json;
  const quota = () => call(`/api/orgs/${setup.org.id}/storage/quota`, { token: admin });
  return { ...setup, connection, quota };
}

describe("Google token endpoint errors", () => {
  it("a refresh token of another OAuth client asks an admin to reconnect", async () => {
    const t = await connectedAs(unique("other-client"));
    const r = await t.quota();
    expect(r.status).toBe(400);
    expect(envelope(r.json)).toMatchObject({
      reason: "google_reconnect_required",
      message: "Google refused the authorisation; reconnect the Google account.",
    });
    expect(await t.connection()).toMatchObject({
      status: "error",
      lastError: "Google refused the authorisation; reconnect the Google account.",
    });
  });

  it("a deleted OAuth client names the deployment's configuration, not a reconnect", async () => {
    const t = await connectedAs(unique("deleted-client"));
    const r = await t.quota();
    expect(r.status).toBe(400);
    const message =
      "Google refused this Crosscast deployment's OAuth client (deleted_client). Whoever runs Crosscast needs to check its Google client ID and secret.";
    expect(envelope(r.json)).toMatchObject({ reason: "google_not_configured", message });
    expect(await t.connection()).toMatchObject({ status: "error", lastError: message });
  });

  it("an outage of the token endpoint is a 503 to try again, and the connection stays active", async () => {
    const t = await connectedAs(unique("token-outage"));
    const r = await t.quota();
    expect(r.status).toBe(503);
    expect(envelope(r.json)).toMatchObject({
      code: "UNAVAILABLE",
      reason: "google_unavailable",
      message: "Google could not be reached. Please try again.",
    });
    expect(await t.connection()).toMatchObject({ status: "active", lastError: null });
    // Google recovered: the next ask answers.
    expect((await t.quota()).status).toBe(200);
  });

  it("a scheduled export that meets a token outage goes back to the queue and then exports", {
    timeout: 60_000,
  }, async () => {
    const t = await connectedAs(unique("token-outage"));
    const created = await createSchedule(
      t.org.id,
      t.token,
      scheduleBody(t.channel.id, { dateRange: allTime }),
    );
    const { job, now: runNow } = await slotRun(
      t.org.id,
      created.schedule.id,
      "2026-12-01T00:00:00.000Z",
    );

    const first = await deliver([job]);
    expect(first.retryMessages).toHaveLength(1);
    expect(await runNow()).toMatchObject({
      status: "queued",
      errorMessage: "Google could not be reached; the export will be retried.",
    });

    const second = await deliver([job], 2);
    expect(second.retryMessages).toEqual([]);
    const done = await runNow();
    expect(done.status).toBe("succeeded");
    expect(done.sheetUrl).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\/d\//);
  });
});

describe("Drive's rate limit", () => {
  it("a 403 with a rate-limit reason is answered as a rate limit, not as a bad request", async () => {
    const t = await connectedAs(unique("drive-ratelimited"));
    const r = await call(`/api/orgs/${t.org.id}/storage/files`, {
      token: t.admin.session.accessToken,
    });
    expect(r.status).toBe(429);
    expect(envelope(r.json)).toMatchObject({
      code: "RATE_LIMITED",
      reason: "userRateLimitExceeded",
      message: "Failed to load files: User rate limit exceeded.",
    });
  });
});
