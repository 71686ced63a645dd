import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/*
 * Title search over the FTS5 trigram indexes of migrations/0002 (one per dashboard table, named
 * `<singular>_search`, keyed by the table's rowid). Trigram matching is a case-insensitive
 * substring match with Unicode case folding, so "CAFÉ" finds "café" (SQLite's LIKE folds ASCII
 * only). A trigram index cannot serve terms shorter than three characters; those are matched
 * with instr() against every upper/lower-case spelling of the term (at most nine for two
 * characters), which folds non-ASCII letters the same way.
 */

export type SearchIndex = {
  /** The FTS5 table (a fixed name from the schema, never input). */
  name: string;
  /** The searched table and the columns its index holds. */
  table: SQLiteTable;
  columns: SQLiteColumn[];
};

const MIN_TRIGRAM = 3;

/** An FTS5 phrase: the whole term as one substring, quotes doubled. */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** Every spelling of `term` with each character in its original, lower or upper case. */
function caseVariants(term: string): string[] {
  let variants = [""];
  for (const ch of term) {
    const forms = [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])];
    variants = variants.flatMap((v) => forms.map((f) => v + f));
  }
  return variants;
}

/**
 * `<table>.rowid IN (rows whose indexed text contains term)`, or undefined without a term.
 * `only` restricts the match to one indexed column (e.g. a channel's title, not its handle).
 */
export function matchRows(
  index: SearchIndex,
  term: string | undefined,
  only?: SQLiteColumn,
): SQL | undefined {
  if (!term) return undefined;
  const matched = matchedRowids(index, term, only);
  if (matched) return sql`${index.table}.rowid IN (${matched})`;
  const columns = only ? [only] : index.columns;
  const tests = columns.flatMap((c) => caseVariants(term).map((v) => sql`instr(${c}, ${v}) > 0`));
  return sql`(${sql.join(tests, sql` OR `)})`;
}

/**
 * The rowids whose indexed text contains `term`, straight from the FTS index (no table read), or
 * undefined when the term is too short for the trigram index.
 */
export function matchedRowids(
  index: SearchIndex,
  term: string,
  only?: SQLiteColumn,
): SQL | undefined {
  if ([...term].length < MIN_TRIGRAM) return undefined;
  const query = only ? `${only.name} : ${phrase(term)}` : phrase(term);
  const fts = sql.identifier(index.name);
  return sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query}`;
}
