import { env } from "cloudflare:test";
import { expect } from "vitest";
import { bindingOf } from "./factories";

/*
 * What an organisation owns, read straight from D1 (the primary database and the organisation's
 * content database) and R2: every row of every table with an organization_id, its people's
 * accounts, sessions and link tokens, and its report files. Used to prove a call aimed at it
 * changed nothing (issue 20, isolation as data).
 */

export type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every row of every table of `database` with an organization_id owned by the organisation. */
async function organizationRows(database: D1Database, organizationId: string) {
  const all = await database
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    )
    .all<{ name: string }>();
  const rows: Record<string, unknown[]> = {};
  for (const { name } of all.results) {
    const columns = await database.prepare(`PRAGMA table_info(${quoted(name)})`).all<{
      name: string;
    }>();
    if (!columns.results.some((c) => c.name === "organization_id")) continue;
    // Names come from sqlite_master, not from input; identifiers cannot be bound.
    rows[name] = (
      await database
        .prepare(`SELECT * FROM ${quoted(name)} WHERE organization_id = ? ORDER BY rowid`)
        .bind(organizationId)
        .all()
    ).results;
  }
  return rows;
}

/**
 * Every row of every table with an organization_id, in the primary database and in the content
 * database that holds the organisation (its rows follow the primary's, table by table, so a row
 * written to the wrong one shows too), the content database's own organisation row, and every R2
 * key under the organisation.
 */
export async function snapshotOf(organizationId: string) {
  const binding = await bindingOf(organizationId);
  const rows = await organizationRows(env.DB, organizationId);
  let contentOrganization: unknown = null;
  if (binding !== "DB") {
    const content = env[binding];
    for (const [table, found] of Object.entries(await organizationRows(content, organizationId)))
      rows[table] = [...(rows[table] ?? []), ...found];
    contentOrganization = await content
      .prepare("SELECT * FROM organizations WHERE id = ?")
      .bind(organizationId)
      .first();
  }
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `reports/${organizationId}/`, cursor });
    keys.push(...page.objects.map((o) => `${o.key} ${o.size} ${o.etag}`));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const organization = await env.DB.prepare("SELECT * FROM organizations WHERE id = ?")
    .bind(organizationId)
    .first();
  // Its people: their accounts, sign-ins and link tokens (a password reset touches only those).
  const members = "SELECT user_id FROM user_organizations WHERE organization_id = ?1";
  const people: Record<string, unknown[]> = {};
  for (const [table, column] of [
    ["users", "id"],
    ["sessions", "user_id"],
    ["auth_tokens", "user_id"],
  ] as const)
    people[table] = (
      await env.DB.prepare(`SELECT * FROM ${table} WHERE ${column} IN (${members}) ORDER BY id`)
        .bind(organizationId)
        .all()
    ).results;
  return { organization, contentOrganization, rows, people, keys: keys.sort() };
}

/** The organisation is exactly as in `before`; a difference names its table first. */
export async function expectUnchanged(organizationId: string, before: Snapshot) {
  const after = await snapshotOf(organizationId);
  for (const [table, rows] of Object.entries(before.rows))
    expect(after.rows[table], table).toEqual(rows);
  for (const [table, rows] of Object.entries(before.people))
    expect(after.people[table], table).toEqual(rows);
  expect(after).toEqual(before);
}

/** One id of each kind of row in a snapshot (the ids to aim at). */
export function oneIdOfEachKind(state: Snapshot) {
  const ids = new Set<string>();
  for (const rows of Object.values(state.rows)) {
    const first = rows[0] as { id?: unknown } | undefined;
    if (typeof first?.id === "string") ids.add(first.id);
  }
  return [...ids];
}

/** Every row id in a snapshot: none of them may show in another organisation's answers. */
export function everyId(state: Snapshot) {
  const ids = new Set<string>();
  for (const rows of Object.values(state.rows))
    for (const row of rows as Array<{ id?: unknown }>)
      if (typeof row.id === "string") ids.add(row.id);
  return ids;
}
