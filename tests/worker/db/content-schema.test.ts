import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

/*
 * A content database (migrations-content/) holds the primary database's content tables exactly as
 * migrations/ leave them, minus the foreign keys into the accounts tables, which stay in the
 * primary database (docs/content-databases.md). A migration that changes a content table has to
 * be written in both folders; this test fails when one of them is forgotten.
 */

type Named = { name: string };
type SchemaObject = { type: string; name: string; tbl_name: string; sql: string | null };

/** The accounts tables: primary only, so nothing in a content database may reference them. */
const PRIMARY_ONLY = new Set([
  "users",
  "sessions",
  "auth_tokens",
  "auth_attempts",
  "email_outbox",
  "user_organizations",
  "invitations",
  "board_connections",
  "audit_log",
  "organization_databases",
  "content_database_sizes",
]);

const rows = async <T>(db: D1Database, query: string, ...params: unknown[]) =>
  (
    await db
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;

const objects = (db: D1Database) =>
  rows<SchemaObject>(
    db,
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  );

const columns = (db: D1Database, table: string) =>
  rows<Record<string, unknown>>(db, `PRAGMA table_info("${table}")`);

// D1 allows the pragma as a statement, not as a table-valued function. `table` comes from sqlite_master.
const foreignKeys = async (db: D1Database, table: string) =>
  (
    await rows<{ table: string; from: string; to: string; on_delete: string }>(
      db,
      `PRAGMA foreign_key_list("${table}")`,
    )
  )
    .map(({ table, from, to, on_delete }) => ({ table, from, to, on_delete }))
    .sort((a, b) => a.from.localeCompare(b.from));

describe.each(["CONTENT_1", "CONTENT_2"] as const)("the %s database's schema", (binding) => {
  const content = () => env[binding];

  it("has every content table of the primary database, and nothing else", async () => {
    const primaryTables = (await objects(env.DB))
      .filter((o) => o.type === "table" && !PRIMARY_ONLY.has(o.name))
      .map((o) => o.name);
    const contentTables = (await objects(content()))
      .filter((o) => o.type === "table")
      .map((o) => o.name);
    expect(contentTables).toEqual(primaryTables);
    expect(contentTables).toContain("video_metrics");
  });

  it("matches the primary database column for column, index for index, trigger for trigger", async () => {
    const contentObjects = await objects(content());
    const primaryObjects = new Map((await objects(env.DB)).map((o) => [o.name, o]));
    for (const object of contentObjects) {
      const twin = primaryObjects.get(object.name);
      expect(
        twin,
        `${object.type} ${object.name} is missing from the primary database`,
      ).toBeDefined();
      if (object.type === "table") {
        expect(await columns(content(), object.name), object.name).toEqual(
          await columns(env.DB, object.name),
        );
      } else {
        expect(object.sql, object.name).toEqual(twin?.sql);
      }
    }
    const indexesAndTriggers = (list: SchemaObject[]) =>
      list.filter((o) => o.type !== "table" && !PRIMARY_ONLY.has(o.tbl_name)).map((o) => o.name);
    expect(indexesAndTriggers(contentObjects)).toEqual(
      indexesAndTriggers([...primaryObjects.values()]),
    );
  });

  it("keeps every foreign key except those into the accounts tables", async () => {
    const tables = await rows<Named>(
      content(),
      // Full-text tables and their shadow tables have no foreign keys (and D1 refuses the pragma on them).
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%\\_search%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
    );
    for (const { name } of tables) {
      const primary = (await foreignKeys(env.DB, name)).filter((fk) => !PRIMARY_ONLY.has(fk.table));
      expect(await foreignKeys(content(), name), name).toEqual(primary);
    }
  });

  it("cascades an organisation's deletion through its content", async () => {
    const db = content();
    const orgId = crypto.randomUUID();
    const now = Date.now();
    await db
      .prepare(
        "INSERT INTO organizations (id, name, created_at, updated_at) VALUES (?, 'Stub', ?, ?)",
      )
      .bind(orgId, now, now)
      .run();
    await db
      .prepare(
        "INSERT INTO channels (id, organization_id, external_id, title, created_at) VALUES (?, ?, ?, 'A channel', ?)",
      )
      .bind(crypto.randomUUID(), orgId, `UC${orgId.slice(0, 20)}`, now)
      .run();
    await db.prepare("DELETE FROM organizations WHERE id = ?").bind(orgId).run();
    const left = await rows<{ n: number }>(
      db,
      "SELECT count(*) AS n FROM channels WHERE organization_id = ?",
      orgId,
    );
    expect(left[0]?.n).toBe(0);
  });
});
