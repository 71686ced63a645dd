import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeAnalyticsClient } from "../../../worker/providers/youtube/analytics";
import type { YouTubeError } from "../../../worker/providers/youtube/errors";
import { YouTubeReportingClient } from "../../../worker/providers/youtube/reporting";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { lastReportedDay } from "../../../worker/sandbox/youtube-analytics/data";

/*
 * The YouTube Reporting emulator through our client: one daily job per owner, its reports from
 * 30 days before the job to the last closed day, and downloads whose rows add up to what the
 * Analytics API says for the same day.
 */

const noWait = { sleep: async () => undefined, maxRetries: 0 };
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const newOwner = () => `demomedia-clips.${crypto.randomUUID().slice(0, 8)}@gmail.com`;

describe("YouTube Reporting emulator and client", () => {
  it("creates the daily job once, lists 30 days of reports, downloads a day's rows", async () => {
    const account = newOwner();
    const client = new YouTubeReportingClient(accessTokenFor(account), providerFetch(env), noWait);
    const job = await client.ensureJob();
    expect(job.reportTypeId).toBe("channel_basic_a2");
    expect((await client.ensureJob()).id).toBe(job.id);
    // list + create, then list only.
    expect(client.requests).toBe(3);

    const reports = await client.reportsSince(job.id);
    // A day's report appears six hours after the day ends.
    const lastClosed = Date.now() - 6 * 3_600_000 - DAY;
    expect(reports.at(-1)!.startTime.slice(0, 10)).toBe(isoDay(lastClosed));
    expect(reports[0]!.startTime.slice(0, 10)).toBe(isoDay(Date.now() - 30 * DAY));
    expect(new Set(reports.map((r) => r.startTime)).size).toBe(reports.length);
    expect(await client.reportsSince(job.id, reports.at(-1)!.createTime)).toEqual([]);

    // The newest day the Analytics API reports too (it leaves the most recent days out).
    const report = reports.find((r) => r.startTime.startsWith(lastReportedDay(Date.now())))!;
    const day = report.startTime.slice(0, 10);
    const rows = await client.download(report);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.date === day && r.views > 0)).toBe(true);
    const analytics = new YouTubeAnalyticsClient(
      accessTokenFor(account),
      providerFetch(env),
      noWait,
    );
    const [sameDay] = await analytics.daily(day, day);
    expect(rows.reduce((s, r) => s + r.views, 0)).toBe(sameDay!.views);
    expect(rows.reduce((s, r) => s + r.watchTimeMinutes, 0)).toBe(sameDay!.estimatedMinutesWatched);
  });

  it("refuses no token (401), an unknown report type (400) and someone else's job (404)", async () => {
    const fetcher = providerFetch(env);
    const mine = new YouTubeReportingClient(accessTokenFor(newOwner()), fetcher, noWait);
    const job = await mine.ensureJob();
    const failure = async (work: () => Promise<unknown>) =>
      work().then(
        () => {
          throw new Error("expected a failure");
        },
        (error: YouTubeError) => error,
      );
    expect(
      await failure(() => new YouTubeReportingClient("", fetcher, noWait).reportsSince(job.id)),
    ).toMatchObject({ status: 401 });
    expect(await failure(() => mine.ensureJob("no_such_report"))).toMatchObject({
      kind: "bad_request",
      status: 400,
    });
    const other = new YouTubeReportingClient(accessTokenFor(newOwner()), fetcher, noWait);
    expect(await failure(() => other.reportsSince(job.id))).toMatchObject({
      kind: "not_found",
      status: 404,
    });
  });
});
