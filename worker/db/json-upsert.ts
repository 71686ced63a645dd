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
  /** The unique key the upsert resolves conflicts on. */
  target: SQLiteColumn[];
  /** Columns replaced by the new value on conflict. */
  update: SQLiteColumn[];
  /** Columns replaced only when the new value is not null (keeps figures computed earlier). */
  keep?: SQLiteColumn[];
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

/** The statements (one per JSON_ROWS_PER_STATEMENT rows) for `db.batch()` or `db.run()`. */
export function jsonUpsertStatements<T extends SQLiteTable>(spec: JsonUpsert<T>): SQL[] {
  const columns = Object.entries(getTableColumns(spec.table)) as Array<[string, SQLiteColumn]>;
  const computed = (spec.computed ?? {}) as Record<string, SQL | undefined>;
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
  return chunk(spec.rows, JSON_ROWS_PER_STATEMENT).map((group) => {
    const payload = group.map((row) => {
      const values = row.values as Record<string, unknown>;
      const out: Record<string, JsonScalar> = { ...row.extra };
      for (const [key, column] of columns)
        if (!computed[key])
          out[column.name] = toDriver(column, key in values ? values[key] : defaulted(column));
      return out;
    });
    // "where true" tells SQLite's parser the ON CONFLICT belongs to the INSERT, not a join.
    return sql`insert into ${spec.table} (${names}) select ${selects} from json_each(${JSON.stringify(payload)}) as j where true on conflict (${target}) do update set ${sql.join(sets, sql`, `)}`;
  });
}

/** Plain bulk inserts of new rows (no conflict target), JSON_ROWS_PER_STATEMENT rows a statement. */
export function jsonInsertStatements<T extends SQLiteTable>(
  table: T,
  rows: Array<Partial<T["$inferInsert"]>>,
): SQL[] {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, SQLiteColumn]>;
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const selects = sql.join(
    columns.map(([, c]) => jsonField(c.name)),
    sql`, `,
  );
  return chunk(rows, JSON_ROWS_PER_STATEMENT).map((group) => {
    const payload = group.map((values) => {
      const source = values as Record<string, unknown>;
      const out: Record<string, JsonScalar> = {};
      for (const [key, column] of columns)
        out[column.name] = toDriver(column, key in source ? source[key] : defaulted(column));
      return out;
    });
    return sql`insert into ${table} (${names}) select ${selects} from json_each(${JSON.stringify(payload)}) as j`;
  });
}
