import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { chunk } from "./batch";

/*
 * Bulk upserts that respect D1's 100-bound-parameter limit without needing one statement per
 * handful of rows: the rows travel as ONE bound JSON parameter and SQLite unpacks them with
 * json_each. A 20-column table thus takes 500 rows per statement instead of 5, which keeps a
 * 5,000-video channel far below D1's 1,000-queries-per-invocation limit and lets a whole
 * channel be written in one batch (one transaction). The SQL is built from the drizzle schema
 * (table and column names), never from input; every value is bound.
 */

/** Rows per statement: the JSON parameter stays around 150 KB, far under D1's 2 MB per value. */
export const JSON_ROWS_PER_STATEMENT = 500;

type JsonScalar = string | number | null;
export type JsonRow<T extends SQLiteTable> = {
  values: Partial<T["$inferInsert"]>;
  extra?: Record<string, JsonScalar>;
};

/** A field of the current JSON row (for `computed` expressions), e.g. an external id to look up. */
export const jsonField = (key: string): SQL => sql`json_extract(j.value, ${`$.${key}`})`;

export type JsonUpsert<T extends SQLiteTable> = {
  table: T;
  rows: Array<JsonRow<T>>;
  /** Columns whose value is an SQL expression instead of a JSON field (e.g. a lookup by key). */
  computed?: Partial<Record<keyof T["$inferInsert"] & string, SQL>>;
  /**
   * Columns whose value is one SQL expression for every row of a statement, which reads no row
   * field (e.g. the organisation's key looked up by its id): SQLite evaluates it once, and the
   * rows keep the packed layout.
   */
  constant?: Partial<Record<keyof T["$inferInsert"] & string, SQL>>;
  /** The unique key the upsert resolves conflicts on. */
  target: SQLiteColumn[];
  /** Columns replaced by the new value on conflict. */
  update: SQLiteColumn[];
  /** Columns replaced only when the new value is not null (keeps figures computed earlier). */
  keep?: SQLiteColumn[];
  /** Rows per statement (default JSON_ROWS_PER_STATEMENT); the bound JSON must stay under 2 MB. */
  rowsPerStatement?: number;
};

function toDriver(column: SQLiteColumn, value: unknown): JsonScalar {
  if (value === undefined || value === null) return null;
  if (is(value, SQL)) throw new TypeError(`${column.name}: SQL values belong in "computed"`);
  const mapped = column.mapToDriverValue(value);
  if (typeof mapped === "string" || typeof mapped === "number") return mapped;
  if (typeof mapped === "boolean") return mapped ? 1 : 0;
  if (typeof mapped === "bigint") return Number(mapped);
  throw new TypeError(`${column.name}: cannot bind ${typeof mapped} through JSON`);
}

/** The value a column gets when a row omits it: its default function, static default, or null. */
function defaulted(column: SQLiteColumn): unknown {
  if (column.defaultFn) return column.defaultFn();
  return column.hasDefault ? column.default : null;
}

/** A row's value for `column` as the driver stores it; the column's default when the row has none. */
function driverValue(values: object, key: string, column: SQLiteColumn): JsonScalar {
  const source = values as Record<string, unknown>;
  return toDriver(column, key in source ? source[key] : defaulted(column));
}

/**
 * One group's rows as the SELECT that feeds the INSERT, in the cheap layout: a column whose value
 * is the same in every row of the group (the organisation, the channel, "now", a figure not known
 * yet) is bound once, not once per row (null as the literal null; anything else as a one-element
 * JSON array read with `->> 0`, which SQLite evaluates once per statement and which types the value
 * exactly as json_extract does); the other columns travel as one JSON array per row, read by
 * position (`j.value ->> i`). Measured in workerd (docs/performance.md, "2026-11-24, evening"):
 * for 100,000 videos the object layout, read with json_extract by name, cost about 6.6 of the
 * inserts' 21 CPU seconds (moving 64 MB of bound JSON into SQLite, then 23 lookups per row); this
 * layout sends 17 MB.
 */
function packedSelect(
  columns: SQLiteColumn[],
  rows: JsonScalar[][],
  constants: Array<SQL | undefined> = [],
): { selects: SQL; payload: string } {
  const first = rows[0] ?? [];
  const varying = columns.map((_, i) => !constants[i] && rows.some((row) => row[i] !== first[i]));
  const position = new Map<number, number>();
  for (const [i, v] of varying.entries()) if (v) position.set(i, position.size);
  const selects = sql.join(
    columns.map((_, i) => {
      const constant = constants[i];
      if (constant) return constant;
      const at = position.get(i);
      if (at !== undefined) return sql`j.value ->> ${sql.raw(String(at))}`;
      const value = first[i] ?? null;
      return value === null ? sql`null` : sql`(${JSON.stringify([value])} ->> 0)`;
    }),
    sql`, `,
  );
  const payload = JSON.stringify(rows.map((row) => row.filter((_, i) => varying[i])));
  return { selects, payload };
}

/**
 * The columns an insert names: all but the computed ones (episodes.season_episode), which SQLite
 * refuses to be given a value ("cannot INSERT into generated column").
 */
function writtenColumns(table: SQLiteTable): Array<[string, SQLiteColumn]> {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, SQLiteColumn]>;
  return columns.filter(([, column]) => !column.generated);
}

/** The statements (one per `rowsPerStatement` rows) for `db.batch()` or `db.run()`. */
export function jsonUpsertStatements<T extends SQLiteTable>(spec: JsonUpsert<T>): SQL[] {
  const columns = writtenColumns(spec.table);
  const constant = (spec.constant ?? {}) as Record<string, SQL | undefined>;
  const computed = { ...constant, ...spec.computed } as Record<string, SQL | undefined>;
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const selects = sql.join(
    columns.map(([key, c]) => computed[key] ?? jsonField(c.name)),
    sql`, `,
  );
  const target = sql.join(
    spec.target.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const sets = [
    ...spec.update.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`),
    ...(spec.keep ?? []).map(
      (c) =>
        sql`${sql.identifier(c.name)} = coalesce(excluded.${sql.identifier(c.name)}, ${sql.identifier(c.name)})`,
    ),
  ];
  // "where true" tells SQLite's parser the ON CONFLICT belongs to the INSERT, not a join.
  const upsert = (select: SQL, payload: string) =>
    sql`insert into ${spec.table} (${names}) select ${select} from json_each(${payload}) as j where true on conflict (${target}) do update set ${sql.join(sets, sql`, `)}`;
  return chunk(spec.rows, spec.rowsPerStatement ?? JSON_ROWS_PER_STATEMENT).map((group) => {
    // Computed columns read named fields of the row (jsonField), so they keep the object layout.
    if (spec.computed) {
      const payload = group.map((row) => {
        const out: Record<string, JsonScalar> = { ...row.extra };
        for (const [key, column] of columns)
          if (!computed[key]) out[column.name] = driverValue(row.values, key, column);
        return out;
      });
      return upsert(selects, JSON.stringify(payload));
    }
    const packed = packedSelect(
      columns.map(([, c]) => c),
      group.map((row) =>
        columns.map(([key, column]) =>
          constant[key] ? null : driverValue(row.values, key, column),
        ),
      ),
      columns.map(([key]) => constant[key]),
    );
    return upsert(packed.selects, packed.payload);
  });
}

/** Plain bulk inserts of new rows (no conflict target), JSON_ROWS_PER_STATEMENT rows a statement. */
export function jsonInsertStatements<T extends SQLiteTable>(
  table: T,
  rows: Array<Partial<T["$inferInsert"]>>,
): SQL[] {
  const columns = writtenColumns(table);
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  return chunk(rows, JSON_ROWS_PER_STATEMENT).map((group) => {
    const packed = packedSelect(
      columns.map(([, c]) => c),
      group.map((values) => columns.map(([key, column]) => driverValue(values, key, column))),
    );
    return sql`insert into ${table} (${names}) select ${packed.selects} from json_each(${packed.payload}) as j`;
  });
}
