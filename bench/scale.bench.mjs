// Scale (issue 15): the app at 2,000, 20,000 and 100,000 videos, each size on a fresh database
// behind its own wrangler dev, printing how every figure grows. At each size:
// - ingestion of one channel of that size through the real queue (job time, D1 statements,
//   /api/health p95 and max while the job runs);
// - the Videos page for every sortable column, with and without a title search: API p50 against
//   /api/health p50 measured interleaved on the same server, and requests/s at concurrency 16
//   against /api/health's;
// - the page's SQL alone on the SQLite file and on PostgreSQL 15 with the same rows and indexes
//   (bench/lib/scale-sql.mjs);
// - the whole-table CSV export (time, workerd memory growth), and the same with Merge Same on;
// - a one-time report over the channel (time, memory growth of the workerd process and of the
//   Worker's own isolate heap, /api/health p95 while it runs), then
//   its files downloaded and opened (CSV lines counted, JSON parsed);
// - the Videos tab in Chromium: navigation to the first rows painted, and the layout shift score.
// BENCH_SCALE_SIZES=2000,20000 picks sizes; BENCH_SCALE_SECONDS the c16 duration (default 10);
// BENCH_REQUEST_TIMEOUT_S how long a control call may wait for its answer (default 1800);
// BENCH_SCALE_SKIP=report,tab leaves those parts out (a quicker before/after of the others).
// BENCH_SCALE_HEAP=1 also reads the Worker isolate's heap during the report, through wrangler's
// inspector (off by default: the report ran slower with the inspector open, docs/performance.md).
// It prints the load average with each size, since the machine is shared.
import { loadavg } from "node:os";
import XLSX from "xlsx";
import { DEMO_ADMIN, launchBrowser } from "../tests/e2e/support.mjs";
import { figure } from "./lib/figures.mjs";
import { demoApiCaller, requestJson } from "./lib/http.mjs";
import { sampleWorkerHeap } from "./lib/isolate-heap.mjs";
import { rssMB, workerdUnder } from "./lib/proc.mjs";
import { compareSql } from "./lib/scale-sql.mjs";
import { signInDemo, startBenchServer } from "./lib/server.mjs";
import { pct, timed } from "./lib/timing.mjs";

const SIZES = (process.env.BENCH_SCALE_SIZES ?? "2000,20000,100000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const SKIP = new Set((process.env.BENCH_SCALE_SKIP ?? "").split(",").filter(Boolean));
const SORTS = [
  "title",
  "channelTitle",
  "views",
  "likes",
  "comments",
  "publishDate",
  "lastUpdated",
  "first24hViews",
  "first48hViews",
  "first7dViews",
  "trailing1dViews",
  "trailing1wViews",
  "trailing1mViews",
  "trailing1yViews",
];
async function throughput(url, headers) {
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
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

/**
 * The workerd process's RSS sampled every 20 ms from now until grownMB() is asked, which gives the
 * peak's growth over the start. The start waits a second first, so memory freed by what ran just
 * before (a download, a page burst) has settled and is not counted against the next step.
 */
async function trackRss(pid) {
  await new Promise((r) => setTimeout(r, 1000));
  const base = rssMB(pid);
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(pid))), 20);
  return {
    grownMB() {
      clearInterval(sampler);
      return peak - base;
    },
  };
}

/**
 * The data records of a CSV file (after its heading), parsed as a spreadsheet opens it: a quoted
 * cell may hold line breaks (12.5% of the sandbox's titles do), so lines are not records.
 */
function csvRecords(text) {
  const book = XLSX.read(text, { type: "string", raw: true, dense: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  return XLSX.utils.sheet_to_json(sheet, { header: 1, blankrows: true }).length - 1;
}

const curve = [];
const browser = await launchBrowser();
try {
  for (const size of SIZES) curve.push(await measure(size));
} finally {
  await browser.close();
}

console.log("\n### growth curve");
const keys = Object.keys(curve[0] ?? {});
console.log(`| figure | ${curve.map((c) => `${c.videos} videos`).join(" | ")} |`);
console.log(`| --- | ${curve.map(() => "---").join(" | ")} |`);
for (const k of keys.filter((k) => k !== "videos"))
  console.log(
    `| ${k} | ${curve.map((c) => (typeof c[k] === "number" ? c[k].toFixed(2) : c[k])).join(" | ")} |`,
  );
const at = (n) => curve.find((c) => c.videos === n);
if (at(20000) && at(100000)) {
  const ratio = at(100000).exportMs / at(20000).exportMs;
  figure("scale", "CSV export t(100k) / t(20k)", ratio, "x", {
    target: "<= 5.5",
    met: ratio <= 5.5,
  });
}

async function measure(size) {
  const short = `${size / 1000}k`;
  const server = await startBenchServer(`scale-${size}`, {
    inspector: !SKIP.has("report") && process.env.BENCH_SCALE_HEAP === "1",
  });
  const row = { videos: size, loadAverage: loadavg()[0] };
  console.log(`${size} videos: load average ${loadavg()[0].toFixed(1)} at the start`);
  try {
    await (await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" })).json();
    // Calls that may wait long (a job's status while its channel is written) use node:http with
    // BENCH_REQUEST_TIMEOUT_S instead of fetch's fixed 300 s.
    const token = await signInDemo(server.url);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const call = demoApiCaller(server.url, token);
    const me = await call("/api/auth/me");
    const org = `/api/orgs/${me.organization.id}`;
    await call(`${org}/integrations/youtube/connect`, { apiKey: "AIza-sandbox-bench-scale" });
    const workerd = workerdUnder(server.pid);

    // Ingestion through the queue.
    const { jobId } = await call(`${org}/channels`, {
      url: `https://www.youtube.com/@bench-${size}`,
    });
    let job;
    let slowestPoll = 0;
    // /api/health every 100 ms on the side, kept from the first answer that shows the job
    // running: what every other request of the server waits while the channel is written.
    const healthDuringIngest = [];
    let ingesting = false;
    let ingested = false;
    const healthSampler = (async () => {
      while (!ingested) {
        const asked = performance.now();
        await requestJson(`${server.url}/api/health`);
        if (ingesting) healthDuringIngest.push(performance.now() - asked);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    for (;;) {
      const asked = performance.now();
      job = (await call(`${org}/jobs/${jobId}`)).job;
      slowestPoll = Math.max(slowestPoll, performance.now() - asked);
      if (job.status !== "queued") ingesting = true;
      if (job.status === "succeeded") break;
      if (job.status === "failed") throw new Error(job.errorMessage);
      await new Promise((r) => setTimeout(r, 250));
    }
    ingested = true;
    await healthSampler;
    row.ingestMs = Date.parse(job.finishedAt) - Date.parse(job.startedAt);
    row.ingestStatements = job.d1Statements;
    row.slowestPollDuringIngestMs = slowestPoll;
    figure("scale", `${short}: slowest job-status answer while ingesting`, slowestPoll, "ms");
    row.healthP95DuringIngestMs = pct(healthDuringIngest, 95);
    row.healthMaxDuringIngestMs = Math.max(0, ...healthDuringIngest);
    figure(
      "scale",
      `${short}: /api/health p95 while ingesting (${healthDuringIngest.length} samples)`,
      row.healthP95DuringIngestMs ?? 0,
      "ms",
    );
    figure(
      "scale",
      `${short}: /api/health slowest while ingesting`,
      row.healthMaxDuringIngestMs,
      "ms",
    );
    const statementLimit = Math.ceil(size / 500) + 20;
    figure("scale", `${short}: ingest one channel, job run time`, row.ingestMs, "ms", {
      ...(size === 100000 ? { target: "<= 20000 ms", met: row.ingestMs <= 20000 } : {}),
    });
    figure("scale", `${short}: ingest, D1 statements`, row.ingestStatements, "", {
      target: `<= N/500 + 20 = ${statementLimit}`,
      met: row.ingestStatements <= statementLimit,
    });

    // The Dashboard's overview, its first request: the first ask after the ingestion weighs
    // every video against its history for the top movers; later asks use the figures kept while
    // the organisation's content is unchanged (worker/features/overview/kept-overviews.ts).
    {
      const overview = `${server.url}${org}/overview?platform=youtube&range=30days`;
      const overviewHealth = [await timed(`${server.url}/api/health`, {})];
      const firstAsk = await timed(overview, headers);
      const again = [];
      for (let i = 0; i < 15; i++) {
        overviewHealth.push(await timed(`${server.url}/api/health`, {}));
        again.push(await timed(overview, headers));
      }
      const healthP50 = pct(overviewHealth, 50);
      row.overviewFirstMs = firstAsk;
      row.overviewAgainRatio = pct(again, 50) / healthP50;
      figure(
        "scale",
        `${short}: Dashboard overview, first ask after ingesting / health p50 (${firstAsk.toFixed(1)} ms)`,
        firstAsk / healthP50,
        "x",
      );
      figure(
        "scale",
        `${short}: Dashboard overview asked again, p50 / health p50 (${pct(again, 50).toFixed(1)} ms)`,
        row.overviewAgainRatio,
        "x",
      );
    }

    // The Videos page: every sortable column, with and without a search, against /api/health.
    const first = await call(`${org}/tables/videos?pageSize=1&sort=title`);
    const term = first.rows[0].title.split(/[^\p{L}]+/u).find((w) => w.length >= 5);
    const health = `${server.url}/api/health`;
    const page = (sort, q) =>
      `${server.url}${org}/tables/videos?sort=${sort}&dir=desc${q ? `&q=${encodeURIComponent(q)}` : ""}`;
    const { total: matching } = await call(`${org}/tables/videos?q=${encodeURIComponent(term)}`);
    console.log(`search term "${term}" matches ${matching} of ${size} videos`);
    // A search for one video, as people search: the number in its title.
    const rare = first.rows[0].title.match(/\d{4,}/)?.[0];
    const { total: rareMatching } = rare
      ? await call(`${org}/tables/videos?q=${encodeURIComponent(rare)}`)
      : { total: 0 };
    console.log(`rare search term "${rare}" matches ${rareMatching} of ${size} videos`);
    let worst = { ratio: 0 };
    const searches = [undefined, term, ...(rare ? [rare] : [])];
    const bySearch = new Map(searches.map((q) => [q, { mine: [], theirs: [] }]));
    for (const sort of SORTS) {
      for (const q of searches) {
        const mine = [];
        const theirs = [];
        for (let i = 0; i < 3; i++) await timed(page(sort, q), headers);
        for (let i = 0; i < 15; i++) {
          theirs.push(await timed(health, {}));
          mine.push(await timed(page(sort, q), headers));
        }
        bySearch.get(q).mine.push(...mine);
        bySearch.get(q).theirs.push(...theirs);
        const ratio = pct(mine, 50) / pct(theirs, 50);
        if (ratio > worst.ratio) worst = { ratio, sort, q, p50: pct(mine, 50) };
      }
    }
    const pooled = [...bySearch.values()];
    row.pageP50 = pct(
      pooled.flatMap((t) => t.mine),
      50,
    );
    row.healthP50 = pct(
      pooled.flatMap((t) => t.theirs),
      50,
    );
    row.worstPageRatio = worst.ratio;
    figure("scale", `${short}: Videos page p50, all sorts, with/without search`, row.pageP50, "ms");
    figure("scale", `${short}: /api/health p50 (same server, interleaved)`, row.healthP50, "ms");
    figure(
      "scale",
      `${short}: worst page p50 / health p50 (${worst.sort}${worst.q ? ` + "${worst.q}"` : ""})`,
      worst.ratio,
      "x",
      size === 100000 ? { target: "<= 2", met: worst.ratio <= 2 } : {},
    );
    for (const [q, { mine, theirs }] of bySearch) {
      const label = q === undefined ? "no search" : `"${q}"`;
      figure(
        "scale",
        `${short}: page p50 / health p50, all sorts, ${label} (${pct(mine, 50).toFixed(1)} ms)`,
        pct(mine, 50) / pct(theirs, 50),
        "x",
      );
    }
    // The first ask of a search: its totals are counted (later pages and sorts of the same
    // search use the ones kept under the organisation's write versions). Each word is asked once.
    const sample = await call(`${org}/tables/videos?pageSize=200&sort=views`);
    const words = [
      ...new Set(
        sample.rows.flatMap((r) =>
          r.title
            .toLowerCase()
            .split(/[^\p{L}]+/u)
            .filter((w) => w.length >= 4 && w !== term.toLowerCase()),
        ),
      ),
    ].slice(0, 15);
    const firstAsks = [];
    const firstHealth = [];
    for (const word of words) {
      firstHealth.push(await timed(health, {}));
      firstAsks.push(await timed(page("trailing1wViews", word), headers));
    }
    row.firstSearchRatio = pct(firstAsks, 50) / pct(firstHealth, 50);
    figure(
      "scale",
      `${short}: first ask of a search, page p50 / health p50 (${words.length} words, 1W)`,
      row.firstSearchRatio,
      "x",
    );
    // Filtered pages (no search): every sort, both directions, for a filter that keeps half the
    // videos, a few hundred, about a sixth, and a seventh (specs.ts, filterPlan). No target in
    // the issue; measured because people filter and sort as much as they search.
    const filtered = (filter, sort, dir) =>
      `${server.url}${org}/tables/videos?${filter}&sort=${sort}&dir=${dir}`;
    let worstFiltered = { ratio: 0 };
    for (const filter of ["published=year", "published=week", "views=gt100000", "views=lt1000"]) {
      const mine = [];
      const theirs = [];
      for (const sort of SORTS)
        for (const dir of ["desc", "asc"]) {
          const one = [];
          const near = [];
          for (let i = 0; i < 2; i++) await timed(filtered(filter, sort, dir), headers);
          for (let i = 0; i < 7; i++) {
            near.push(await timed(health, {}));
            one.push(await timed(filtered(filter, sort, dir), headers));
          }
          mine.push(...one);
          theirs.push(...near);
          const ratio = pct(one, 50) / pct(near, 50);
          if (ratio > worstFiltered.ratio)
            worstFiltered = { ratio, label: `${filter}, ${sort} ${dir}` };
        }
      figure(
        "scale",
        `${short}: filtered page p50 / health p50, all sorts both ways, ${filter} (${pct(mine, 50).toFixed(1)} ms)`,
        pct(mine, 50) / pct(theirs, 50),
        "x",
      );
    }
    figure(
      "scale",
      `${short}: worst filtered page p50 / health p50 (${worstFiltered.label})`,
      worstFiltered.ratio,
      "x",
    );
    // Merge Same on: every sort both ways (merged-videos.ts reads unshared titles off the sort
    // index and groups only the shared ones; the sandbox's channels re-upload one video in 25).
    {
      const merged = (sort, dir) =>
        `${server.url}${org}/tables/videos?merge=1&sort=${sort}&dir=${dir}`;
      const mine = [];
      const theirs = [];
      for (const sort of SORTS)
        for (const dir of ["desc", "asc"]) {
          await timed(merged(sort, dir), headers);
          for (let i = 0; i < 3; i++) {
            theirs.push(await timed(health, {}));
            mine.push(await timed(merged(sort, dir), headers));
          }
        }
      row.mergedPageRatio = pct(mine, 50) / pct(theirs, 50);
      figure(
        "scale",
        `${short}: Merge Same page p50 / health p50, all sorts both ways (${pct(mine, 50).toFixed(1)} ms)`,
        row.mergedPageRatio,
        "x",
      );
    }
    const pageRps = await throughput(page("trailing1wViews", term), headers);
    const healthRps = await throughput(health, {});
    row.rpsRatio = pageRps / healthRps;
    figure(
      "scale",
      `${short}: c16 req/s, page (1W + search) / health = ${pageRps.toFixed(0)} / ${healthRps.toFixed(0)}`,
      row.rpsRatio,
      "x",
      size === 100000 ? { target: ">= 0.5", met: row.rpsRatio >= 0.5 } : {},
    );

    // The same SQL without the app: the SQLite file, and PostgreSQL 15.
    const sqlFigures = await compareSql(server.persistTo, me.organization.id, {
      search: term,
      ...(rare ? { "rare search": rare } : {}),
    });
    if (sqlFigures) {
      row.sqliteVsPostgres = sqlFigures.worstRatio;
      figure(
        "scale",
        `${short}: page SQL median, SQLite / PostgreSQL 15 (worst: ${sqlFigures.worstLabel})`,
        sqlFigures.worstRatio,
        "x",
        size === 100000 ? { target: "<= 1.0", met: sqlFigures.worstRatio <= 1 } : {},
      );
      figure(
        "scale",
        `${short}: page SQL median on the SQLite file (all sorts)`,
        sqlFigures.sqliteMedian,
        "ms",
      );
    }

    // Whole-table CSV export.
    let rss = await trackRss(workerd);
    let t0 = performance.now();
    const csv = await (
      await fetch(`${server.url}${org}/tables/videos/export?format=csv`, { headers })
    ).text();
    row.exportMs = performance.now() - t0;
    row.exportMemoryMB = rss.grownMB();
    const records = csvRecords(csv);
    figure("scale", `${short}: whole-table CSV export (${records} rows)`, row.exportMs, "ms", {
      ...(size === 100000 ? { target: "<= 5000 ms", met: row.exportMs <= 5000 } : {}),
    });
    figure("scale", `${short}: CSV export, workerd RSS growth`, row.exportMemoryMB, "MB");

    // The same export with Merge Same on (the Export button sends the table's merge=1).
    rss = await trackRss(workerd);
    t0 = performance.now();
    const mergedCsv = await (
      await fetch(`${server.url}${org}/tables/videos/export?format=csv&merge=1`, { headers })
    ).text();
    const mergedMs = performance.now() - t0;
    const mergedMemoryMB = rss.grownMB();
    figure(
      "scale",
      `${short}: Merge Same CSV export (${csvRecords(mergedCsv)} rows) / whole-table export`,
      mergedMs / row.exportMs,
      "x",
    );
    figure("scale", `${short}: Merge Same CSV export`, mergedMs, "ms");
    figure("scale", `${short}: Merge Same CSV export, workerd RSS growth`, mergedMemoryMB, "MB");

    if (!SKIP.has("report")) {
      // A report over the whole channel, with /api/health sampled while it runs.
      const { channels } = await call(`${org}/channels`);
      rss = await trackRss(workerd);
      const heap = server.inspectorPort ? await sampleWorkerHeap(server.inspectorPort) : null;
      t0 = performance.now();
      const { report } = await call(`${org}/reports`, {
        title: `Scale ${size}`,
        platform: "youtube",
        dateRange: { type: "alltime", range: null },
        selectedEntities: [channels[0].id],
      });
      const during = [];
      let done;
      for (;;) {
        const asked = performance.now();
        await requestJson(health);
        during.push(performance.now() - asked);
        const listed = await call(`${org}/reports?platform=youtube`);
        done = listed.reports.find((r) => r.id === report.id);
        if (done.status === "completed" || done.status === "failed") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      row.reportMs = performance.now() - t0;
      row.reportMemoryMB = rss.grownMB();
      const isolate = await heap?.stop();
      row.healthP95DuringReport = pct(during, 95);
      figure(
        "scale",
        `${short}: report ${done.status} (${done.rowCount} rows)`,
        row.reportMs,
        "ms",
      );
      figure("scale", `${short}: report, workerd RSS growth`, row.reportMemoryMB, "MB", {
        ...(size === 100000 ? { target: "<= 32 MB", met: row.reportMemoryMB <= 32 } : {}),
      });
      // The same report seen from the Worker's isolate alone (bench/lib/isolate-heap.mjs): the
      // process above also holds the local D1 and R2. Printed beside it, not instead of it.
      if (isolate) {
        figure(
          "scale",
          `${short}: report, Worker isolate heap growth, used (${isolate.samples} samples; from ${isolate.usedBase.toFixed(1)} MB)`,
          isolate.usedPeak - isolate.usedBase,
          "MB",
        );
        figure(
          "scale",
          `${short}: report, Worker isolate heap growth, committed (from ${isolate.committedBase.toFixed(1)} MB)`,
          isolate.committedPeak - isolate.committedBase,
          "MB",
        );
      }
      figure(
        "scale",
        `${short}: /api/health p95 while the report runs (${during.length} samples)`,
        row.healthP95DuringReport,
        "ms",
        size === 100000 ? { target: "<= 100 ms", met: row.healthP95DuringReport <= 100 } : {},
      );
      // The files download and open.
      let opened = 0;
      for (const file of done.files ?? []) {
        const res = await fetch(`${server.url}${org}/reports/${report.id}/files/${file.id}`, {
          headers,
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`download ${file.filename}: HTTP ${res.status}`);
        if (file.filename.endsWith(".json")) {
          const parsed = JSON.parse(text);
          console.log(`  ${file.filename}: ${text.length} bytes, ${parsed.videos.length} videos`);
        } else {
          console.log(`  ${file.filename}: ${text.length} bytes, ${csvRecords(text)} rows`);
        }
        opened++;
      }
      figure("scale", `${short}: report files downloaded and opened`, opened, "", {
        ...(size === 100000
          ? { target: "3 files", met: done.status === "completed" && opened === 3 }
          : {}),
      });
    }
    if (!SKIP.has("tab")) {
      // The Videos tab in Chromium: rows visible, and the layout shift score on the way. "Rows
      // visible" is read in the page: from the navigation's start (performance's time origin) to
      // the first frame painted after the first row entered the DOM (a task queued from the
      // animation frame that row is rendered in runs after that frame's paint). Playwright's own
      // wait for the row is printed beside it: it polls the page at 0, 20, 50, 100 ms and then
      // every 500 ms, so it adds up to half a second that no person waits (docs/performance.md).
      const painted = [];
      const polled = [];
      const shifts = [];
      for (let i = 0; i < 3; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.request.post(`${server.url}/api/auth/sign-in`, { data: DEMO_ADMIN });
        const tab = await context.newPage();
        await tab.addInitScript(() => {
          window.__cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
          }).observe({ type: "layout-shift", buffered: true });
          new MutationObserver((_changes, observer) => {
            if (!document.querySelector('[data-testid="table-row"]')) return;
            observer.disconnect();
            requestAnimationFrame(() =>
              setTimeout(() => {
                window.__rowsPainted = performance.now();
              }, 0),
            );
          }).observe(document, { childList: true, subtree: true });
        });
        const start = Date.now();
        await tab.goto(`${server.url}/dashboard?platform=youtube&tab=videos`);
        await tab.getByTestId("table-row").first().waitFor();
        polled.push(Date.now() - start);
        await tab.waitForFunction(() => window.__rowsPainted !== undefined);
        painted.push(Math.round(await tab.evaluate(() => window.__rowsPainted)));
        await tab.waitForTimeout(1500);
        shifts.push(await tab.evaluate(() => window.__cls));
        await context.close();
      }
      row.rowsVisibleMs = pct(painted, 50);
      row.rowsFoundByPlaywrightMs = pct(polled, 50);
      row.cls = pct(shifts, 50);
      figure(
        "scale",
        `${short}: Videos tab, navigation to first rows painted (median of 3)`,
        row.rowsVisibleMs,
        "ms",
        {
          target: "<= 1000 ms",
          met: row.rowsVisibleMs <= 1000,
        },
      );
      figure(
        "scale",
        `${short}: Videos tab, navigation to Playwright finding a row (median of 3)`,
        row.rowsFoundByPlaywrightMs,
        "ms",
      );
      figure("scale", `${short}: Videos tab, cumulative layout shift (median of 3)`, row.cls, "", {
        target: "< 0.05",
        met: row.cls < 0.05,
      });
    }
    return row;
  } finally {
    await server.stop();
  }
}
