// Capacity (issue 17): what a day of history costs on disk, indexes included, and how many
// organisation-years fit in one 10 GB D1 database. No server: it builds throw-away SQLite files
// from migrations/*.sql (applied in order) and writes K organisations' history straight into the
// history tables, one day at a time as the daily refresh does (bench/lib/capacity_sqlite.py),
// then reads SQLite's dbstat for the bytes of every table and index. Two files: "product" (every
// migration: the layout the product stores history in) and "before" (the migrations before
// 0009_compact_history: the layout until issue 17), the same-run reference for sizes and for the
// read times. Prints figures only; nothing here asserts a size or a time.
// BENCH_CAPACITY_ORGS (4), _VIDEOS (2000 per organisation), _EPISODES (500), _CHANNELS (10),
// _SHOWS (5), _DAYS (365) change the generated data. Needs python3 with dbstat (Debian's has it).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { figure } from "./lib/figures.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = (name, fallback) => Number(process.env[`BENCH_CAPACITY_${name}`] ?? fallback);
const job = {
  orgs: env("ORGS", 4),
  videos: env("VIDEOS", 2000),
  episodes: env("EPISODES", 500),
  channels: env("CHANNELS", 10),
  shows: env("SHOWS", 5),
  days: env("DAYS", 365),
  seed: 17,
};
/** D1's per-database cap, which "cannot be further increased" (platform-limits reference). */
const DATABASE_BYTES = 10e9;
/** The migration that moved history to the compact layout: "before" stops short of it. */
const COMPACT_HISTORY_MIGRATION = "0009_compact_history.sql";
const EPISODES_PER_VIDEO = job.episodes / job.videos;
const PROFILES = [
  ["small", 200],
  ["medium", 2000],
  ["large", 20000],
];

const dir = mkdtempSync(path.join(tmpdir(), "crosscast-capacity-"));
let result;
try {
  const migrations = readdirSync(path.join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => path.join(root, "migrations", f));
  const layouts = {
    product: migrations,
    before: migrations.filter((f) => path.basename(f) < COMPACT_HISTORY_MIGRATION),
  };
  console.log(
    `  ${job.orgs} organisations x ${job.videos} videos, ${job.episodes} episodes, ` +
      `${job.channels} channels, ${job.shows} shows x ${job.days} days ` +
      `(load average ${loadavg()[0].toFixed(1)})`,
  );
  const run = spawnSync("python3", [path.join(root, "bench/lib/capacity_sqlite.py")], {
    input: JSON.stringify({ ...job, dir, layouts }),
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (run.status !== 0) throw new Error(`capacity_sqlite.py failed: ${run.stderr || run.error}`);
  result = JSON.parse(run.stdout);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`  written in ${result.loadSeconds.toFixed(0)} s (SQLite ${result.sqlite})`);

/** Bytes per row of a table, its indexes included, and each part's share of them. */
function perRow(layout, table) {
  const t = result[layout].tables[table];
  const parts = Object.entries(t.parts).sort((a, b) => b[1].bytes - a[1].bytes);
  const total = parts.reduce((sum, [, p]) => sum + p.bytes, 0);
  const payload = parts.reduce((sum, [, p]) => sum + p.payload, 0);
  return { rows: t.rows, bytes: total / t.rows, fill: payload / total, parts, total };
}

/** `targeted`: the 64 B target is for video-days and episode-days only. */
function describe(layout, table, label, targeted = true) {
  const r = perRow(layout, table);
  const name = `${layout}: ${label}`;
  const goal = targeted ? { target: "<= 64 B", met: r.bytes <= 64 } : {};
  figure("capacity", `${name} bytes per row (indexes incl.)`, r.bytes, "B", goal);
  console.log(`    ${r.rows} rows, pages ${(r.fill * 100).toFixed(0)}% filled by payload`);
  for (const [part, p] of r.parts)
    console.log(
      `    ${p.kind.padEnd(5)} ${part.padEnd(36)} ${(p.bytes / r.rows).toFixed(1).padStart(6)} B` +
        `  ${((p.bytes / r.total) * 100).toFixed(0).padStart(3)}%`,
    );
  return r.bytes;
}

function project(layout, videoDay, episodeDay) {
  console.log(
    `\n### ${layout}: org-years per 10 GB database (episodes = videos x ${EPISODES_PER_VIDEO})`,
  );
  for (const [size, videos] of PROFILES) {
    const perYear = 365 * videos * (videoDay + EPISODES_PER_VIDEO * episodeDay);
    figure(
      "capacity",
      `${layout}: ${size} org (${videos} videos) org-years`,
      DATABASE_BYTES / perYear,
      "org-years",
    );
  }
  const years = DATABASE_BYTES / (365 * 20000 * videoDay);
  figure("capacity", `${layout}: 20,000-video org, video history fits`, years, "years", {
    target: ">= 10 years",
    met: years >= 10,
  });
  figure(
    "capacity",
    `${layout}: 20,000-video org, video history per year`,
    (365 * 20000 * videoDay) / 1e6,
    "MB",
  );
}

console.log("\n### product layout (every migration in migrations/)");
const video = describe("product", "video_metrics", "video-day");
const episode = describe("product", "episode_metrics", "episode-day");
// Not compacted yet (issue 17 step 1 did videos and episodes): one row per channel or show a day.
describe("product", "channel_metrics", "channel-day", false);
describe("product", "show_metrics", "show-day", false);
project("product", video, episode);

console.log("\n### before issue 17's compact history (migrations before 0009, same run)");
const bVideo = describe("before", "video_metrics", "video-day");
const bEpisode = describe("before", "episode_metrics", "episode-day");
project("before", bVideo, bEpisode);
figure("capacity", "before / product, bytes per video-day", bVideo / video, "x");
figure("capacity", "before / product, bytes per episode-day", bEpisode / episode, "x");

console.log(
  "\n### history reads on the local SQLite file, median of 15 (before / product: 1 or above, the product is not slower)",
);
for (const [label, t] of Object.entries(result.reads)) {
  console.log(`    ${label}: before ${t.before.toFixed(2)} ms, product ${t.product.toFixed(2)} ms`);
  figure("capacity", `${label}: before / product`, t.before / t.product, "x");
}
