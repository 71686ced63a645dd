import { createHash } from "node:crypto";
import { copiedColumns, pages } from "./rows";
import type { MoveTable } from "./tables";

/*
 * A table's checksum for one organisation: SHA-256 over its rows in the stable order (tables.ts),
 * each row as the JSON array the copy carries and a newline. Integer keys are left out and the
 * columns that point at one hold the parent's stable id, so the source and the target hash the
 * same bytes exactly when they hold the same rows.
 */

export type TableSum = { rows: number; sha256: string };

export async function tableChecksum(
  db: D1Database,
  table: MoveTable,
  columns: string[],
  org: string,
): Promise<TableSum> {
  const hash = createHash("sha256");
  let rows = 0;
  for await (const page of pages(db, table, copiedColumns(table, columns), org)) {
    for (const row of page.rows) hash.update(`${JSON.stringify(row)}\n`);
    rows += page.rows.length;
  }
  return { rows, sha256: hash.digest("hex") };
}

export const sameSum = (a: TableSum, b: TableSum) => a.rows === b.rows && a.sha256 === b.sha256;
