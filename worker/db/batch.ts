import { getTableColumns, is, SQL, type Table } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** D1 binds at most this many parameters per statement. */
export const D1_MAX_PARAMETERS = 100;
/** Ids in one `IN (...)` list: the limit, less room for the statement's other parameters. */
export const IDS_PER_STATEMENT = D1_MAX_PARAMETERS - 10;

/**
 * drizzle binds every column of the table in a multi-row insert (defaults included), so the row
 * count follows the table's width.
 */
export const rowsPerInsert = (table: Table) =>
  Math.max(1, Math.floor(D1_MAX_PARAMETERS / Object.keys(getTableColumns(table)).length));

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Ids in groups that fit one statement's parameters. */
export const idChunks = <T>(ids: T[]) => chunk(ids, IDS_PER_STATEMENT);

/**
 * Runs statements in D1 batches (each batch is one transaction and one round trip). Batches stay
 * well under D1's 30-second limit per batch.
 */
export async function runBatched(
  db: Db,
  statements: BatchItem<"sqlite">[],
  perBatch = 50,
): Promise<number> {
  for (const group of chunk(statements, perBatch)) {
    const [first, ...rest] = group;
    if (first) await db.batch([first, ...rest]);
  }
  return statements.length;
}

/** A statement for `batchStatements`: raw drizzle SQL or any drizzle query builder. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };
const dialect = new SQLiteAsyncDialect();

/**
 * Runs statements as ONE D1 batch, i.e. one transaction: all of them apply or none does. Goes to
 * the binding directly because drizzle's own batch() cannot carry raw SQL that has parameters
 * (its raw-query items have no prepared statement to bind).
 */
export async function batchStatements(d1: D1Database, statements: Statement[]): Promise<void> {
  const prepared = statements.map((s) => {
    const query = is(s, SQL) ? dialect.sqlToQuery(s) : s.toSQL();
    return d1.prepare(query.sql).bind(...query.params);
  });
  if (prepared.length > 0) await d1.batch(prepared);
}
