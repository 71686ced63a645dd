import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/*
 * Title search over the FTS5 trigram indexes of migrations/0002 (one per dashboard table, named
 * `<singular>_search`), keyed since migrations/0011 by the organisation's slot and the table's
 * rowid, so one organisation's search reads its own range of the index and never its neighbours'
 * entries (docs/content-databases.md, "Title search inside a shared database"). Trigram
 * matching is a case-insensitive substring match with Unicode case folding, so "CAFÉ" finds
 * "café" (SQLite's LIKE folds ASCII only). A trigram index cannot serve terms shorter than
 * three characters; those are matched with instr() against every upper/lower-case spelling of
 * the term (at most nine for two characters), which folds non-ASCII letters the same way.
 */

export type SearchIndex = {
  /** The FTS5 table (a fixed name from the schema, never input). */
  name: string;
  /** The searched table and the columns its index holds. */
  table: SQLiteTable;
  columns: SQLiteColumn[];
};

const MIN_TRIGRAM = 3;

/** An index key is slot × ROW_SPAN + rowid (rowids stay below 2^36; keys below 2^52). */
const ROW_SPAN = 2 ** 36;
const SLOT_DIGITS = "123456789abcdef";

/**
 * The organisation's slot, as migrations/0011's triggers compute it from `organization_id`: its
 * first four characters read as hex digits (anything else counts as 0). Ids are UUIDs; for any
 * other string this still agrees with SQLite: characters, not UTF-16 units, as substr() counts
 * them, and a missing character counts 1, as instr(x, '') does.
 */
export function searchSlot(organizationId: string): number {
  const chars = [...organizationId];
  let slot = 0;
  for (let i = 0; i < 4; i++) slot = slot * 16 + SLOT_DIGITS.indexOf(chars[i] ?? "") + 1;
  return slot;
}

/** The index keys of the organisation's rows: an inclusive range. */
export function searchKeyRange(organizationId: string): { first: number; last: number } {
  const first = searchSlot(organizationId) * ROW_SPAN;
  return { first, last: first + ROW_SPAN - 1 };
}

/** An FTS5 phrase: the whole term as one substring, quotes doubled. */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/*
 * People type a straight apostrophe or quote where titles often have typographic ones ("O'Brien"
 * for "O’Brien", "quoted" for “quoted”), and the index matches characters as they are. A term
 * holding any of them is searched in each usual spelling, all its marks of a kind written one
 * way: straight, the apostrophe ’ (or ʼ), or opening and closing in turn (‘…’, “…”). At most
 * eight spellings, not one per combination of marks: a title rarely mixes them.
 */
const SINGLE_MARKS = /['\u2018\u2019\u02bc]/g;
const DOUBLE_MARKS = /["\u201c\u201d]/g;
const inTurn = (open: string, close: string) => {
  let n = 0;
  return () => (n++ % 2 === 0 ? open : close);
};
const QUOTE_KINDS: Array<{ marks: RegExp; ways: Array<() => () => string> }> = [
  {
    marks: SINGLE_MARKS,
    ways: [
      () => () => "'",
      () => () => "\u2019",
      () => () => "\u02bc",
      () => inTurn("\u2018", "\u2019"),
    ],
  },
  { marks: DOUBLE_MARKS, ways: [() => () => '"', () => inTurn("\u201c", "\u201d")] },
];
export function quoteSpellings(term: string): string[] {
  let spellings = [term];
  for (const { marks, ways } of QUOTE_KINDS) {
    if (term.match(marks) === null) continue;
    spellings = spellings.flatMap((t) => [...new Set(ways.map((way) => t.replace(marks, way())))]);
  }
  return spellings;
}

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
 * `<table>.rowid IN (the organisation's rows whose indexed text contains term)`, or undefined
 * without a term. `only` restricts the match to one indexed column (e.g. a channel's title, not
 * its handle). The caller still filters on the organisation: a shared slot may add a neighbour's
 * rowids.
 */
export function matchRows(
  index: SearchIndex,
  organizationId: string,
  term: string | undefined,
  only?: SQLiteColumn,
): SQL | undefined {
  if (!term) return undefined;
  const matched = matchedRowids(index, organizationId, term, only);
  if (matched) return sql`${index.table}.rowid IN (${matched})`;
  const columns = only ? [only] : index.columns;
  const spellings = quoteSpellings(term).flatMap(caseVariants);
  const tests = columns.flatMap((c) => spellings.map((v) => sql`instr(${c}, ${v}) > 0`));
  return sql`(${sql.join(tests, sql` OR `)})`;
}

/**
 * The rowids of the organisation's rows whose indexed text contains `term`, straight from the
 * organisation's range of the FTS index (no table read; FTS5 seeks each trigram's list to the
 * range), or undefined when the term is too short for the trigram index.
 */
export function matchedRowids(
  index: SearchIndex,
  organizationId: string,
  term: string,
  only?: SQLiteColumn,
): SQL | undefined {
  if ([...term].length < MIN_TRIGRAM) return undefined;
  const phrases = quoteSpellings(term).map(phrase).join(" OR ");
  const query = only ? `${only.name} : (${phrases})` : phrases;
  const fts = sql.identifier(index.name);
  const { first, last } = searchKeyRange(organizationId);
  return sql`SELECT rowid % ${sql.raw(String(ROW_SPAN))} FROM ${fts} WHERE ${fts} MATCH ${query} AND rowid BETWEEN ${first} AND ${last}`;
}

/**
 * The characters the trigram index folds to an ASCII letter and LIKE does not: the Kelvin sign
 * (to k) and the long s (to s). Found by matching every code point between two ASCII letters
 * against the index (docs/performance.md, "A title-sorted search tested on the index").
 */
const FOLDED_TO_ASCII = ["\u212A", "\u017F"];

/**
 * A test of the title (the one column of a table's title index) that selects the same rows as
 * `rowid IN (matched)` for `term`, read off the column itself: for a walk down an index that
 * holds the column, so no row is read and the matched set is not built. Only for an ASCII term,
 * where the two differ in nothing but FOLDED_TO_ASCII: LIKE folds ASCII letters as the index
 * does, a match LIKE finds the index finds too, and a title holding one of those characters is
 * asked of the index. Undefined for another term (one with an apostrophe or quote has several
 * spellings, quoteSpellings), or one too short for the index.
 */
export function titleContains(
  index: SearchIndex,
  organizationId: string,
  term: string,
): SQL | undefined {
  const [column, ...others] = index.columns;
  const ascii = [...term].every((c) => c.charCodeAt(0) < 0x80);
  const oneSpelling = quoteSpellings(term).length === 1;
  const matched = matchedRowids(index, organizationId, term);
  if (!column || others.length > 0 || !ascii || !oneSpelling || !matched) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folded = FOLDED_TO_ASCII.map((ch) => sql`instr(${column}, ${ch}) > 0`);
  return sql`(${column} LIKE ${pattern} ESCAPE '\\' OR ((${sql.join(folded, sql` OR `)}) AND +${index.table}.rowid IN (${matched})))`;
}
