import { sameSum, type TableSum, tableChecksum } from "./checksum";
import { deleteOrganizationContent, holdsOrganization, type Progress } from "./cleanup";
import {
  clearMoving,
  type DirectoryEntry,
  MoveRefused,
  markMoving,
  readDirectory,
  switchDatabase,
} from "./directory";
import { copiedColumns, countRows, pages, resumeCursor, tableColumns, writePage } from "./rows";
import { MOVE_TABLES, type MoveTable, ORGANIZATIONS } from "./tables";

/*
 * Moving an organisation's content from one database to another (docs/content-databases.md):
 * 1 mark it moving in the directory, 2 copy every table in pages, 3 verify counts and checksums
 * per table, 4 switch the directory in one statement, 5 delete the source copy. Every step can be
 * run again: before the switch the source is untouched and still in use (a re-run resumes the
 * copy; `abort` deletes the partial copy and clears the mark); after it, a re-run finds the
 * leftover source copy and deletes it. `stopAfterPages` / `stopAfterStep` stop the run for real
 * at that point (tests), as a crash would.
 */

export type MoveStep = "marked" | "copied" | "verified" | "switched";

export type MoveOptions = {
  primary: D1Database;
  /** Every database that may hold organisation content, by binding ("DB" and CONTENT_n). */
  databases: Record<string, D1Database>;
  /** The bindings a move may target (CONTENT_DATABASES). */
  targets: readonly string[];
  organizationId: string;
  to: string;
  abort?: boolean;
  /** Stop once this many pages (copy or delete) have been written this run. */
  stopAfterPages?: number;
  stopAfterStep?: MoveStep;
};

export type TableReport = { table: string; copied: number; source: TableSum; target: TableSum };

export type MoveResult =
  | { status: "moved"; from: string; to: string; tables: TableReport[] }
  | { status: "mismatch"; from: string; to: string; tables: TableReport[]; differing: string[] }
  | { status: "stopped"; from: string; to: string; at: MoveStep | "copy" | "delete" }
  | { status: "aborted"; from: string; to: string }
  /** Already switched by an earlier run: `deleted` names the databases a leftover was deleted from. */
  | { status: "finished"; to: string; deleted: string[] };

export { MoveRefused };

function database(options: MoveOptions, binding: string): D1Database {
  const db = options.databases[binding];
  if (!db) throw new MoveRefused(`"${binding}" is not a content database.`);
  return db;
}

/** The target's columns, after checking the source has the same (organizations: at least them). */
async function columnsOf(source: D1Database, target: D1Database, table: MoveTable) {
  const [inSource, inTarget] = await Promise.all([
    tableColumns(source, table.name),
    tableColumns(target, table.name),
  ]);
  const missing = inTarget.filter((c) => !inSource.includes(c));
  const extra = inSource.filter((c) => !inTarget.includes(c));
  if (missing.length > 0 || (table.name !== ORGANIZATIONS && extra.length > 0)) {
    throw new MoveRefused(
      `${table.name} differs between the databases (${[...missing, ...extra].join(", ")}); ` +
        "apply the migrations to both first.",
    );
  }
  return copiedColumns(table, inTarget);
}

export async function moveOrganization(options: MoveOptions): Promise<MoveResult> {
  const { primary, organizationId: org, to } = options;
  if (!options.targets.includes(to)) {
    throw new MoveRefused(
      `"${to}" is not a content database a move can target (${options.targets.join(", ")}).`,
    );
  }
  const target = database(options, to);
  const entry = await readDirectory(primary, org);
  const progress: Progress = { pages: 0, limit: options.stopAfterPages };
  if (options.abort) return abort(options, entry, progress);
  if (entry.binding === to && entry.movingTo === null) return finish(options, progress);
  if (entry.movingTo !== null && entry.movingTo !== to) {
    throw new MoveRefused(
      `The organisation is being moved to ${entry.movingTo}; finish that move or abort it first.`,
    );
  }
  if (entry.binding === to) throw new MoveRefused(`The directory says ${to} and moving to ${to}.`);
  const from = entry.binding;
  const source = database(options, from);
  const stopped = (at: MoveStep | "copy" | "delete") =>
    ({ status: "stopped", from, to, at }) as const;

  if (entry.movingTo === null) {
    // Not in use (the directory points elsewhere): a copy left by an older move would only mix in.
    if (await holdsOrganization(target, to, org)) {
      await deleteOrganizationContent(target, to, org, { pages: 0, limit: undefined });
    }
    await markMoving(primary, org, from, to);
  }
  if (options.stopAfterStep === "marked") return stopped("marked");

  const columns = new Map<string, string[]>();
  const copied = new Map<string, number>();
  for (const table of MOVE_TABLES) {
    const cols = await columnsOf(source, target, table);
    columns.set(table.name, cols);
    const before = await countRows(target, table, org);
    const cursor = await resumeCursor(target, table, org);
    let written = 0;
    for await (const page of pages(source, table, cols, org, cursor)) {
      if (progress.limit !== undefined && progress.pages >= progress.limit) return stopped("copy");
      await writePage(target, table, cols, page.rows);
      progress.pages++;
      written += page.rows.length;
    }
    // Trigger-kept counters were already there (the triggers wrote them): the copy overwrote them.
    const inserted = (await countRows(target, table, org)) - before;
    copied.set(table.name, table.kind === "rows" && table.conflict ? written : inserted);
  }
  if (options.stopAfterStep === "copied") return stopped("copied");

  const tables: TableReport[] = [];
  for (const table of MOVE_TABLES) {
    const cols = columns.get(table.name) ?? [];
    const [sourceSum, targetSum] = await Promise.all([
      tableChecksum(source, table, cols, org),
      tableChecksum(target, table, cols, org),
    ]);
    tables.push({
      table: table.name,
      copied: copied.get(table.name) ?? 0,
      source: sourceSum,
      target: targetSum,
    });
  }
  const differing = tables.filter((t) => !sameSum(t.source, t.target)).map((t) => t.table);
  if (differing.length > 0) return { status: "mismatch", from, to, tables, differing };
  if (options.stopAfterStep === "verified") return stopped("verified");

  await switchDatabase(primary, org, from, to);
  if (options.stopAfterStep === "switched") return stopped("switched");
  if (!(await deleteOrganizationContent(source, from, org, progress))) return stopped("delete");
  return { status: "moved", from, to, tables };
}

/** After the switch: delete whatever copy is left in any other database. */
async function finish(options: MoveOptions, progress: Progress): Promise<MoveResult> {
  const deleted: string[] = [];
  for (const [binding, db] of Object.entries(options.databases)) {
    if (binding === options.to || !(await holdsOrganization(db, binding, options.organizationId)))
      continue;
    if (!(await deleteOrganizationContent(db, binding, options.organizationId, progress))) {
      return { status: "stopped", from: binding, to: options.to, at: "delete" };
    }
    deleted.push(binding);
  }
  return { status: "finished", to: options.to, deleted };
}

async function abort(options: MoveOptions, entry: DirectoryEntry, progress: Progress) {
  const { movingTo } = entry;
  if (movingTo === null) {
    throw new MoveRefused("No move of this organisation is under way; there is nothing to abort.");
  }
  if (movingTo !== options.to) {
    throw new MoveRefused(`The move under way is to ${movingTo}, not ${options.to}.`);
  }
  const partial = database(options, movingTo);
  if (!(await deleteOrganizationContent(partial, movingTo, options.organizationId, progress))) {
    return { status: "stopped", from: entry.binding, to: movingTo, at: "delete" } as const;
  }
  await clearMoving(options.primary, options.organizationId, movingTo);
  return { status: "aborted", from: entry.binding, to: movingTo } as const;
}
