// Ingests a sandbox channel with 5,000 videos through the running Worker (real queue consumer,
// real D1 in workerd) and prints wall time, D1 statements and YouTube quota units against the
// minimum 1 + 2 x ceil(N/50), for the first ingestion and for a full refresh. Figures only;
// nothing is asserted. BENCH_VIDEOS=N changes the size.

import { figure } from "./lib/figures.mjs";
import { signInDemo, startBenchServer } from "./lib/server.mjs";

const N = Number(process.env.BENCH_VIDEOS ?? 5000);
const server = await startBenchServer("ingest");
const json = async (res) => {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
};
try {
  await json(await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" }));
  const accessToken = await signInDemo(server.url);
  const auth = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
  const me = await json(await fetch(`${server.url}/api/auth/me`, { headers: auth }));
  const org = `${server.url}/api/orgs/${me.organization.id}`;
  await json(
    await fetch(`${org}/integrations/youtube/connect`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ apiKey: "AIza-sandbox-bench" }),
    }),
  );
  const follow = async (jobId) => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const { job } = await json(await fetch(`${org}/jobs/${jobId}`, { headers: auth }));
      if (job.status === "succeeded" || job.status === "failed") return job;
    }
  };
  const minimum = 1 + 2 * Math.ceil(N / 50);
  const report = (label, job, wall, short) => {
    console.log(`### ${label}`);
    console.log(
      `status                   ${job.status}${job.errorMessage ? ` (${job.errorMessage})` : ""}`,
    );
    console.log(`videos                   ${job.processed} of ${N}`);
    console.log(`wall time (enqueue→done) ${wall} ms`);
    console.log(
      `job run time             ${Date.parse(job.finishedAt) - Date.parse(job.startedAt)} ms`,
    );
    console.log(`D1 statements            ${job.d1Statements}`);
    console.log(
      `YouTube quota units      ${job.quotaUnits} (minimum ${minimum}, ratio ${(job.quotaUnits / minimum).toFixed(2)})`,
    );
    figure(
      "ingest",
      `${short}: ${N} videos, job run time`,
      Date.parse(job.finishedAt) - Date.parse(job.startedAt),
      "ms",
    );
    figure("ingest", `${short}: D1 statements`, job.d1Statements, "");
    figure("ingest", `${short}: quota units / minimum`, `${job.quotaUnits} / ${minimum}`, "", {
      target: "ratio 1.00",
      met: job.quotaUnits === minimum,
    });
  };
  let started = Date.now();
  const { jobId } = await json(
    await fetch(`${org}/channels`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: `https://www.youtube.com/@bench-${N}` }),
    }),
  );
  report(
    "first ingestion (all rows new)",
    await follow(jobId),
    Date.now() - started,
    "first ingestion",
  );
  // The daily case: the same channel again, every row already there (upserts and new snapshots).
  started = Date.now();
  const { jobIds } = await json(
    await fetch(`${org}/refresh`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ platform: "youtube" }),
    }),
  );
  report(
    "full refresh (rows exist)",
    await follow(jobIds[0]),
    Date.now() - started,
    "full refresh",
  );
} finally {
  await server.stop();
}
