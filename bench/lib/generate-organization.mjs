// A generated organisation written straight into a database with SQL (no server): channels,
// videos with `days` days of history each, shows, episodes with their history, and an owner
// connection with daily rows, for the move bench and the move script's test. Returns its id.
// `db` is a D1 binding (getPlatformProxy's). Every statement is fixed SQL with bound values.
export async function generateOrganization(db, { videos = 100, days = 30, episodes = 0 } = {}) {
  const org = crypto.randomUUID();
  const channels = Math.max(1, Math.ceil(videos / 200));
  const shows = episodes > 0 ? Math.max(1, Math.ceil(episodes / 100)) : 0;
  const run = (sql, ...params) => db.prepare(sql).bind(org, ...params);
  const numbers =
    "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)";
  const day0 = 20_000;
  // D1 binds JavaScript numbers as REAL: the CASTs keep ids like 'org-c1', not 'org-c1.0'.
  await db.batch([
    run(
      "INSERT INTO organizations (id, name, timezone, created_at, updated_at) VALUES (?1, ?2, 'UTC', ?3, ?3)",
      `Generated ${org.slice(0, 8)}`,
      Date.now(),
    ),
    run(
      "INSERT INTO organization_databases (organization_id, binding, updated_at) VALUES (?1, 'DB', ?2)",
      Date.now(),
    ),
    run(
      `INSERT INTO channels (id, organization_id, external_id, title, created_at) ${numbers}
       SELECT ?1 || '-c' || i, ?1, 'UC' || ?1 || '-' || i, 'Channel ' || i, 1 FROM n`,
      channels,
    ),
    run(
      `INSERT INTO videos (id, organization_id, channel_id, external_id, title, views, likes,
         publish_date, created_at) ${numbers}
       SELECT lower(hex(randomblob(16))), ?1,
         ?1 || '-c' || (i % CAST(?3 AS INTEGER)),
         'v-' || i, 'Video ' || (i % 97), i * 37, i, 1700000000000 + i * 3600000, 1 FROM n`,
      videos,
      channels,
    ),
    run(
      `INSERT INTO video_metrics (video_key, captured_at, views, likes, comments) ${numbers}
       SELECT v.key, (?3 + n.i) * 86400000, v.views + n.i * 5, n.i, n.i % 7
       FROM videos v, n WHERE v.organization_id = ?1`,
      days,
      day0,
    ),
    run(
      `INSERT INTO shows (id, organization_id, external_id, title, created_at) ${numbers}
       SELECT ?1 || '-s' || i, ?1, 's-' || i, 'Show ' || i, 1 FROM n`,
      shows,
    ),
    run(
      `INSERT INTO episodes (id, organization_id, show_id, external_id, title, publish_date,
         created_at) ${numbers}
       SELECT lower(hex(randomblob(16))), ?1,
         ?1 || '-s' || (i % CAST(?3 AS INTEGER)),
         'e-' || i, 'Episode ' || i, 1700000000000 + i * 3600000, 1 FROM n`,
      episodes,
      Math.max(shows, 1),
    ),
    run(
      `INSERT INTO episode_metrics (episode_key, day, downloads, cumulative_downloads) ${numbers}
       SELECT e.key, ?3 + n.i, n.i * 2, n.i * n.i FROM episodes e, n WHERE e.organization_id = ?1`,
      days,
      day0,
    ),
  ]);
  return org;
}
