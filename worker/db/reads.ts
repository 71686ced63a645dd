import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/**
 * Reads that can share one D1 round trip with others: the statements, built but not sent, and how
 * their results become the caller's value. A route that needs several reads (a table page and its
 * totals) sends them all in one `db.batch`: one round trip and one consistent snapshot, instead of
 * one round trip each.
 */
export type Reads<T> = {
  statements: BatchItem<"sqlite">[];
  read: (results: unknown[]) => T;
};

/** One statement; `read` gets exactly what awaiting the statement would give. */
export function readOne<Q extends BatchItem<"sqlite">, T>(
  statement: Q,
  read: (result: Awaited<Q>) => T,
): Reads<T> {
  return { statements: [statement], read: ([result]) => read(result as Awaited<Q>) };
}

/** Two reads as one, their values joined. */
export function combine<A, B, T>(a: Reads<A>, b: Reads<B>, join: (a: A, b: B) => T): Reads<T> {
  const split = a.statements.length;
  return {
    statements: [...a.statements, ...b.statements],
    read: (results) => join(a.read(results.slice(0, split)), b.read(results.slice(split))),
  };
}

/** The reads' value, changed. */
export const mapReads = <A, T>(a: Reads<A>, change: (value: A) => T): Reads<T> => ({
  statements: a.statements,
  read: (results) => change(a.read(results)),
});

/**
 * Sends the reads in one batch (one round trip) and gives their value. A single statement is
 * awaited on its own: the same round trip and the same value, but D1 answers it as arrays of
 * values instead of one object per row (a batch's form), which is less to send, parse and collect
 * for the thousands of rows an export page holds.
 */
export async function runReads<T>(db: Db, reads: Reads<T>): Promise<T> {
  const [first, ...rest] = reads.statements;
  if (!first) return reads.read([]);
  if (rest.length === 0) return reads.read([await first]);
  return reads.read(await db.batch([first, ...rest]));
}
