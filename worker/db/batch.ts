import type { BatchItem } from "drizzle-orm/batch";
import { getTableColumns, type Table } from "drizzle-orm";
import type { Db } from "./client";

/**
 * D1 binds at most 100 parameters per statement. drizzle binds every column of the table in a
 * multi-row insert (defaults included), so the row count follows the table's width.
 */
export const rowsPerInsert = (table: Table) => Math.max(1, Math.floor(100 / Object.keys(getTableColumns(table)).length));

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs statements in D1 batches (each batch is one transaction and one round trip). Batches stay
 * well under D1's 30-second limit per batch.
 */
export async function runBatched(db: Db, statements: BatchItem<"sqlite">[], perBatch = 50): Promise<number> {
  for (const group of chunk(statements, perBatch)) {
    const [first, ...rest] = group;
    if (first) await db.batch([first, ...rest]);
  }
  return statements.length;
}
