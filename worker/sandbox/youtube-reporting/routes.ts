import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { accountOfAccessToken } from "../google/tokens";
import { DAY_MS } from "../seeded";
import { channelOwnedBy, isoDay, uploadsBy, videoDay } from "../youtube-analytics/data";

/*
 * YouTube Reporting API v1 (youtubereporting.v1.json) for a channel's owner: reportTypes.list,
 * jobs.create/list/get/delete, jobs.reports.list and media.download of the daily bulk report
 * `channel_basic_a2` (one CSV row per video per day). Jobs are kept in R2 per account, so they
 * persist like YouTube's. Reports: one per UTC day, from 30 days before the job was created
 * (YouTube's historical reports) to yesterday; each is created 6 hours after its day ends, or
 * when the job is created if that is later (YouTube takes up to a day for the first ones; the
 * emulator hands them over at once so development and tests need not wait). Figures are those of
 * the Analytics emulator.
 */

export const REPORT_TYPES = [{ id: "channel_basic_a2", name: "User activity" }] as const;
const HISTORY_DAYS = 30;
const HOUR_MS = 3_600_000;

const jobSchema = z.object({
  id: z.string(),
  reportTypeId: z.string(),
  name: z.string(),
  createTime: z.string(),
});
type Job = z.infer<typeof jobSchema>;

const fail = (c: Context<AppEnv>, code: 400 | 401 | 404 | 409, message: string, status: string) =>
  c.json({ error: { code, message, status } }, code);

function ownerOf(c: Context<AppEnv>) {
  const bearer = (c.req.header("authorization") ?? "").replace(/^Bearer /, "");
  const account = bearer ? accountOfAccessToken(bearer) : null;
  return account ? { account, channel: channelOwnedBy(account) } : null;
}
const unauthenticated = (c: Context<AppEnv>) =>
  fail(c, 401, "Request is missing required authentication credential.", "UNAUTHENTICATED");

const jobsKey = (account: string) => `sandbox/youtube-reporting/${account}/jobs.json`;
async function loadJobs(bucket: R2Bucket, account: string): Promise<Job[]> {
  const object = await bucket.get(jobsKey(account));
  if (!object) return [];
  const parsed = z.array(jobSchema).safeParse(await object.json());
  return parsed.success ? parsed.data : [];
}
const saveJobs = (bucket: R2Bucket, account: string, jobs: Job[]) =>
  bucket.put(jobsKey(account), JSON.stringify(jobs));

/** The reports of a job at `now`: one a closed day, oldest first. */
function reportsOf(job: Job, now: number) {
  const created = Date.parse(job.createTime);
  const first = Date.parse(`${isoDay(created - HISTORY_DAYS * DAY_MS)}T00:00:00Z`);
  const out = [];
  for (let start = first; ; start += DAY_MS) {
    const createTime = Math.max(start + DAY_MS + 6 * HOUR_MS, created);
    if (createTime > now) break;
    const id = `${job.id}-${isoDay(start).replace(/-/g, "")}`;
    out.push({
      id,
      jobId: job.id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + DAY_MS).toISOString(),
      createTime: new Date(createTime).toISOString(),
      downloadUrl: `https://youtubereporting.googleapis.com/v1/media/CHANNEL/${job.id}/${id}?alt=media`,
    });
  }
  return out;
}

const CSV_HEADER =
  "date,channel_id,video_id,live_or_on_demand,subscribed_status,country_code,views,watch_time_minutes,average_view_duration_seconds,subscribers_gained,subscribers_lost";

export const youtubeReportingSandbox = new Hono<AppEnv>()
  .get("/reportTypes", (c) => {
    if (!ownerOf(c)) return unauthenticated(c);
    return c.json({ reportTypes: REPORT_TYPES.map((t) => ({ ...t })) });
  })
  .post("/jobs", async (c) => {
    const owner = ownerOf(c);
    if (!owner) return unauthenticated(c);
    const body = z
      .object({ reportTypeId: z.string(), name: z.string().optional() })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success || !REPORT_TYPES.some((t) => t.id === body.data.reportTypeId))
      return fail(c, 400, "Request contains an invalid argument.", "INVALID_ARGUMENT");
    const jobs = await loadJobs(c.env.FILES, owner.account);
    if (jobs.some((j) => j.reportTypeId === body.data.reportTypeId))
      return fail(c, 409, "Job for this report type already exists.", "ALREADY_EXISTS");
    const job: Job = {
      id: crypto.randomUUID(),
      reportTypeId: body.data.reportTypeId,
      name: body.data.name ?? body.data.reportTypeId,
      createTime: new Date().toISOString(),
    };
    await saveJobs(c.env.FILES, owner.account, [...jobs, job]);
    return c.json(job);
  })
  .get("/jobs", async (c) => {
    const owner = ownerOf(c);
    if (!owner) return unauthenticated(c);
    const jobs = await loadJobs(c.env.FILES, owner.account);
    return c.json(jobs.length ? { jobs } : {});
  })
  .get("/jobs/:jobId", async (c) => {
    const owner = ownerOf(c);
    if (!owner) return unauthenticated(c);
    const job = (await loadJobs(c.env.FILES, owner.account)).find(
      (j) => j.id === c.req.param("jobId"),
    );
    return job ? c.json(job) : fail(c, 404, "Requested entity was not found.", "NOT_FOUND");
  })
  .delete("/jobs/:jobId", async (c) => {
    const owner = ownerOf(c);
    if (!owner) return unauthenticated(c);
    const jobs = await loadJobs(c.env.FILES, owner.account);
    const kept = jobs.filter((j) => j.id !== c.req.param("jobId"));
    if (kept.length === jobs.length)
      return fail(c, 404, "Requested entity was not found.", "NOT_FOUND");
    await saveJobs(c.env.FILES, owner.account, kept);
    return c.json({});
  })
  .get("/jobs/:jobId/reports", async (c) => {
    const owner = ownerOf(c);
    if (!owner) return unauthenticated(c);
    const job = (await loadJobs(c.env.FILES, owner.account)).find(
      (j) => j.id === c.req.param("jobId"),
    );
    if (!job) return fail(c, 404, "Requested entity was not found.", "NOT_FOUND");
    const { createdAfter, startTimeAtOrAfter, startTimeBefore } = c.req.query();
    const after = createdAfter ? Date.parse(createdAfter) : Number.NEGATIVE_INFINITY;
    const from = startTimeAtOrAfter ? Date.parse(startTimeAtOrAfter) : Number.NEGATIVE_INFINITY;
    const before = startTimeBefore ? Date.parse(startTimeBefore) : Number.POSITIVE_INFINITY;
    if ([after, from, before].some(Number.isNaN))
      return fail(c, 400, "Request contains an invalid argument.", "INVALID_ARGUMENT");
    // Newest first, as YouTube lists them.
    const reports = reportsOf(job, Date.now())
      .filter((r) => {
        const start = Date.parse(r.startTime);
        return Date.parse(r.createTime) > after && start >= from && start < before;
      })
      .reverse();
    return c.json(reports.length ? { reports } : {});
  })
  .get("/media/CHANNEL/:jobId/:reportId", async (c) => {
    const owner = ownerOf(c);
    if (!owner) return unauthenticated(c);
    const job = (await loadJobs(c.env.FILES, owner.account)).find(
      (j) => j.id === c.req.param("jobId"),
    );
    const report = job
      ? reportsOf(job, Date.now()).find((r) => r.id === c.req.param("reportId"))
      : undefined;
    if (!report || !owner.channel)
      return fail(c, 404, "Requested entity was not found.", "NOT_FOUND");
    const day = report.startTime.slice(0, 10);
    const rows = uploadsBy(owner.channel, day).flatMap((video) => {
      const f = videoDay(video, day);
      if (f.views === 0) return [];
      return [
        [
          day.replace(/-/g, ""),
          owner.channel!.id,
          video.id,
          "on_demand",
          "subscribed",
          "ZZ",
          f.views,
          f.estimatedMinutesWatched,
          f.averageViewDuration,
          f.subscribersGained,
          f.subscribersLost,
        ].join(","),
      ];
    });
    return c.body([CSV_HEADER, ...rows].join("\n"), 200, {
      "Content-Type": "application/octet-stream",
    });
  });
