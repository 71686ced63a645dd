// The Videos page's SQL without the app: timed straight on the app's SQLite file (Python's
// sqlite3 module, read-only) and on a throw-away PostgreSQL 15 loaded with the same rows and the
// same indexes (one per sortable column led by the organisation's integer key, as migrations 0015
// builds them; trigram search indexes). Returns
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
  "id, organization_id, org_key, channel_id, external_id, title, views, likes, comments, duration_seconds, publish_date, first_24h_views, first_48h_views, first_7d_views, trailing_1d_views, trailing_1w_views, trailing_1m_views, trailing_1y_views, last_updated, created_at";
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

/** The app's cap on the count that picks a searched page's plan (worker/features/tables/specs.ts). */
const PAGE = 200;
const CAP = Math.ceil(Math.sqrt((PAGE * 100_000) / 8));

function sqliteStatements(orgId, terms, withPlain) {
  const [lo, hi] = searchKeyRange(orgId);
  // As the app writes a searched page (worker/features/tables/specs.ts, "two plans"): a one-row
  // CTE counts the matches up to a cap and picks the plan; the walk tests each row of the sort
  // index against the matched sets, the other reads the matched rows and sorts them, and the one
  // not picked reads nothing.
  const own = `SELECT rowid % ${ROW_SPAN} FROM video_search WHERE video_search MATCH :q AND rowid BETWEEN ${lo} AND ${hi}`;
  const children = `SELECT videos.rowid FROM videos WHERE channel_id IN (SELECT id FROM channels WHERE organization_id = :org AND rowid IN (SELECT rowid % ${ROW_SPAN} FROM channel_search WHERE channel_search MATCH :channelQ AND rowid BETWEEN ${lo} AND ${hi}))`;
  const plan = `WITH search_plan(walk) AS (SELECT m >= ${CAP} OR m * m * 8 >= ${PAGE} * n FROM (SELECT count(*) AS m FROM (SELECT 1 FROM (${own} LIMIT ${CAP}) UNION ALL SELECT 1 FROM (${children} LIMIT ${CAP}))) CROSS JOIN (SELECT coalesce((SELECT row_count FROM table_stats WHERE organization_id = :org AND table_name = 'videos'), 0) AS n) LIMIT 1)`;
  const select =
    "SELECT v.*, c.title AS channel_title FROM videos v JOIN channels c ON c.id = v.channel_id";
  // The organisation's key, as worker/db/organization-scope.ts reads it.
  const keyOf = (org) => `(SELECT key FROM organization_keys WHERE organization_id = ${org})`;
  const out = [];
  for (const [key, column] of Object.entries(COLUMNS)) {
    const order = `ORDER BY v.${column} DESC, v.rowid DESC LIMIT ${PAGE}`;
    if (withPlain)
      out.push({
        label: key,
        sql: `${select} WHERE v.org_key = ${keyOf(":org")} ${order}`,
        params: { org: orgId },
      });
    for (const [name, term] of Object.entries(terms)) {
      // Walking the title index, an ASCII term (no quote marks) is tested on the title itself,
      // and only a title with a character the index folds to ASCII is asked of the index
      // (search.ts, titleContains).
      const onTitle = column === "title" && /^[\x20-\x7e]*$/.test(term) && !/['"]/.test(term);
      const ownInWalk = onTitle
        ? `(v.title LIKE :like ESCAPE '\\' OR ((instr(v.title, '\u212A') > 0 OR instr(v.title, '\u017F') > 0) AND +v.rowid IN (${own})))`
        : `+v.rowid IN (${own})`;
      out.push({
        label: `${key} + ${name}`,
        sql: `${plan} SELECT * FROM (${select} WHERE v.org_key = ${keyOf("(SELECT :org FROM search_plan WHERE walk)")} AND (${ownInWalk} OR +v.rowid IN (${children})) ${order}) UNION ALL SELECT * FROM (${select} WHERE +v.organization_id = :org AND v.rowid IN (SELECT * FROM (${own} UNION ALL ${children}) LIMIT (SELECT CASE WHEN walk THEN 0 ELSE -1 END FROM search_plan)) ${order})`,
        params: {
          org: orgId,
          q: phrase(term),
          channelQ: `title : (${phrase(term)})`,
          ...(onTitle ? { like: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } : {}),
        },
      });
    }
  }
  return out;
}

function postgresStatement(orgId, term, column) {
  const like = quote(`%${term}%`);
  const where = term
    ? `AND (v.title ILIKE ${like} OR v.channel_id IN (SELECT id FROM channels WHERE organization_id = ${quote(orgId)} AND title ILIKE ${like}))`
    : "";
  const key = `(SELECT key FROM organization_keys WHERE organization_id = ${quote(orgId)})`;
  return `SELECT v.*, c.title AS channel_title FROM videos v JOIN channels c ON c.id = v.channel_id WHERE v.org_key = ${key} ${where} ORDER BY v.${column} DESC NULLS LAST, v.rid DESC LIMIT ${PAGE};`;
}

function loadPostgres(pg, file) {
  const sortIndexes = Object.values(COLUMNS)
    .map((c) => `CREATE INDEX videos_by_${c} ON videos (org_key, ${c} DESC NULLS LAST, rid DESC);`)
    .join("\n");
  pg.psql(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE channels (rid bigint, id text PRIMARY KEY, organization_id text NOT NULL, title text NOT NULL, handle text);
    CREATE TABLE organization_keys (key bigint PRIMARY KEY, organization_id text NOT NULL UNIQUE);
    CREATE TABLE videos (rid bigint NOT NULL, id text PRIMARY KEY, organization_id text NOT NULL, org_key bigint, channel_id text NOT NULL,
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
    `COPY organization_keys FROM STDIN WITH (FORMAT csv);\n${csv("SELECT key, organization_id FROM organization_keys")}\\.\n`,
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

/** `terms`: a label for each search term, e.g. { search: "future", "rare search": "245741" }. */
/** Each group's statements timed interleaved, in one run of their own; null if python3 failed. */
function timeSqlite(file, groups) {
  const medians = {};
  for (const statements of groups) {
    const py = spawnSync("python3", [new URL("./sqlite_timing.py", import.meta.url).pathname], {
      input: JSON.stringify({ file, repeat: REPEAT, statements }),
      encoding: "utf8",
    });
    if (py.status !== 0) {
      console.log(`  (SQLite reference skipped: python3 failed: ${py.stderr || py.error})`);
      return null;
    }
    Object.assign(medians, JSON.parse(py.stdout));
  }
  return medians;
}

/**
 * `terms`: a label for each search term, e.g. { search: "future", "rare search": "245741" }. The
 * first term's statements are timed with the unsearched ones, as before the rare term was added;
 * each other term's in a run of its own, so its reads do not change the others' cache.
 */
export async function compareSql(persistTo, orgId, terms) {
  const file = d1FileOf(persistTo, orgId);
  const groups = Object.entries(terms).map(([name, term], i) => ({
    terms: { [name]: term },
    withPlain: i === 0,
  }));
  const sqlite = timeSqlite(
    file,
    groups.map((g) => sqliteStatements(orgId, g.terms, g.withPlain)),
  );
  if (!sqlite) return null;
  const pg = await startPostgres();
  if (!pg) {
    console.log("  (PostgreSQL reference skipped: install Debian's postgresql package)");
    return null;
  }
  try {
    loadPostgres(pg, file);
    const postgres = {};
    for (const { terms: group, withPlain } of groups)
      Object.assign(
        postgres,
        timePostgres(
          pg,
          Object.entries(COLUMNS).flatMap(([key, column]) => [
            ...(withPlain
              ? [{ label: key, sql: postgresStatement(orgId, undefined, column) }]
              : []),
            ...Object.entries(group).map(([name, term]) => ({
              label: `${key} + ${name}`,
              sql: postgresStatement(orgId, term, column),
            })),
          ]),
        ),
      );
    let worst = { ratio: 0, label: "" };
    for (const label of Object.keys(sqlite)) {
      const ratio = sqlite[label] / postgres[label];
      console.log(
        `  ${label.padEnd(32)} SQLite ${sqlite[label].toFixed(3)} ms  PostgreSQL ${postgres[label].toFixed(3)} ms  ratio ${ratio.toFixed(2)}`,
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
