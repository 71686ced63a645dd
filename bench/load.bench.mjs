// Mixed load (issue 9): 60 s at concurrency 16 from this process against the local Worker
// (wrangler dev, a separate process) with the demo organisation: dashboard list pages with
// sorts, searches and pages, the detail chart, report downloads, and sign-ins. Prints
// requests/s, p50/p95/p99, per-kind p95 and the error count (target: zero errors).
// BENCH_LOAD_SECONDS and BENCH_LOAD_CONCURRENCY change the run.

import { figure } from "./lib/figures.mjs";
import { DEMO_ADMIN, signInDemo, startBenchServer } from "./lib/server.mjs";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 16);
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = await startBenchServer("load");
try {
  const seed = await (await fetch(`${server.url}/dev/seed`, { method: "POST" })).json();
  const signIn = () =>
    fetch(`${server.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO_ADMIN),
    });
  const auth = { authorization: `Bearer ${await signInDemo(server.url)}` };
  const org = `${server.url}/api/orgs/${seed.organization.id}`;
  // The demo content arrives through the real queue; wait for it.
  for (let i = 0; i < 240; i++) {
    const { channels } = await (await fetch(`${org}/channels`, { headers: auth })).json();
    const { shows } = await (await fetch(`${org}/shows`, { headers: auth })).json();
    if (channels.length >= 3 && shows.length >= 2) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const { rows: someVideos } = await (
    await fetch(`${org}/tables/videos?pageSize=50`, { headers: auth })
  ).json();
  const words = someVideos.flatMap((v) => v.title.split(/\s+/)).filter((w) => w.length > 4);

  const kinds = [
    {
      name: "videos page",
      weight: 30,
      run: () =>
        fetch(
          `${org}/tables/videos?page=${1 + Math.floor(Math.random() * 3)}&sort=${pick(["views", "publishDate", "trailing1wViews", "title"])}&dir=${pick(["asc", "desc"])}`,
          { headers: auth },
        ),
    },
    {
      name: "videos search",
      weight: 15,
      run: () =>
        fetch(
          `${org}/tables/videos?q=${encodeURIComponent(pick(words))}&sort=trailing1wViews&dir=desc`,
          { headers: auth },
        ),
    },
    {
      name: "episodes page",
      weight: 15,
      run: () =>
        fetch(
          `${org}/tables/episodes?page=1&sort=${pick(["totalDownloadsGlobal", "publishDate"])}&dir=desc`,
          { headers: auth },
        ),
    },
    {
      name: "channels and shows",
      weight: 10,
      run: () => fetch(`${org}/tables/${pick(["channels", "shows"])}`, { headers: auth }),
    },
    {
      name: "recent activity",
      weight: 10,
      run: () => fetch(`${org}/jobs?limit=20`, { headers: auth }),
    },
    {
      name: "session (me)",
      weight: 10,
      run: () => fetch(`${server.url}/api/auth/me`, { headers: auth }),
    },
    { name: "sign-in", weight: 2, run: signIn },
  ];
  const wheel = kinds.flatMap((k) => Array(k.weight).fill(k));
  const samples = [];
  const errors = new Map();
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const kind = pick(wheel);
        const t0 = performance.now();
        try {
          const res = await kind.run();
          await res.arrayBuffer();
          if (!res.ok)
            errors.set(
              `${kind.name} HTTP ${res.status}`,
              (errors.get(`${kind.name} HTTP ${res.status}`) ?? 0) + 1,
            );
        } catch (e) {
          errors.set(
            `${kind.name} ${e.message}`,
            (errors.get(`${kind.name} ${e.message}`) ?? 0) + 1,
          );
        }
        samples.push({ kind: kind.name, ms: performance.now() - t0 });
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${samples.length} requests in ${elapsed.toFixed(1)} s at concurrency ${CONCURRENCY}`,
  );
  figure(
    "load",
    `requests/s (mixed, c${CONCURRENCY}, ${SECONDS} s)`,
    samples.length / elapsed,
    "req/s",
  );
  figure("load", "latency p50", percentile(all, 50), "ms");
  figure("load", "latency p95", percentile(all, 95), "ms");
  figure("load", "latency p99", percentile(all, 99), "ms");
  figure("load", "errors", errorCount, "", { target: "0", met: errorCount === 0 });
  for (const kind of kinds) {
    const ms = samples
      .filter((s) => s.kind === kind.name)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    if (ms.length)
      console.log(
        `    ${kind.name.padEnd(20)} n=${String(ms.length).padStart(6)}  p50 ${percentile(ms, 50).toFixed(1)} ms  p95 ${percentile(ms, 95).toFixed(1)} ms`,
      );
  }
  for (const [what, n] of errors) console.log(`    error: ${what} x ${n}`);
} finally {
  await server.stop();
}
