// Capacity, moving (issue 17): moving a generated organisation between databases with the move
// library (worker/features/organization-move, what scripts/move-organization.mjs runs), on local
// D1 through wrangler's getPlatformProxy, in a throw-away --persist-to directory. The organisation
// (BENCH_MOVE_VIDEOS 2000 videos and BENCH_MOVE_EPISODES 500 episodes x BENCH_MOVE_DAYS 365 days
// of history) is written into the primary database with SQL, next to a neighbour a tenth its size,
// then moved DB -> CONTENT_1 -> CONTENT_2. Prints, per move, the rows, the time, and the verdict
// of the move's own verification (counts and SHA-256 per table on both sides), plus an
// independent check: the neighbour's rows and the moved history's sums, read with plain SQL.
// Prints figures only; nothing here asserts a time.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { runnerImport } from "vite";
import { getPlatformProxy } from "wrangler";
import { applyMigrations, root } from "../scripts/lib/dev-server.mjs";
import { figure } from "./lib/figures.mjs";
import { generateOrganization } from "./lib/generate-organization.mjs";

const env = (name, fallback) => Number(process.env[`BENCH_MOVE_${name}`] ?? fallback);
const size = {
  videos: env("VIDEOS", 2000),
  episodes: env("EPISODES", 500),
  days: env("DAYS", 365),
};

const load = async (file) =>
  (await runnerImport(path.join(root, file), { configFile: false, logLevel: "error" })).module;
const { moveOrganization } = await load("worker/features/organization-move/move.ts");
const { contentBindings, contentD1, placementBindings } = await load(
  "worker/lib/content-databases.ts",
);
const { tableChecksum } = await load("worker/features/organization-move/checksum.ts");
const { copiedColumns, tableColumns } = await load("worker/features/organization-move/rows.ts");
const { MOVE_TABLES } = await load("worker/features/organization-move/tables.ts");

/** The same-run reference: one pass reading and hashing the organisation's rows in `db`. */
async function readPass(db, org) {
  const t0 = performance.now();
  for (const table of MOVE_TABLES) {
    await tableChecksum(db, table, copiedColumns(table, await tableColumns(db, table.name)), org);
  }
  return (performance.now() - t0) / 1000;
}

/** Sums of the moved history by video id, the same whatever keys a database gave (plain SQL). */
const historySums = (db, org) =>
  db
    .prepare(
      `SELECT count(*) AS rows, sum(m.views) AS views, sum(m.captured_at) AS captured,
         count(DISTINCT v.id) AS videos,
         (SELECT sum(e.downloads) FROM episode_metrics e JOIN episodes p ON p.key = e.episode_key
           WHERE p.organization_id = ?1) AS downloads
       FROM video_metrics m JOIN videos v ON v.key = m.video_key WHERE v.organization_id = ?1`,
    )
    .bind(org)
    .first();

const persistTo = mkdtempSync(path.join(tmpdir(), "crosscast-capacity-move-"));
let proxy;
try {
  applyMigrations({ persistTo });
  proxy = await getPlatformProxy({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(persistTo, "v3") },
  });
  const bindings = {
    primary: proxy.env.DB,
    databases: Object.fromEntries(
      contentBindings(proxy.env).map((b) => [b, contentD1(proxy.env, b)]),
    ),
    targets: placementBindings(proxy.env),
  };
  const started = performance.now();
  const org = await generateOrganization(proxy.env.DB, size);
  const neighbour = await generateOrganization(proxy.env.DB, {
    videos: Math.ceil(size.videos / 10),
    episodes: Math.ceil(size.episodes / 10),
    days: size.days,
  });
  console.log(
    `  organisation: ${size.videos} videos and ${size.episodes} episodes x ${size.days} days, ` +
      `written in ${((performance.now() - started) / 1000).toFixed(0)} s ` +
      `(load average ${loadavg()[0].toFixed(1)})`,
  );
  const before = await historySums(proxy.env.DB, org);
  const neighbourBefore = await historySums(proxy.env.DB, neighbour);

  let allEqual = true;
  let at = "DB";
  for (const to of ["CONTENT_1", "CONTENT_2"]) {
    const reference = await readPass(bindings.databases[at], org);
    const t0 = performance.now();
    const result = await moveOrganization({ ...bindings, organizationId: org, to });
    const seconds = (performance.now() - t0) / 1000;
    const rows = result.tables?.reduce((sum, t) => sum + t.source.rows, 0) ?? 0;
    const sumsEqual = result.tables?.every(
      (t) => t.source.rows === t.target.rows && t.source.sha256 === t.target.sha256,
    );
    const after = await historySums(bindings.databases[to], org);
    const leftover = await historySums(bindings.databases[at], org);
    const same =
      result.status === "moved" &&
      sumsEqual &&
      JSON.stringify(after) === JSON.stringify(before) &&
      leftover.rows === 0;
    allEqual &&= same;
    figure("capacity-move", `move ${at} -> ${to}: rows moved`, rows, "rows");
    figure(
      "capacity-move",
      `move ${at} -> ${to}: time (copy, verify, switch, delete)`,
      seconds,
      "s",
    );
    figure(
      "capacity-move",
      `move ${at} -> ${to}: rows per second`,
      Math.round(rows / seconds),
      "rows/s",
    );
    figure("capacity-move", `  reference: one read-and-hash pass of ${at}`, reference, "s");
    figure("capacity-move", "  move time / that pass", seconds / reference, "x");
    console.log(
      `  ${at} -> ${to}: ${result.status}; ${result.tables?.length} tables, checksums ` +
        `${sumsEqual ? "equal" : "DIFFERENT"}; history sums by video id ${JSON.stringify(after) === JSON.stringify(before) ? "equal" : "DIFFERENT"}; ` +
        `${leftover.rows} history rows left in ${at}`,
    );
    at = to;
  }
  const neighbourAfter = await historySums(proxy.env.DB, neighbour);
  allEqual &&= JSON.stringify(neighbourAfter) === JSON.stringify(neighbourBefore);
  console.log(`  neighbour in DB: ${allEqual ? "unchanged" : "CHANGED"}`);
  const verdict = allEqual ? "0 rows lost or changed" : "rows lost or changed";
  console.log(`Moving an organisation between databases: ${verdict} (checksums)`);
  figure("capacity", "Moving an organisation between databases", verdict, "(checksums)", {
    target: "0 rows lost or changed",
    met: allEqual,
  });
} finally {
  await proxy?.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
