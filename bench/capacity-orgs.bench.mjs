// Capacity, neighbours (issue 17): does one organisation's Videos page stay as fast when its
// database also holds many other organisations? One wrangler dev on fresh databases (the primary
// and the two content databases of wrangler.toml; placement spreads new organisations over the
// content ones, so at 40 organisations the demo's database holds about 20); the demo
// organisation ingests a 2,000-video channel through the real queue, then more organisations are
// added the same way (their own admin, their own API key, the same sandbox channel), each with
// daily history from /dev/backfill-history, and the demo organisation's Videos page is measured
// at each step: p95 over several sorts with and without a title search, interleaved with
// /api/health on the same server (the machine is shared, so the ratio to health is the figure
// that compares across steps; the raw p95 is printed too).
// BENCH_ORGS_STEPS (1,10,40) how many organisations at each measurement; BENCH_ORGS_VIDEOS (2000)
// videos per organisation; BENCH_ORGS_HISTORY_DAYS (30) days of daily video and channel history
// per organisation; BENCH_ORGS_SAMPLES (20) timed requests per sort and search at each step.
// Prints figures only; nothing here asserts a time.
import { loadavg } from "node:os";
import { figure } from "./lib/figures.mjs";
import { demoApiCaller, requestJson } from "./lib/http.mjs";
import { d1Census } from "./lib/proc.mjs";
import { DEMO_ADMIN, startBenchServer } from "./lib/server.mjs";
import { pct, timed } from "./lib/timing.mjs";

const env = (name, fallback) => process.env[`BENCH_ORGS_${name}`] ?? fallback;
const STEPS = env("STEPS", "1,10,40").split(",").map(Number);
const VIDEOS = Number(env("VIDEOS", 2000));
const HISTORY_DAYS = Number(env("HISTORY_DAYS", 30));
const SAMPLES = Number(env("SAMPLES", 20));
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
const SORTS = ["trailing1wViews", "views", "publishDate", "title"];

const server = await startBenchServer("capacity-orgs");
try {
  await (await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" })).json();
  const demo = await organisationSession(server.url, DEMO_ADMIN);
  await fillOrganisation(server.url, demo);
  const term = await searchTerm(demo);
  let organisations = 1;
  const steps = [];
  for (const target of STEPS) {
    const started = performance.now();
    for (; organisations < target; organisations++) {
      const made = await newOrganisation(server.url, `Capacity ${organisations + 1}`);
      await fillOrganisation(server.url, await organisationSession(server.url, made.admin));
    }
    if (target > 1)
      console.log(
        `  added organisations up to ${target} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    steps.push(await measure(server, demo, term, target));
  }
  const first = steps[0];
  for (const step of steps.slice(1)) {
    const raw = step.pageP95 / first.pageP95;
    const normalised = step.pageToHealth / first.pageToHealth;
    figure(
      "capacity",
      `Videos page p95 at ${step.organisations} orgs / at ${first.organisations}, raw`,
      raw,
      "x",
    );
    figure(
      "capacity",
      `same, each step divided by its /api/health p95`,
      normalised,
      "x",
      step.organisations >= 40 ? { target: "<= 1.2", met: normalised <= 1.2 } : {},
    );
  }
} finally {
  await server.stop();
}

/**
 * A new organisation with its own admin (sandbox route). wrangler dev now and then answers 503
 * on its own (not the app: the Worker never answers 503 there) while queue jobs run; nothing is
 * written then, so the bench waits and asks again, and says so.
 */
async function newOrganisation(url, label) {
  for (let attempt = 1; ; attempt++) {
    const made = await requestJson(`${url}/dev/organizations`, { method: "POST", body: { label } });
    if (made.status === 201) return made.json;
    if (made.status !== 503 || attempt >= 5)
      throw new Error(`/dev/organizations: HTTP ${made.status} ${made.text.slice(0, 300)}`);
    console.log(`  (/dev/organizations answered 503: ${made.text.slice(0, 120)}; asked again)`);
    await new Promise((r) => setTimeout(r, 5000));
  }
}

async function signIn(url, who) {
  const res = await requestJson(`${url}/api/auth/sign-in`, {
    method: "POST",
    body: { email: who.email, password: who.password },
  });
  if (res.status !== 200) throw new Error(`sign-in ${who.email}: HTTP ${res.status}`);
  return res.json.accessToken;
}

/**
 * A person's JSON calls. Access tokens live 15 minutes and a run takes longer, so a call answered
 * 401 signs in again and is asked once more.
 */
async function organisationSession(url, who) {
  const session = { who, token: await signIn(url, who) };
  session.call = async (p, body) => {
    try {
      return await demoApiCaller(url, session.token)(p, body);
    } catch (error) {
      if (!String(error.message).includes("HTTP 401")) throw error;
      session.token = await signIn(url, who);
      return demoApiCaller(url, session.token)(p, body);
    }
  };
  const me = await session.call("/api/auth/me");
  session.organizationId = me.organization.id;
  session.org = `/api/orgs/${me.organization.id}`;
  return session;
}

/** A channel of VIDEOS videos through the queue, then HISTORY_DAYS of daily history. */
async function fillOrganisation(url, session) {
  const { call, org } = session;
  await call(`${org}/integrations/youtube/connect`, { apiKey: "AIza-sandbox-bench-capacity" });
  const { jobId } = await call(`${org}/channels`, {
    url: `https://www.youtube.com/@bench-${VIDEOS}`,
  });
  for (;;) {
    const { job } = await call(`${org}/jobs/${jobId}`);
    if (job.status === "succeeded") break;
    if (job.status === "failed") throw new Error(`ingestion failed: ${job.errorMessage}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const history = await requestJson(
    `${url}/dev/backfill-history?organizationId=${session.organizationId}` +
      `&days=${HISTORY_DAYS}&videoDays=${HISTORY_DAYS}`,
    { method: "POST" },
  );
  if (history.status !== 200)
    throw new Error(`/dev/backfill-history: HTTP ${history.status} ${history.text}`);
}

/** A word of the first title, as a person would type it. */
async function searchTerm(session) {
  const first = await session.call(`${session.org}/tables/videos?pageSize=1&sort=title`);
  return first.rows[0].title.split(/[^\p{L}]+/u).find((w) => w.length >= 5);
}

async function measure(server, session, term, organisations) {
  session.token = await signIn(server.url, session.who); // 15 minutes ahead, for the timed requests
  const headers = { authorization: `Bearer ${session.token}` };
  const health = `${server.url}/api/health`;
  const page = (sort, q) =>
    `${server.url}${session.org}/tables/videos?sort=${sort}&dir=desc` +
    (q ? `&q=${encodeURIComponent(q)}` : "");
  const pageTimes = [];
  const healthTimes = [];
  for (const sort of SORTS)
    for (const q of [undefined, term]) {
      for (let i = 0; i < 2; i++) await timed(page(sort, q), headers);
      for (let i = 0; i < SAMPLES; i++) {
        healthTimes.push(await timed(health, {}));
        pageTimes.push(await timed(page(sort, q), headers));
      }
    }
  const census = d1Census(server.persistTo);
  const primary = census.find((row) => row.primary);
  const content = census.filter((row) => !row.primary);
  const step = {
    organisations,
    pageP95: pct(pageTimes, 95),
    healthP95: pct(healthTimes, 95),
  };
  step.pageToHealth = step.pageP95 / step.healthP95;
  console.log(
    `${organisations} organisations (${organisations * VIDEOS} videos; primary database ` +
      `${mb(primary?.bytes ?? 0)}; content databases ` +
      `${content.map((row) => `${mb(row.bytes)} with ${row.organizations} orgs`).join(", ")}; ` +
      `load average ${loadavg()[0].toFixed(1)}):`,
  );
  figure("capacity", `${organisations} orgs: Videos page p95 (one org)`, step.pageP95, "ms");
  figure("capacity", `${organisations} orgs: /api/health p95, interleaved`, step.healthP95, "ms");
  figure("capacity", `${organisations} orgs: page p95 / health p95`, step.pageToHealth, "x");
  return step;
}
