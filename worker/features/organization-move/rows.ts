import { type MoveTable, type RowTable, rowTable, scopeOf } from "./tables";

/*
 * Reading and writing one organisation's rows of a move table in a stable order (tables.ts). A
 * row travels as an array of cells in the target's column order, the database's own integer key
 * left out and every column pointing at one holding the parent's stable id instead, so the same
 * row reads the same in the source and in the target.
 */

export type Cell = string | number | null;
export type Row = Cell[];

/** Rows per page of a row table; entities per page of a history table (a year is 365 rows each). */
export const ROWS_PER_PAGE = 500;
export const PARENTS_PER_PAGE = 32;
/** One INSERT carries its rows as one JSON parameter; D1 caps a value at 2 MB. */
const ROWS_PER_INSERT = 400;
const CHARS_PER_INSERT = 500_000;

const q = (name: string) => `"${name}"`;

/** A table's columns as the database has them (names come from MOVE_TABLES, never from input). */
export async function tableColumns(db: D1Database, table: string): Promise<string[]> {
  const info = await db.prepare(`PRAGMA table_info(${q(table)})`).all<{ name: string }>();
  return info.results.map((column) => column.name);
}

/** The parent row table whose key `column` holds, if it holds one. */
function parentOf(table: MoveTable, column: string): RowTable | undefined {
  const name =
    table.kind === "rows"
      ? table.refs?.[column]
      : column === table.column
        ? table.parent
        : undefined;
  return name === undefined ? undefined : rowTable(name);
}

/** The copied columns: the target's, minus the keys it assigns itself. */
export const copiedColumns = (table: MoveTable, columns: string[]) =>
  table.kind === "rows"
    ? columns.filter((c) => c !== table.ownKey && !table.local?.includes(c))
    : columns;

function selectList(table: MoveTable, columns: string[]): string {
  return columns
    .map((column) => {
      const parent = parentOf(table, column);
      if (!parent) return `t.${q(column)}`;
      return `(SELECT p.${q(parent.order)} FROM ${q(parent.name)} p WHERE p.${q(parent.ownKey ?? "")} = t.${q(column)})`;
    })
    .join(", ");
}

function checkCells(table: string, rows: unknown[][]): Row[] {
  for (const row of rows) {
    for (const cell of row) {
      const ok =
        cell === null ||
        typeof cell === "string" ||
        (typeof cell === "number" && Number.isFinite(cell));
      if (!ok) throw new Error(`${table}: a value of type ${typeof cell} cannot be copied`);
    }
  }
  return rows as Row[];
}

export type Page = { rows: Row[]; cursor: Cell };

/** The next page of a row table after `cursor` (null: from the start), in `order`. */
async function rowPage(
  db: D1Database,
  table: RowTable,
  columns: string[],
  org: string,
  cursor: Cell,
) {
  const after = cursor === null ? "" : ` AND t.${q(table.order)} > ?2`;
  const sql =
    `SELECT ${selectList(table, columns)} FROM ${q(table.name)} t WHERE (${table.scope})${after} ` +
    `ORDER BY t.${q(table.order)} LIMIT ${ROWS_PER_PAGE}`;
  const params = cursor === null ? [org] : [org, cursor];
  const rows = checkCells(
    table.name,
    await db
      .prepare(sql)
      .bind(...params)
      .raw(),
  );
  const at = columns.indexOf(table.order);
  return { rows, cursor: rows.length > 0 ? (rows[rows.length - 1]?.[at] ?? null) : cursor };
}

/** The next page of entities (key, stable id) of a parent row table, after `cursor`. */
export async function parentPage(db: D1Database, parent: RowTable, org: string, cursor: Cell) {
  const after = cursor === null ? "" : ` AND t.${q(parent.order)} > ?2`;
  const sql =
    `SELECT t.${q(parent.ownKey ?? "")}, t.${q(parent.order)} FROM ${q(parent.name)} t ` +
    `WHERE (${parent.scope})${after} ORDER BY t.${q(parent.order)} LIMIT ${PARENTS_PER_PAGE}`;
  const params = cursor === null ? [org] : [org, cursor];
  return checkCells(
    parent.name,
    await db
      .prepare(sql)
      .bind(...params)
      .raw(),
  );
}

/** Every history row of the next page of entities, ordered by the entity's stable id. */
async function historyPage(
  db: D1Database,
  table: MoveTable & { kind: "history" },
  columns: string[],
  org: string,
  cursor: Cell,
) {
  const parents = await parentPage(db, rowTable(table.parent), org, cursor);
  if (parents.length === 0) return { rows: [], cursor, done: true };
  const position = columns.indexOf(table.column) + 1;
  const order = [String(position), ...table.rest.map((c) => `t.${q(c)}`)].join(", ");
  const sql =
    `SELECT ${selectList(table, columns)} FROM ${q(table.name)} t ` +
    `WHERE t.${q(table.column)} IN (SELECT value FROM json_each(?1)) ORDER BY ${order}`;
  const keys = JSON.stringify(parents.map((p) => p[0]));
  const rows = checkCells(table.name, await db.prepare(sql).bind(keys).raw());
  return {
    rows,
    cursor: parents[parents.length - 1]?.[1] ?? cursor,
    done: parents.length < PARENTS_PER_PAGE,
  };
}

/**
 * Every page of the organisation's rows of `table` after `cursor`, in the stable order. A row
 * table's page is ROWS_PER_PAGE rows; a history table's is all rows of PARENTS_PER_PAGE entities.
 */
export async function* pages(
  db: D1Database,
  table: MoveTable,
  columns: string[],
  org: string,
  from: Cell = null,
): AsyncGenerator<Page> {
  let cursor = from;
  for (;;) {
    if (table.kind === "rows") {
      const page = await rowPage(db, table, columns, org, cursor);
      if (page.rows.length > 0) yield page;
      if (page.rows.length < ROWS_PER_PAGE) return;
      cursor = page.cursor;
    } else {
      const page = await historyPage(db, table, columns, org, cursor);
      if (page.rows.length > 0) yield page;
      if (page.done) return;
      cursor = page.cursor;
    }
  }
}

function insertSql(table: MoveTable, columns: string[]): string {
  const values = columns.map((column, i) => {
    const cell = `json_extract(j.value, '$[${i}]')`;
    const parent = parentOf(table, column);
    if (!parent) return cell;
    return `(SELECT p.${q(parent.ownKey ?? "")} FROM ${q(parent.name)} p WHERE p.${q(parent.order)} = ${cell})`;
  });
  const into = `${q(table.name)} (${columns.map(q).join(", ")})`;
  const select = `SELECT ${values.join(", ")} FROM json_each(?1) j`;
  const conflict = table.kind === "rows" ? table.conflict : undefined;
  if (!conflict) return `INSERT OR IGNORE INTO ${into} ${select}`;
  const updates = columns
    .filter((c) => !conflict.includes(c))
    .map((c) => `${q(c)} = excluded.${q(c)}`);
  const action = updates.length > 0 ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
  return `INSERT INTO ${into} ${select} WHERE true ON CONFLICT (${conflict.map(q).join(", ")}) ${action}`;
}

/**
 * Writes one page into the target in one batch (one transaction), so a stop leaves whole pages.
 * Rows already there are left as they are (INSERT OR IGNORE): a re-run passes over them.
 */
export async function writePage(db: D1Database, table: MoveTable, columns: string[], rows: Row[]) {
  const sql = insertSql(table, columns);
  const statements: D1PreparedStatement[] = [];
  let chunk: string[] = [];
  let chars = 0;
  const flush = () => {
    if (chunk.length > 0) statements.push(db.prepare(sql).bind(`[${chunk.join(",")}]`));
    chunk = [];
    chars = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (chunk.length >= ROWS_PER_INSERT || chars + json.length > CHARS_PER_INSERT) flush();
    chunk.push(json);
    chars += json.length + 1;
  }
  flush();
  if (statements.length > 0) await db.batch(statements);
}

/** How many of the organisation's rows `table` holds in `db`. */
export async function countRows(db: D1Database, table: MoveTable, org: string): Promise<number> {
  const sql = `SELECT count(*) AS n FROM ${q(table.name)} t WHERE ${scopeOf(table)}`;
  return (await db.prepare(sql).bind(org).first<number>("n")) ?? 0;
}

/**
 * Where a stopped copy of `table` left off in the target: the last stable id it wrote (pages are
 * written whole and in order). Null: start from the beginning. Trigger-kept counters always
 * start over (the triggers wrote rows of their own).
 */
export async function resumeCursor(db: D1Database, table: MoveTable, org: string): Promise<Cell> {
  if (table.kind === "rows") {
    if (table.conflict) return null;
    const sql = `SELECT max(t.${q(table.order)}) AS m FROM ${q(table.name)} t WHERE ${table.scope}`;
    return (await db.prepare(sql).bind(org).first<Cell>("m")) ?? null;
  }
  const parent = rowTable(table.parent);
  const sql =
    `SELECT max(t.${q(parent.order)}) AS m FROM ${q(parent.name)} t WHERE (${parent.scope}) ` +
    `AND EXISTS (SELECT 1 FROM ${q(table.name)} c WHERE c.${q(table.column)} = t.${q(parent.ownKey ?? "")})`;
  return (await db.prepare(sql).bind(org).first<Cell>("m")) ?? null;
}
