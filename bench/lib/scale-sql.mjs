// The Videos page's SQL without the app: timed straight on the app's SQLite file (Python's
// sqlite3 module, read-only) and on a throw-away PostgreSQL 15 loaded with the same rows and the
// same indexes (one per sortable column led by the organisation, trigram search indexes). Returns
// the medians and the worst SQLite / PostgreSQL ratio, or null (with the reason printed) when
// python3 or PostgreSQL is missing.
import { spawnSync } from "node:child_process";
import { startPostgres } from "./postgres.mjs";
import { d1FileOf } from "./proc.mjs";

const COLUMNS = {
  title: "title",
  views: "views",
  likes: "likes",
  comments: "comments",
  publishDate: "publish_date",
  lastUpdated: "last_updated",
  first24hViews: "first_24h_views",
  first48hViews: "first_48h_views",
  first7dViews: "first_7d_views",
  trailing1dViews: "trailing_1d_views",
  trailing1wViews: "trailing_1w_views",
  trailing1mViews: "trailing_1m_views",
  trailing1yViews: "trailing_1y_views",
};
const VIDEO_COLUMNS =
  "id, organization_id, channel_id, external_id, title, views, likes, comments, duration_seconds, publish_date, first_24h_views, first_48h_views, first_7d_views, trailing_1d_views, trailing_1w_views, trailing_1m_views, trailing_1y_views, last_updated, created_at";
const REPEAT = 15;

/** The organisation's range of each title index (as worker/features/tables/search.ts; ids are UUIDs). */
const ROW_SPAN = 2 ** 36;
function searchKeyRange(orgId) {
  let slot = 0;
  for (const ch of [...orgId].slice(0, 4)) slot = slot * 16 + "123456789abcdef".indexOf(ch) + 1;
  return [slot * ROW_SPAN, slot * ROW_SPAN + ROW_SPAN - 1];
}

const phrase = (term) => `"${term.replace(/"/g, '""')}"`;
const quote = (s) => `'${s.replace(/'/g, "''")}'`;

function sqliteStatements(orgId, term) {
  const out = [];
  for (const [key, column] of Object.entries(COLUMNS))
    for (const search of [false, true]) {
      const where = search
        ? // As the app writes it (worker/features/tables/specs.ts): the page walks the sort index
          // and tests each rowid against the matched sets (title matches, matching channels' videos).
          `AND (+v.rowid IN (SELECT rowid % ${ROW_SPAN} FROM video_search WHERE video_search MATCH ? AND rowid BETWEEN ? AND ?) OR +v.rowid IN (SELECT videos.rowid FROM videos WHERE channel_id IN (SELECT id FROM channels WHERE organization_id = ? AND rowid IN (SELECT rowid % ${ROW_SPAN} FROM channel_search WHERE channel_search MATCH ? AND rowid BETWEEN ? AND ?))))`
        : "";
      out.push({
        label: `${key}${search ? " + search" : ""}`,
        sql: `SELECT v.*, c.title AS channel_title FROM videos v JOIN channels c ON c.id = v.channel_id WHERE v.organization_id = ? ${where} ORDER BY v.${column} DESC, v.rowid DESC LIMIT 200`,
        params: search
          ? [
              orgId,
              phrase(term),
              ...searchKeyRange(orgId),
              orgId,
              `title : ${phrase(term)}`,
              ...searchKeyRange(orgId),
            ]
          : [orgId],
      });
    }
  return out;
}

function postgresStatement(orgId, term, column, search) {
  const like = quote(`%${term}%`);
  const where = search
    ? `AND (v.title ILIKE ${like} OR v.channel_id IN (SELECT id FROM channels WHERE organization_id = ${quote(orgId)} AND title ILIKE ${like}))`
    : "";
  return `SELECT v.*, c.title AS channel_title FROM videos v JOIN channels c ON c.id = v.channel_id WHERE v.organization_id = ${quote(orgId)} ${where} ORDER BY v.${column} DESC NULLS LAST, v.rid DESC LIMIT 200;`;
}

function loadPostgres(pg, file) {
  const sortIndexes = Object.values(COLUMNS)
    .map(
      (c) =>
        `CREATE INDEX videos_by_${c} ON videos (organization_id, ${c} DESC NULLS LAST, rid DESC);`,
    )
    .join("\n");
  pg.psql(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE channels (rid bigint, id text PRIMARY KEY, organization_id text NOT NULL, title text NOT NULL, handle text);
    CREATE TABLE videos (rid bigint NOT NULL, id text PRIMARY KEY, organization_id text NOT NULL, channel_id text NOT NULL,
      external_id text NOT NULL, title text NOT NULL, views bigint NOT NULL, likes bigint NOT NULL, comments bigint NOT NULL,
      duration_seconds bigint, publish_date bigint NOT NULL, first_24h_views bigint, first_48h_views bigint, first_7d_views bigint,
      trailing_1d_views bigint, trailing_1w_views bigint, trailing_1m_views bigint, trailing_1y_views bigint,
      last_updated bigint, created_at bigint NOT NULL);`);
  const csv = (sql) => {
    const r = spawnSync("sqlite3", ["-csv", `file:${file}?mode=ro`, sql], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0) throw new Error(`sqlite3: ${r.stderr}`);
    return r.stdout;
  };
  pg.psql(
    `COPY channels FROM STDIN WITH (FORMAT csv);\n${csv("SELECT rowid, id, organization_id, title, handle FROM channels")}\\.\n`,
  );
  pg.psql(
    `COPY videos FROM STDIN WITH (FORMAT csv);\n${csv(`SELECT rowid, ${VIDEO_COLUMNS} FROM videos`)}\\.\n`,
  );
  pg.psql(`
    ${sortIndexes}
    CREATE INDEX channels_by_title ON channels (organization_id, title, rid);
    CREATE INDEX videos_channel ON videos (channel_id, rid);
    CREATE INDEX video_search ON videos USING gin (title gin_trgm_ops);
    CREATE INDEX channel_search ON channels USING gin (title gin_trgm_ops);
    VACUUM ANALYZE;`);
}

function timePostgres(pg, statements) {
  const script = ["\\timing on", "\\o /dev/null"];
  // One warm-up round, then REPEAT interleaved rounds.
  for (let round = 0; round <= REPEAT; round++) for (const s of statements) script.push(s.sql);
  const times = [...pg.psql(script.join("\n")).matchAll(/Time: ([\d.]+) ms/g)].map((m) =>
    Number(m[1]),
  );
  const medians = {};
  statements.forEach((s, i) => {
    const mine = times
      .filter((_, j) => j % statements.length === i)
      .slice(1)
      .sort((a, b) => a - b);
    medians[s.label] = mine[Math.floor(mine.length / 2)];
  });
  return medians;
}

export async function compareSql(persistTo, orgId, term) {
  const file = d1FileOf(persistTo, orgId);
  const statements = sqliteStatements(orgId, term);
  const py = spawnSync("python3", [new URL("./sqlite_timing.py", import.meta.url).pathname], {
    input: JSON.stringify({ file, repeat: REPEAT, statements }),
    encoding: "utf8",
  });
  if (py.status !== 0) {
    console.log(`  (SQLite reference skipped: python3 failed: ${py.stderr || py.error})`);
    return null;
  }
  const sqlite = JSON.parse(py.stdout);
  const pg = await startPostgres();
  if (!pg) {
    console.log("  (PostgreSQL reference skipped: install Debian's postgresql package)");
    return null;
  }
  try {
    loadPostgres(pg, file);
    const pgStatements = Object.entries(COLUMNS).flatMap(([key, column]) =>
      [false, true].map((search) => ({
        label: `${key}${search ? " + search" : ""}`,
        sql: postgresStatement(orgId, term, column, search),
      })),
    );
    const postgres = timePostgres(pg, pgStatements);
    let worst = { ratio: 0, label: "" };
    for (const label of Object.keys(sqlite)) {
      const ratio = sqlite[label] / postgres[label];
      console.log(
        `  ${label.padEnd(26)} SQLite ${sqlite[label].toFixed(3)} ms  PostgreSQL ${postgres[label].toFixed(3)} ms  ratio ${ratio.toFixed(2)}`,
      );
      if (ratio > worst.ratio) worst = { ratio, label };
    }
    const all = Object.values(sqlite).sort((a, b) => a - b);
    return {
      worstRatio: worst.ratio,
      worstLabel: worst.label,
      sqliteMedian: all[Math.floor(all.length / 2)],
    };
  } finally {
    pg.stop();
  }
}
