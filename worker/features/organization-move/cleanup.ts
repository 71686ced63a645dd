import { PRIMARY_BINDING } from "../../lib/content-databases";
import { parentPage, ROWS_PER_PAGE } from "./rows";
import { MOVE_TABLES, type MoveTable, rowTable, scopeOf, withOrganizationRow } from "./tables";

/*
 * Deleting one organisation's content from one database: the leftover source copy after the
 * switch, or a partial target copy on abort. Table by table in reverse foreign-key order, a page
 * per statement, so no single statement holds the database long; in a content database the stub
 * `organizations` row goes last (its cascade would take whatever is left, its key row with it). In
 * the primary database the organisation's own row and key are never touched: they live on there.
 */

const q = (name: string) => `"${name}"`;

export type Progress = { pages: number; limit: number | undefined };

/** True when the page budget is spent (the caller stops, as a crash would). */
const spent = (progress: Progress) =>
  progress.limit !== undefined && progress.pages >= progress.limit;

async function deleteTable(db: D1Database, table: MoveTable, org: string, progress: Progress) {
  if (table.kind === "history") {
    const parent = rowTable(table.parent);
    let cursor: string | number | null = null;
    for (;;) {
      if (spent(progress)) return false;
      const parents = await parentPage(db, parent, org, cursor);
      if (parents.length === 0) return true;
      const keys = JSON.stringify(parents.map((p) => p[0]));
      const sql = `DELETE FROM ${q(table.name)} WHERE ${q(table.column)} IN (SELECT value FROM json_each(?1))`;
      const result = await db.prepare(sql).bind(keys).run();
      if (result.meta.changes > 0) progress.pages++;
      cursor = parents[parents.length - 1]?.[1] ?? null;
    }
  }
  for (;;) {
    if (spent(progress)) return false;
    const sql =
      `DELETE FROM ${q(table.name)} WHERE rowid IN ` +
      `(SELECT t.rowid FROM ${q(table.name)} t WHERE ${table.scope} LIMIT ${ROWS_PER_PAGE})`;
    const result = await db.prepare(sql).bind(org).run();
    if (result.meta.changes === 0) return true;
    progress.pages++;
  }
}

/** Deletes the organisation's content from `db`. False when the page budget ran out first. */
export async function deleteOrganizationContent(
  db: D1Database,
  binding: string,
  org: string,
  progress: Progress,
): Promise<boolean> {
  for (const table of [...MOVE_TABLES].reverse()) {
    if (withOrganizationRow(table)) continue;
    if (!(await deleteTable(db, table, org, progress))) return false;
  }
  if (binding !== PRIMARY_BINDING) {
    await db.prepare("DELETE FROM organizations WHERE id = ?1").bind(org).run();
  }
  return true;
}

/** Whether `db` holds any of the organisation's content (in a content database: its stub too). */
export async function holdsOrganization(db: D1Database, binding: string, org: string) {
  const tables = MOVE_TABLES.filter((t) => binding !== PRIMARY_BINDING || !withOrganizationRow(t));
  const found = await db.batch<{ one: number }>(
    tables.map((t) =>
      db.prepare(`SELECT 1 AS one FROM ${q(t.name)} t WHERE ${scopeOf(t)} LIMIT 1`).bind(org),
    ),
  );
  return found.some((result) => result.results.length > 0);
}
