/*
 * What moving an organisation copies (docs/content-databases.md, "Moving an organisation"): every
 * table of the content schema (migrations-content/), in foreign-key order, each with the condition
 * that picks one organisation's rows and a column whose value is the same in every database, so
 * pages, checksums and deletes can walk the rows in one order on both sides.
 *
 * Integer keys (videos.key, episodes.key, youtube_owner_connections.key, youtube_owner_videos.key)
 * are unique only inside one database. The copy leaves them out (the target's insert trigger or
 * rowid gives new ones) and every column that points at one travels as the parent's stable id
 * instead (a video's id, an owner connection's channel id): the target turns it back into its own
 * key. That stable id is the old -> new map, present in both databases for as long as the rows are,
 * so the map cannot be lost half-way and checksums compare the rows with keys mapped. The
 * organisation's own integer key (organization_keys, videos.org_key) is likewise the target's.
 *
 * tests/worker/organization-move/tables.test.ts fails when a content table is missing here.
 */

/** A table whose rows are one organisation's, walked in order of a column unique in the table. */
export type RowTable = {
  kind: "rows";
  name: string;
  /** SQL condition on alias `t` selecting the organisation's rows; ?1 is its id. */
  scope: string;
  /** A column unique in the table, equal in every database: the page and checksum order. */
  order: string;
  /** The integer key this database assigns; never copied. */
  ownKey?: string;
  /** Other columns this database fills in itself (its triggers), never copied. */
  local?: string[];
  /**
   * The organisation's own row, or a row that lives and dies with it (its key, which cascades from
   * it): a cleanup leaves it to that row's delete, and in the primary database, where the
   * organisation's row stays, it stays too.
   */
  withOrganization?: true;
  /** Integer columns holding another table's own key, copied as that table's `order` value. */
  refs?: Record<string, string>;
  /**
   * Rows the triggers keep: the copy overwrites what the triggers counted with the source's (with
   * no other column copied, it leaves the target's row as it is).
   */
  conflict?: string[];
};

/** History keyed by an entity's integer key: walked entity page by entity page. */
export type HistoryTable = {
  kind: "history";
  name: string;
  /** The entity table (a RowTable with an ownKey) and the column here that holds its key. */
  parent: string;
  column: string;
  /** The rest of the primary key, in order. */
  rest: string[];
};

export type MoveTable = RowTable | HistoryTable;

const org = "t.organization_id = ?1";
const ownerConnections =
  "t.connection_key IN (SELECT key FROM youtube_owner_connections WHERE organization_id = ?1)";
const rows = (name: string, extra: Partial<RowTable> = {}): RowTable => ({
  kind: "rows",
  name,
  scope: org,
  order: "id",
  ...extra,
});

/** Foreign-key order: every table after the tables it references. */
export const MOVE_TABLES: readonly MoveTable[] = [
  rows("organizations", { scope: "t.id = ?1", withOrganization: true }),
  // The target's trigger on organizations gives the organisation its own key there: the copy
  // finds the row in place (its key is the target's, never the source's).
  rows("organization_keys", {
    order: "organization_id",
    ownKey: "key",
    conflict: ["organization_id"],
    withOrganization: true,
  }),
  rows("integrations"),
  rows("google_connections"),
  rows("channels"),
  rows("videos", { ownKey: "key", local: ["org_key"] }),
  rows("shows"),
  rows("episodes", { ownKey: "key", local: ["org_key"] }),
  rows("channel_metrics"),
  rows("show_metrics"),
  {
    kind: "history",
    name: "video_metrics",
    parent: "videos",
    column: "video_key",
    rest: ["captured_at"],
  },
  {
    kind: "history",
    name: "episode_metrics",
    parent: "episodes",
    column: "episode_key",
    rest: ["day"],
  },
  rows("youtube_owner_connections", { order: "channel_id", ownKey: "key" }),
  {
    kind: "history",
    name: "youtube_channel_daily",
    parent: "youtube_owner_connections",
    column: "connection_key",
    rest: ["day"],
  },
  rows("youtube_owner_videos", {
    scope: ownerConnections,
    order: "video_id",
    ownKey: "key",
    refs: { connection_key: "youtube_owner_connections" },
  }),
  {
    kind: "history",
    name: "youtube_video_daily",
    parent: "youtube_owner_videos",
    column: "video_key",
    rest: ["day"],
  },
  rows("ingestion_jobs"),
  rows("persistent_sheets"),
  rows("report_schedules"),
  rows("reports"),
  rows("report_files"),
  rows("schedule_runs"),
  rows("multi_channel_previews"),
  rows("preview_matches"),
  // Kept by the triggers on videos, channels, shows and episodes: after them, so the source's
  // counts are the ones that stay.
  rows("video_title_groups", { order: "title_key", conflict: ["organization_id", "title_key"] }),
  rows("table_stats", { order: "table_name", conflict: ["organization_id", "table_name"] }),
];

/** The organisation's stub in a content database; in the primary database, the real row. */
export const ORGANIZATIONS = "organizations";
/** Whether a table's row is the organisation's own or lives and dies with it (RowTable). */
export const withOrganizationRow = (table: MoveTable) =>
  table.kind === "rows" && table.withOrganization === true;

export function rowTable(name: string): RowTable {
  const table = MOVE_TABLES.find((t) => t.name === name);
  if (table?.kind !== "rows") throw new Error(`${name} is not a row table of the move`);
  return table;
}

/** The condition selecting the organisation's rows of any move table, on alias `t`. */
export function scopeOf(table: MoveTable): string {
  if (table.kind === "rows") return table.scope;
  const parent = rowTable(table.parent);
  return `t.${table.column} IN (SELECT t.${parent.ownKey} FROM ${parent.name} t WHERE ${parent.scope})`;
}
