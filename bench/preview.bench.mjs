// Multi-channel preview at 2,000 x 2,000 (issue 15): the time to generate a preview (read the
// content, merge, match, seed the board's room, store the suggestions) against its content reads
// alone, on the same server in the same run. `POST .../multi-channel/content` (the Merge Content
// Options step) runs the same reads for the same selection and only counts them, so it is the
// reference. The two are interleaved, round after round; the figure is the ratio of their p50s.
// Target: a preview takes at most 1.5x its content reads.
// Content: the YouTube emulator's "@bench-N" channel and the Simplecast emulator's "Bench N
// Podcast", which publishes the same programmes 0-3 days later (realistic pairs).
// BENCH_PREVIEW_SIZE (default 2000), BENCH_PREVIEW_ROUNDS (default 9).
// BENCH_PREVIEW_BASELINE=<another checkout> also starts that checkout's app (e.g. main in a scratch
// worktree) and interleaves the two, so "before" and "after" come from the same run and load.
import { loadavg } from "node:os";
import { figure } from "./lib/figures.mjs";
import { demoApiCaller } from "./lib/http.mjs";
import { prepareWithBaseline, signInDemo } from "./lib/server.mjs";

const SIZE = Number(process.env.BENCH_PREVIEW_SIZE ?? 2000);
const ROUNDS = Number(process.env.BENCH_PREVIEW_ROUNDS ?? 9);
const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const baseline = process.env.BENCH_PREVIEW_BASELINE;
/** Every server started, stopped at the end even when setting one up failed. */
const servers = [];

/** One app with the bench channel and podcast ingested; returns what a round needs. */
async function prepare(label, start) {
  const server = await start(`preview-${label}`);
  servers.push(server);
  await (await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" })).json();
  const call = demoApiCaller(server.url, await signInDemo(server.url));
  const me = await call("/api/auth/me");
  const org = `/api/orgs/${me.organization.id}`;
  const waitFor = async (jobId) => {
    for (;;) {
      const { job } = await call(`${org}/jobs/${jobId}`);
      if (job.status === "succeeded") return;
      if (job.status === "failed") throw new Error(`job ${jobId}: ${job.errorMessage}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  await call(`${org}/integrations/youtube/connect`, { apiKey: "AIza-sandbox-bench-preview" });
  await call(`${org}/integrations/simplecast/connect`, {
    apiKey: `sandbox-bench-preview-bench-${SIZE}`,
  });
  const { podcasts } = await call(`${org}/integrations/simplecast/podcasts`);
  const podcast = podcasts.find((p) => p.title === `Bench ${SIZE} Podcast`);
  if (!podcast) throw new Error(`the emulator listed no "Bench ${SIZE} Podcast"`);
  await waitFor(
    (await call(`${org}/channels`, { url: `https://www.youtube.com/@bench-${SIZE}` })).jobId,
  );
  await waitFor((await call(`${org}/shows`, { podcastIds: [podcast.id] })).jobId);
  const { channels } = await call(`${org}/channels`);
  const { shows } = await call(`${org}/shows`);
  const channel = channels.find((c) => c.handle === `@bench-${SIZE}`);
  const show = shows.find((s) => s.title === podcast.title);
  if (!channel || !show) throw new Error("the bench channel or show was not ingested");

  const selection = {
    dateRange: { type: "alltime", range: null },
    selectedChannels: [channel.id],
    selectedShows: [show.id],
  };
  const mergeOptions = {
    mergeVideos: false,
    mergeEpisodes: false,
    videoMergeStrategy: "none",
    episodeMergeStrategy: "none",
  };
  const summary = await call(`${org}/multi-channel/content`, selection);
  console.log(`${label} content: ${JSON.stringify(summary).slice(0, 120)}`);
  return { label, call, org, selection, mergeOptions, reads: [], previews: [] };
}

const apps = [];
try {
  await prepareWithBaseline(apps, prepare, baseline);
  console.log(`load average ${loadavg()[0].toFixed(1)} at the start of the timed part`);
  let board = null;
  // One unmeasured round first: the first calls pay for compiling and warming SQLite's cache.
  for (let round = -1; round < ROUNDS; round++)
    for (const a of apps) {
      let started = performance.now();
      await a.call(`${a.org}/multi-channel/content`, a.selection);
      const read = performance.now() - started;
      started = performance.now();
      const { previewId } = await a.call(`${a.org}/multi-channel/previews`, {
        ...a.selection,
        title: `Preview bench ${round}`,
        mergeOptions: a.mergeOptions,
      });
      const preview = performance.now() - started;
      if (round >= 0) {
        a.reads.push(read);
        a.previews.push(preview);
      }
      if (round === ROUNDS - 1 && a === apps[0])
        board = await a.call(`${a.org}/multi-channel/previews/${previewId}`);
    }
  const paired = board.arrangement.rows.filter((r) => r.videoId && r.episodeId).length;
  console.log(
    `board: ${board.content.videos.length} videos, ${board.content.episodes.length} episodes, ${board.arrangement.rows.length} rows, ${paired} paired; ${ROUNDS} rounds; load average ${loadavg()[0].toFixed(1)} at the end`,
  );
  const short = `${SIZE / 1000}k x ${SIZE / 1000}k`;
  for (const a of apps) {
    const who = baseline ? `${a.label}: ` : "";
    figure("preview", `${who}${short}: content reads alone (p50)`, p50(a.reads), "ms");
    figure("preview", `${who}${short}: generate the preview (p50)`, p50(a.previews), "ms");
    const ratio = p50(a.previews) / p50(a.reads);
    figure("preview", `${who}${short}: preview / its content reads`, ratio, "x", {
      target: "<= 1.5",
      met: ratio <= 1.5,
    });
  }
} finally {
  for (const server of servers) await server.stop();
}
