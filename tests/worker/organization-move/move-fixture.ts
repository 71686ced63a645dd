import { env } from "cloudflare:test";
import {
  type MoveOptions,
  moveOrganization,
} from "../../../worker/features/organization-move/move";
import {
  contentBindings,
  contentD1,
  placementBindings,
} from "../../../worker/lib/content-databases";
import { fillOrganization } from "../db/org-fixture";
import { createOrganization } from "../support/factories";

/** The databases as the script passes them: every content binding, the placement ones as targets. */
export const bindings = () => ({
  primary: env.DB,
  databases: Object.fromEntries(contentBindings(env).map((b) => [b, contentD1(env, b)])),
  targets: placementBindings(env),
});

export const move = (organizationId: string, to: string, extra: Partial<MoveOptions> = {}) =>
  moveOrganization({ ...bindings(), organizationId, to, ...extra });

export const directory = (organizationId: string) =>
  env.DB.prepare(
    "SELECT binding, moving_to AS movingTo FROM organization_databases WHERE organization_id = ?1",
  )
    .bind(organizationId)
    .first<{ binding: string; movingTo: string | null }>();

/**
 * An organisation in the primary database with rows in every content table (the schema test's
 * fixture), and more than one page of some: 70 videos with 10 days of history each, 600 days of
 * channel history, owner analytics for 40 of the videos.
 */
export async function richOrganization() {
  // Made before the split (content in DB): the moves under test start from the primary database.
  const org = await createOrganization(undefined, { binding: "DB" });
  await fillOrganization(org.id);
  const run = (sql: string) => env.DB.prepare(sql).bind(org.id).run();
  const channel = "(SELECT id FROM channels WHERE organization_id = ?1 LIMIT 1)";
  await run(
    `INSERT INTO videos (id, organization_id, channel_id, external_id, title, views, publish_date, created_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 70)
     SELECT lower(hex(randomblob(16))), ?1, ${channel}, 'gen-' || i, 'Generated ' || (i % 7), i * 11,
       1790000000000 + i, 1790000000000 FROM n`,
  );
  await run(
    `INSERT INTO video_metrics (video_key, captured_at, views, likes, comments)
     WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 9)
     SELECT v.key, 1790000000000 + d.i * 86400000, v.views + d.i, d.i, 1 FROM videos v, d
     WHERE v.organization_id = ?1`,
  );
  await run(
    `INSERT INTO channel_metrics (id, organization_id, channel_id, date, subscriber_count, created_at)
     WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 599)
     SELECT lower(hex(randomblob(16))), ?1, ${channel}, date('2025-01-01', '+' || i || ' days'), i, 1 FROM d`,
  );
  const connection = "(SELECT key FROM youtube_owner_connections WHERE organization_id = ?1)";
  await run(
    `INSERT INTO youtube_owner_videos (connection_key, video_id)
     SELECT ${connection}, id FROM videos WHERE organization_id = ?1 AND external_id LIKE 'gen-%'
     ORDER BY id LIMIT 40`,
  );
  await run(
    `INSERT INTO youtube_video_daily (video_key, day, views)
     WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 4)
     SELECT y.key, 20500 + d.i, d.i * 3 FROM youtube_owner_videos y, d
     WHERE y.connection_key = ${connection}`,
  );
  await run(
    `INSERT OR IGNORE INTO youtube_channel_daily (connection_key, day, views)
     WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 29)
     SELECT ${connection}, 20300 + d.i, d.i FROM d`,
  );
  return org.id;
}

type Table = Record<string, unknown>[];

/** Drops the integer keys, which are each database's own, unless `keys` asks to keep them. */
const withoutKeys = (rows: Table, keys: boolean, ...names: string[]) =>
  rows.map((row) =>
    keys ? row : Object.fromEntries(Object.entries(row).filter(([name]) => !names.includes(name))),
  );

/**
 * Everything an organisation holds in one database, read with plain SQL independent of the move
 * library: history rows name their video, episode or channel by id, so two databases compare
 * equal exactly when every row arrived unchanged, whatever keys they were given.
 */
export async function snapshot(db: D1Database, org: string, keys = false) {
  const all = async (sql: string) => (await db.prepare(sql).bind(org).all()).results;
  const byOrg = (table: string, order = "id") =>
    all(`SELECT * FROM ${table} WHERE organization_id = ?1 ORDER BY ${order}`);
  const snap: Record<string, Table> = {
    organizations: await all("SELECT * FROM organizations WHERE id = ?1"),
    videos: withoutKeys(await byOrg("videos"), keys, "key", "org_key"),
    episodes: withoutKeys(await byOrg("episodes"), keys, "key", "org_key"),
    youtube_owner_connections: withoutKeys(
      await byOrg("youtube_owner_connections", "channel_id"),
      keys,
      "key",
    ),
    youtube_owner_videos: withoutKeys(
      await all(`SELECT c.channel_id, y.* FROM youtube_owner_videos y
        JOIN youtube_owner_connections c ON c.key = y.connection_key
        WHERE c.organization_id = ?1 ORDER BY y.video_id`),
      keys,
      "key",
      "connection_key",
    ),
    video_metrics: withoutKeys(
      await all(`SELECT v.id AS video, m.* FROM video_metrics m JOIN videos v ON v.key = m.video_key
        WHERE v.organization_id = ?1 ORDER BY v.id, m.captured_at`),
      keys,
      "video_key",
    ),
    episode_metrics: withoutKeys(
      await all(`SELECT e.id AS episode, m.* FROM episode_metrics m JOIN episodes e ON e.key = m.episode_key
        WHERE e.organization_id = ?1 ORDER BY e.id, m.day`),
      keys,
      "episode_key",
    ),
    youtube_channel_daily: withoutKeys(
      await all(`SELECT c.channel_id, d.* FROM youtube_channel_daily d
        JOIN youtube_owner_connections c ON c.key = d.connection_key
        WHERE c.organization_id = ?1 ORDER BY c.channel_id, d.day`),
      keys,
      "connection_key",
    ),
    youtube_video_daily: withoutKeys(
      await all(`SELECT y.video_id, d.* FROM youtube_video_daily d
        JOIN youtube_owner_videos y ON y.key = d.video_key
        JOIN youtube_owner_connections c ON c.key = y.connection_key
        WHERE c.organization_id = ?1 ORDER BY y.video_id, d.day`),
      keys,
      "video_key",
    ),
    video_title_groups: await byOrg("video_title_groups", "title_key"),
    table_stats: await byOrg("table_stats", "table_name"),
  };
  for (const table of [
    "integrations",
    "google_connections",
    "channels",
    "shows",
    "channel_metrics",
    "show_metrics",
    "ingestion_jobs",
    "persistent_sheets",
    "report_schedules",
    "reports",
    "report_files",
    "schedule_runs",
    "multi_channel_previews",
    "preview_matches",
  ])
    snap[table] = await byOrg(table);
  return snap;
}

/** The content tables of a snapshot that hold no row (the organizations row left aside). */
export const emptyTables = (snap: Record<string, Table>) =>
  Object.entries(snap)
    .filter(([table, rows]) => table !== "organizations" && rows.length === 0)
    .map(([table]) => table)
    .sort();
