// The Videos page request alone (issue 15): API p50 against /api/health p50 on the same server,
// interleaved, for a spread of sorts with and without a title search, then requests/s at
// concurrency 16 against /api/health's. Quicker than the scale bench, for one change at a time.
// BENCH_PAGE_BASELINE=<another checkout> also starts that checkout's app (e.g. main in a scratch
// worktree) and interleaves the two, so "before" and "after" come from the same run and load.
// BENCH_PAGE_VIDEOS (default 2000) sizes the channel; BENCH_PAGE_SECONDS the c16 runs (5).
import { loadavg } from "node:os";
import { figure } from "./lib/figures.mjs";
import { prepareWithBaseline, signInDemo } from "./lib/server.mjs";
import { pct, timed } from "./lib/timing.mjs";

const VIDEOS = Number(process.env.BENCH_PAGE_VIDEOS ?? 2000);
const SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 5);
const ROUNDS = 20;
const SORTS = ["title", "channelTitle", "views", "publishDate", "trailing1wViews"];
const baseline = process.env.BENCH_PAGE_BASELINE;

async function throughput(url, headers) {
  let n = 0;
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until) {
        await (await fetch(url, { headers })).arrayBuffer();
        n++;
      }
    }),
  );
  return n / ((Date.now() - started) / 1000);
}

/** One app with one channel of VIDEOS videos ingested through the queue. */
async function prepare(label, start) {
  const server = await start(`page-${label}`);
  await (await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" })).json();
  const headers = { authorization: `Bearer ${await signInDemo(server.url)}` };
  const call = async (p, body) => {
    const res = await fetch(`${server.url}${p}`, {
      method: body ? "POST" : "GET",
      headers: { ...headers, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${label} ${p}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  const me = await call("/api/auth/me");
  const org = `/api/orgs/${me.organization.id}`;
  await call(`${org}/integrations/youtube/connect`, { apiKey: "AIza-sandbox-bench-page" });
  const { jobId } = await call(`${org}/channels`, {
    url: `https://www.youtube.com/@bench-${VIDEOS}`,
  });
  for (;;) {
    const { job } = await call(`${org}/jobs/${jobId}`);
    if (job.status === "succeeded") break;
    if (job.status === "failed") throw new Error(job.errorMessage);
    await new Promise((r) => setTimeout(r, 250));
  }
  const first = await call(`${org}/tables/videos?pageSize=1&sort=title`);
  const term = first.rows[0].title.split(/[^\p{L}]+/u).find((w) => w.length >= 5);
  const page = (sort, q) =>
    `${server.url}${org}/tables/videos?sort=${sort}&dir=desc${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  return { label, server, headers, term, page, health: `${server.url}/api/health` };
}

const apps = [];
try {
  await prepareWithBaseline(apps, prepare, baseline);
  const load = loadavg()[0].toFixed(1);
  console.log(`${VIDEOS} videos; load average ${load} at the start of the timed part`);
  const times = new Map(apps.map((a) => [a.label, { page: [], health: [] }]));
  for (const a of apps) for (const sort of SORTS) await timed(a.page(sort, a.term), a.headers);
  for (let round = 0; round < ROUNDS; round++)
    for (const sort of SORTS)
      for (const withSearch of [false, true])
        for (const a of apps) {
          const t = times.get(a.label);
          t.health.push(await timed(a.health, {}));
          t.page.push(await timed(a.page(sort, withSearch ? a.term : undefined), a.headers));
        }
  for (const a of apps) {
    const t = times.get(a.label);
    const ratio = pct(t.page, 50) / pct(t.health, 50);
    console.log(
      `${a.label}: page p50 ${pct(t.page, 50).toFixed(1)} ms, health p50 ${pct(t.health, 50).toFixed(1)} ms`,
    );
    figure(
      "page",
      `${a.label}: Videos page p50 / health p50 (${VIDEOS} videos)`,
      ratio.toFixed(2),
      "x",
    );
  }
  for (const a of apps) {
    const pageRps = await throughput(a.page("trailing1wViews", a.term), a.headers);
    const healthRps = await throughput(a.health, {});
    figure(
      "page",
      `${a.label}: c16 req/s, page (1W + search) / health = ${pageRps.toFixed(0)} / ${healthRps.toFixed(0)}`,
      (pageRps / healthRps).toFixed(2),
      "x",
    );
  }
  console.log(`load average ${loadavg()[0].toFixed(1)} at the end`);
} finally {
  for (const a of apps) await a.server.stop();
}
