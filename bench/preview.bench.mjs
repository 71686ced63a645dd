// Multi-channel preview at 2,000 x 2,000 (issue 15): the time to generate a preview (read the
// content, merge, match, seed the board's room, store the suggestions) against its content reads
// alone, on the same server in the same run. `POST .../multi-channel/content` (the Merge Content
// Options step) runs the same reads for the same selection and only counts them, so it is the
// reference. The two are interleaved, round after round; the figure is the ratio of their p50s.
// Target: a preview takes at most 1.5x its content reads.
// Content: the YouTube emulator's "@bench-N" channel and the Simplecast emulator's "Bench N
// Podcast", which publishes the same programmes 0-3 days later (realistic pairs).
// BENCH_PREVIEW_SIZE (default 2000), BENCH_PREVIEW_ROUNDS (default 9).
import { loadavg } from "node:os";
import { figure } from "./lib/figures.mjs";
import { demoApiCaller } from "./lib/http.mjs";
import { signInDemo, startBenchServer } from "./lib/server.mjs";

const SIZE = Number(process.env.BENCH_PREVIEW_SIZE ?? 2000);
const ROUNDS = Number(process.env.BENCH_PREVIEW_ROUNDS ?? 9);
const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startBenchServer("preview");
try {
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
  console.log(
    `content: ${JSON.stringify(summary).slice(0, 160)}; load average ${loadavg()[0].toFixed(1)}`,
  );

  const reads = [];
  const previews = [];
  let board = null;
  // One unmeasured round first: the first calls pay for compiling and warming SQLite's cache.
  for (let round = -1; round < ROUNDS; round++) {
    let started = performance.now();
    await call(`${org}/multi-channel/content`, selection);
    const read = performance.now() - started;
    started = performance.now();
    const { previewId } = await call(`${org}/multi-channel/previews`, {
      ...selection,
      title: `Preview bench ${round}`,
      mergeOptions,
    });
    const preview = performance.now() - started;
    if (round >= 0) {
      reads.push(read);
      previews.push(preview);
    }
    if (round === ROUNDS - 1) board = await call(`${org}/multi-channel/previews/${previewId}`);
  }
  const paired = board.arrangement.rows.filter((r) => r.videoId && r.episodeId).length;
  console.log(
    `board: ${board.content.videos.length} videos, ${board.content.episodes.length} episodes, ${board.arrangement.rows.length} rows, ${paired} paired; ${ROUNDS} rounds`,
  );
  const short = `${SIZE / 1000}k x ${SIZE / 1000}k`;
  figure("preview", `${short}: content reads alone (p50)`, p50(reads), "ms");
  figure("preview", `${short}: generate the preview (p50)`, p50(previews), "ms");
  const ratio = p50(previews) / p50(reads);
  figure("preview", `${short}: preview / its content reads`, ratio, "x", {
    target: "<= 1.5",
    met: ratio <= 1.5,
  });
} finally {
  await server.stop();
}
