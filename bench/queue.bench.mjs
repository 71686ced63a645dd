// No job left queued (issue 13): 200 jobs of mixed kinds through the real local queue of the
// server `npm start` runs (wrangler dev, its in-memory queue and consumer): 2 heavy channel
// ingests (@bench-20000, @bench-5000), 120 small channel ingests (40-199 videos), 20 Simplecast
// show ingests, then, once those channels are in, 40 channel refreshes and 18 one-time reports
// (one over each heavy channel, 16 over small ones). Every job is followed until it succeeds or
// fails; a job neither done nor failed BENCH_QUEUE_DEADLINE_S seconds (default 900, a job's
// lease) after the last one was enqueued is stuck. The lease sweep `npm start` fires every 15
// minutes is not fired here, so a stuck job stays visible instead of being started again.
// Prints the jobs by kind, how many finished, failed and were stuck (target 0), the time to
// drain, and the longest wait of a small job. Figures only; nothing is asserted.
import { figure } from "./lib/figures.mjs";
import { signInDemo, startBenchServer } from "./lib/server.mjs";

const DEADLINE_MS = Number(process.env.BENCH_QUEUE_DEADLINE_S ?? 900) * 1000;
const HEAVY = [20000, 5000];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = await startBenchServer("queue");
try {
  await (await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" })).json();
  const accessToken = await signInDemo(server.url);
  /** Requests wrangler dev answered 503 "Your worker restarted mid-request" (asked again). */
  let restarted = 0;
  /**
   * A GET is asked again if it never answers (wrangler dev now and then drops one under load).
   * Any request is asked again after wrangler's 503 "restarted mid-request": the Worker never
   * answered it, so at worst an enqueue runs twice and the second job goes uncounted.
   */
  const call = async (p, body, attempt = 1) => {
    let res;
    try {
      res = await fetch(`${server.url}${p}`, {
        method: body ? "POST" : "GET",
        headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      if (body || attempt >= 3 || error?.name !== "TimeoutError") throw error;
      console.log(`  (no answer to GET ${p} in 30 s; asking again)`);
      return call(p, body, attempt + 1);
    }
    if (res.status === 503 && attempt < 3) {
      const text = await res.text();
      if (!text.includes("restarted mid-request")) throw new Error(`${p}: HTTP 503 ${text}`);
      restarted++;
      console.log(`  (${body ? "POST" : "GET"} ${p}: 503 worker restarted mid-request; again)`);
      await sleep(1000);
      return call(p, body, attempt + 1);
    }
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  const me = await call("/api/auth/me");
  const org = `/api/orgs/${me.organization.id}`;
  await call(`${org}/integrations/youtube/connect`, { apiKey: "AIza-sandbox-bench-queue" });
  await call(`${org}/integrations/simplecast/connect`, { apiKey: "sandbox-bench-queue" });
  const { podcasts } = await call(`${org}/integrations/simplecast/podcasts`);

  /** Every job: its kind, when it was enqueued, and when it was seen done (or failed). */
  const jobs = [];
  const track = (kind, id, extra = {}) =>
    jobs.push({ kind, id, small: true, at: Date.now(), end: null, status: null, ...extra });
  const started = Date.now();

  const addChannel = async (handle) =>
    (await call(`${org}/channels`, { url: `https://www.youtube.com/${handle}` })).jobId;
  for (const size of HEAVY)
    track(`ingest.channel (${size} videos)`, await addChannel(`@bench-${size}`), {
      small: false,
      handle: `@bench-${size}`,
    });
  for (let i = 0; i < 120; i++) {
    track("ingest.channel", await addChannel(`@queue-${i}`), { handle: `@queue-${i}` });
    if (i % 6 === 0) {
      const ids = [podcasts[(i / 6) % podcasts.length].id];
      track("ingest.shows", (await call(`${org}/shows`, { podcastIds: ids })).jobId);
    }
  }

  /** Follows every unfinished job (the newest 100 in one list, older ones one by one). */
  const poll = async () => {
    const { reports } = await call(`${org}/reports?platform=youtube`);
    const { jobs: recent } = await call(`${org}/jobs?limit=100`);
    const listed = new Map(recent.map((j) => [j.id, j]));
    for (const job of jobs.filter((j) => j.end === null)) {
      let status;
      if (job.kind.startsWith("report.generate")) {
        const report = reports.find((r) => r.id === job.id)?.status;
        status = report === "completed" ? "succeeded" : report;
      } else status = (listed.get(job.id) ?? (await call(`${org}/jobs/${job.id}`)).job).status;
      if (status === "succeeded" || status === "failed") {
        job.end = Date.now();
        job.status = status;
      }
    }
    return jobs.every((j) => j.end !== null);
  };

  // Refreshes and reports once both heavy channels and 40 small ones are in (a refresh of a
  // channel whose ingest is still on the way would be refused).
  let extras = false;
  let lastEnqueued = Date.now();
  for (;;) {
    const done = await poll();
    const ingested = (j) => j.kind.startsWith("ingest.channel") && j.status === "succeeded";
    const heavyDone = jobs.filter((j) => !j.small).every((j) => j.end !== null);
    if (!extras && heavyDone && jobs.filter((j) => j.small && ingested(j)).length >= 40) {
      const { channels } = await call(`${org}/channels`);
      const idOf = new Map(channels.map((c) => [(c.handle ?? "").toLowerCase(), c.id]));
      const small = jobs
        .filter((j) => j.small && ingested(j))
        .slice(0, 40)
        .map((j) => idOf.get(j.handle.toLowerCase()));
      const { jobIds } = await call(`${org}/refresh`, { platform: "youtube", ids: small });
      for (const id of jobIds) track("refresh.channel", id);
      const heavy = jobs.filter((j) => !j.small && ingested(j));
      for (let i = 0; i < 18; i++) {
        const big = heavy[i];
        const entity = big ? idOf.get(big.handle.toLowerCase()) : small[i];
        const { report } = await call(`${org}/reports`, {
          title: `Queue bench ${i}`,
          platform: "youtube",
          dateRange: { type: "alltime", range: null },
          selectedEntities: [entity],
        });
        track(big ? `report.generate (${big.handle})` : "report.generate", report.id, {
          small: !big,
        });
      }
      extras = true;
      lastEnqueued = Date.now();
    } else if (extras && done) break;
    if (Date.now() - lastEnqueued > DEADLINE_MS) break;
    await sleep(2000);
  }

  const stuck = jobs.filter((j) => j.end === null);
  const failed = jobs.filter((j) => j.status === "failed");
  const byKind = {};
  for (const j of jobs) byKind[j.kind] = (byKind[j.kind] ?? 0) + 1;
  console.log(`  jobs by kind: ${JSON.stringify(byKind)}`);
  for (const j of stuck) console.log(`  stuck: ${j.kind} ${j.id}`);
  for (const j of failed) console.log(`  failed: ${j.kind} ${j.id}`);
  const smallWaits = jobs.filter((j) => j.small && j.end).map((j) => j.end - j.at);
  figure("queue", "jobs enqueued", jobs.length, "jobs");
  figure("queue", "jobs finished (succeeded)", jobs.length - stuck.length - failed.length, "jobs");
  figure("queue", "jobs failed", failed.length, "jobs");
  figure("queue", "jobs stuck (not finished by the deadline)", stuck.length, "jobs", {
    target: "0",
    met: stuck.length === 0,
  });
  if (stuck.length === 0)
    figure(
      "queue",
      "first enqueue to last job done",
      Math.max(...jobs.map((j) => j.end)) - started,
      "ms",
    );
  figure("queue", "longest small job, enqueue to done", Math.max(0, ...smallWaits), "ms");
  figure("queue", "requests answered 503 worker restarted", restarted, "requests");
} catch (error) {
  console.log(`  wrangler's last words:\n${server.output().slice(-3000)}`);
  throw error;
} finally {
  await server.stop();
}
