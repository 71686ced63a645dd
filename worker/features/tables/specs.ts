import {
  and,
  count,
  eq,
  getTableName,
  inArray,
  or,
  type SQL,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import { QueryBuilder, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  DOWNLOADS_THRESHOLDS,
  type TableQuery,
  VIEWS_THRESHOLDS,
} from "../../../shared/schemas/tables";
import { optionalColumnIds, type SortKey, type TableName } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { byOrganizationId, type OrganizationScope } from "../../db/organization-scope";
import { combine, mapReads, type Reads, readOne } from "../../db/reads";
import { channels, episodes, shows, tableStats, videos } from "../../db/schema";
import {
  type ChildRelation,
  type ChildTable,
  childPage,
  childSlicer,
  episodeChild,
  type SliceStart,
  videoChild,
  walkedEntries,
} from "./child-page";
import { mergedVideoPage, mergedVideoTotal } from "./merged-videos";
import { type Row, toChannelRow, toEpisodeRow, toShowRow, toVideoRow } from "./rows";
import { matchedRowids, matchRows, type SearchIndex, titleContains } from "./search";
import {
  equalFilter,
  isParentSort,
  listFilter,
  optionalFlagSeeks,
  optionalFlagSelect,
  orderTerms,
  publishedFilter,
  rowidOf,
  type SortTarget,
  sortTarget,
  sortValue,
  thresholdFilter,
} from "./sql-helpers";

export type { Row };
export { toChannelRow, toEpisodeRow, toShowRow, toVideoRow };

export type TableTotals = {
  total: number;
  optionalColumns: Record<string, boolean>;
  refreshedAt: string | null;
  duplicates?: { total: number; merged: number };
};
/**
 * A table's reads, built but not sent, so a page request sends its page and its totals in one
 * batch (one D1 round trip).
 */
export type TableSpec = {
  /**
   * The filtered, sorted page of rows (plain JSON values, dates as ISO strings). `matches`, the
   * filter's row count when the caller knows it (kept totals), picks a searched page's plan
   * without counting.
   */
  page: (
    db: Db,
    orgId: string,
    query: TableQuery,
    limit: number,
    offset: number,
    now: number,
    matches?: number,
  ) => Reads<Row[]>;
  total: (db: Db, orgId: string, query: TableQuery, now: number) => Reads<TableTotals>;
};

const iso = (ms: number | null | undefined) =>
  typeof ms === "number" ? new Date(ms).toISOString() : null;
const flags = (row: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0) > 0]));

export const searchIndexes = {
  channels: { name: "channel_search", table: channels, columns: [channels.title, channels.handle] },
  videos: { name: "video_search", table: videos, columns: [videos.title] },
  shows: { name: "show_search", table: shows, columns: [shows.title] },
  episodes: { name: "episode_search", table: episodes, columns: [episodes.title] },
} satisfies Record<TableName, SearchIndex>;

/**
 * What each table sorts by: exactly the catalogue's sortable columns (shared/table-columns.ts;
 * a key missing or extra here is a compile error), each the column or parent title it reads.
 */
export const sortables = {
  channels: {
    title: channels.title,
    subscriberCount: channels.subscriberCount,
    totalViews: channels.totalViews,
    videoCount: channels.videoCount,
    lastUpdated: channels.lastUpdated,
    trailing1dViews: channels.trailing1dViews,
    trailing1wViews: channels.trailing1wViews,
    trailing1mViews: channels.trailing1mViews,
    trailing1yViews: channels.trailing1yViews,
    watchMinutes: channels.watchMinutes,
    averageViewDuration: channels.averageViewDuration,
  },
  videos: {
    title: videos.title,
    channelTitle: { parent: channels, title: channels.title },
    views: videos.views,
    likes: videos.likes,
    comments: videos.comments,
    publishDate: videos.publishDate,
    lastUpdated: videos.lastUpdated,
    first24hViews: videos.first24hViews,
    first48hViews: videos.first48hViews,
    first7dViews: videos.first7dViews,
    trailing1dViews: videos.trailing1dViews,
    trailing1wViews: videos.trailing1wViews,
    trailing1mViews: videos.trailing1mViews,
    trailing1yViews: videos.trailing1yViews,
    watchMinutes: videos.watchMinutes,
    averageViewDuration: videos.averageViewDuration,
  },
  shows: {
    title: shows.title,
    totalDownloadsGlobal: shows.totalDownloadsGlobal,
    totalEpisodes: shows.totalEpisodes,
    lastUpdated: shows.lastUpdated,
    trailing1dDownloads: shows.trailing1dDownloads,
    trailing1wDownloads: shows.trailing1wDownloads,
    trailing1yDownloads: shows.trailing1yDownloads,
  },
  episodes: {
    title: episodes.title,
    showTitle: { parent: shows, title: shows.title },
    totalDownloadsGlobal: episodes.totalDownloadsGlobal,
    seasonNumber: episodes.seasonEpisode,
    durationSeconds: episodes.durationSeconds,
    publishDate: episodes.publishDate,
    first24hDownloads: episodes.first24hDownloads,
    first48hDownloads: episodes.first48hDownloads,
    first7dDownloads: episodes.first7dDownloads,
    trailing1dDownloads: episodes.trailing1dDownloads,
    trailing1wDownloads: episodes.trailing1wDownloads,
    trailing1yDownloads: episodes.trailing1yDownloads,
  },
} satisfies { [T in TableName]: Record<SortKey<T>, SortTarget> };

/** The catalogue's optional columns of a table, as the database columns their flags read. */
function optionalOf(table: TableName): Record<string, SQLiteColumn> {
  const targets: Record<string, SortTarget> = sortables[table];
  return Object.fromEntries(
    optionalColumnIds(table).map((id) => {
      const target = targets[id];
      if (!target || isParentSort(target)) throw new Error(`${table}.${id}: not a column`);
      return [id, target];
    }),
  );
}
export const channelOptional = optionalOf("channels");
export const videoOptional = optionalOf("videos");
export const showOptional = optionalOf("shows");
export const episodeOptional = optionalOf("episodes");
export const defaultSort = {
  channels: "lastUpdated",
  videos: "publishDate",
  shows: "lastUpdated",
  episodes: "publishDate",
} as const satisfies { [T in TableName]: keyof (typeof sortables)[T] };

/*
 * Filters. A video search matches its own title or its channel's (an episode: its show's), each
 * through its table's trigram index; no join is needed to filter, only to show the parent title.
 *
 * How a filter is used decides how its search is written; both forms select the same rows (the
 * title index's matches and the matching parents' children). A page ("ordered") walks the sort
 * column's index and stops once it has its rows, so each row is tested against the two sets of
 * matched rowids, which needs only the rowid every index holds, never the row (the leading `+`
 * keeps SQLite from reading the sets first and sorting them). Totals ("matched") read every
 * matching row and nothing else: they start from the matched rowids, and the `+` on the
 * organisation keeps SQLite from walking all the organisation's rows instead (it cannot know the
 * set is small).
 */
export type FilterUse = "ordered" | "matched";

/** A child table's search: its own title index and its parent's. */
type ChildSearch = {
  child: ChildRelation;
  index: SearchIndex;
  parentIndex: SearchIndex;
  /** The parent's index also holds other columns (a channel's handle): match its title only. */
  parentTitleOnly: boolean;
};
const videoSearch: ChildSearch = {
  child: videoChild,
  index: searchIndexes.videos,
  parentIndex: searchIndexes.channels,
  parentTitleOnly: true,
};
const episodeSearch: ChildSearch = {
  child: episodeChild,
  index: searchIndexes.episodes,
  parentIndex: searchIndexes.shows,
  parentTitleOnly: false,
};
const parentTitleOf = (s: ChildSearch) => (s.parentTitleOnly ? s.child.parentTitle : undefined);

/** The parents of the organisation that `match` selects, as a list of their keys. */
const parentsOf = ({ child: c }: ChildSearch, orgId: string, match: SQL | undefined) =>
  sql`(SELECT ${c.parentKey} FROM ${c.parent} WHERE ${and(eq(c.parentOrganizationId, orgId), match)})`;

/**
 * The two matched sets of a search, straight from the title indexes: the rows whose own title
 * matches, and the rows of the parents whose title matches; undefined for a term too short for
 * the trigram indexes.
 */
function matchedSets(s: ChildSearch, orgId: string, term: string) {
  const own = matchedRowids(s.index, orgId, term);
  const parents = matchedRowids(s.parentIndex, orgId, term, parentTitleOf(s));
  if (!own || !parents) return undefined;
  const { table, parentId, parent } = s.child;
  const children = sql`SELECT ${table}.rowid FROM ${table} WHERE ${parentId} IN ${parentsOf(s, orgId, sql`${parent}.rowid IN (${parents})`)}`;
  return { own, children };
}

/** The organisation and the search of a child table's filter, written for its use. */
function childSearchWhere(
  s: ChildSearch,
  orgId: string,
  term: string | undefined,
  use: FilterUse,
): SQL[] {
  const { table, organizationId, parentId, scope } = s.child;
  const ownOrg = scope(orgId);
  if (!term) return [ownOrg];
  const sets = matchedSets(s, orgId, term);
  if (!sets)
    // Too short for the trigram index: every row is tested anyway.
    return [
      ownOrg,
      or(
        matchRows(s.index, orgId, term),
        inArray(
          parentId,
          parentsOf(s, orgId, matchRows(s.parentIndex, orgId, term, parentTitleOf(s))),
        ),
      ) as SQL,
    ];
  const { own, children } = sets;
  return use === "ordered"
    ? [ownOrg, sql`(+${table}.rowid IN (${own}) OR +${table}.rowid IN (${children}))`]
    : [sql`+${organizationId} = ${orgId}`, sql`${table}.rowid IN (${own} UNION ALL ${children})`];
}

/*
 * A searched or filtered page of a child table holds two plans, and its statement runs one of
 * them.
 *
 * Walking the sort column's index (the "ordered" filter above) reads about
 * (offset + limit) x rows / matches index entries before its page is full: a handful of pages'
 * worth for a common word, but the organisation's whole index for a rare one, and a search for
 * one video's title is the usual search. Measured on the scale bench's 100,000 videos
 * (docs/performance.md, "A rare search term"): 22-40 ms and the whole index read (D1 bills
 * each row read) for a term with one match. Starting from the matched rows costs about 3 us a
 * match (each row read, joined and sorted): 0.3 ms for that term, but 25-50 ms for 8,000
 * matches, where the walk takes 4-7 ms.
 *
 * So the statement first counts the matches, stopping at a cap, in a one-row CTE
 * (`search_plan`; its LIMIT 1 makes SQLite materialize it once, where it would otherwise inline
 * it, and count again, at each mention), and walks when matches^2 x 8 >= (offset + limit) x
 * rows (where the two costs above meet) or when the count reached its cap. The plan not taken
 * reads nothing: the walk's organisation becomes NULL (an index seek on NULL finds no row), and
 * the matched set gets LIMIT 0, which SQLite checks before it opens the title indexes. (Emptying
 * their rowid ranges instead still cost FTS5's setup of each trigram's list: 0.7 ms against
 * 0.2 ms for "future" at 100k.) A search's other filters are written as they are in both plans.
 *
 * The other filters alone (channel, views, published) are the same choice, made differently
 * (filterPlan below).
 */
const SEARCH_PLAN = sql.identifier("search_plan");
/** The row count the cap assumes (the scale the product is built for); a larger table walks sooner. */
const PLANNED_ROWS = 100_000;

/**
 * One plan of a page as its slice reads it: where it starts, the organisation it reads (for a
 * walk down the sort index, NULL when the plan is not taken) and its filters.
 */
export type PlanSide = { start: SliceStart; organization: string | SQL; where: SQL | undefined };
/** A page's filter as two plans, and the CTEs that pick one (the last of them `search_plan`). */
export type PlannedFilter = { with: WithSubquery[]; walk: PlanSide; matched: PlanSide };

/** The one-row CTE that says whether the page walks, from the plan's own decision. */
const planChoice = (decision: SQL) =>
  new QueryBuilder()
    .$with("search_plan", { walk: sql<number>`walk`.as("walk") })
    .as(sql`${decision} LIMIT 1`);
/** The plan's organisation for the walk: NULL (no row) when the matched plan is taken. */
const walkOrganizationOf = (orgId: string) => sql`(SELECT ${orgId} FROM ${SEARCH_PLAN} WHERE walk)`;
/** A LIMIT that empties the matched set when the walk is taken. */
const unlessWalking = sql`(SELECT CASE WHEN walk THEN 0 ELSE -1 END FROM ${SEARCH_PLAN})`;
/** The organisation's kept row count of the table (0 if none is kept yet). */
const keptRows = (table: SQLiteTable, orgId: string) =>
  sql`coalesce((SELECT ${tableStats.rowCount} FROM ${tableStats} WHERE ${and(eq(tableStats.organizationId, orgId), eq(tableStats.tableName, getTableName(table)))}), 0)`;

/**
 * A child table's searched page as two plans (its other `filters` as written in both), or
 * undefined for a term too short for the trigram indexes: then the walk is the plan.
 */
function searchPlan(
  s: ChildSearch,
  orgId: string,
  term: string,
  filters: Array<SQL | undefined>,
  reach: number,
  target: SortTarget,
  known?: number,
): PlannedFilter | undefined {
  const sets = matchedSets(s, orgId, term);
  if (!sets) return undefined;
  const { own, children } = sets;
  // Walking the title index, each entry's title is at hand: testing it costs nothing beside
  // building the set of every match first (0.06 against 2.0 ms for 8,226 matches at 100k).
  const ownInWalk =
    (target === s.index.columns[0] && titleContains(s.index, orgId, term)) ||
    sql`+${s.child.table}.rowid IN (${own})`;
  const { table, organizationId, scope } = s.child;
  const cap = Math.ceil(Math.sqrt((reach * PLANNED_ROWS) / 8));
  // Counted up to the cap, unless the caller knows the count (a later page of the same search).
  const matches =
    known === undefined
      ? sql`SELECT count(*) AS m FROM (SELECT 1 FROM (${own} LIMIT ${cap}) UNION ALL SELECT 1 FROM (${children} LIMIT ${cap}))`
      : sql`SELECT ${Math.min(known, cap)} AS m`;
  const walkOrganization = walkOrganizationOf(orgId);
  return {
    with: [
      planChoice(
        sql`SELECT m >= ${cap} OR m * m * 8 >= ${reach} * n AS walk FROM (${matches}) CROSS JOIN (SELECT ${keptRows(table, orgId)} AS n)`,
      ),
    ],
    walk: {
      start: "walk",
      organization: walkOrganization,
      where: and(
        scope(walkOrganization),
        sql`(${ownInWalk} OR +${table}.rowid IN (${children}))`,
        ...filters,
      ),
    },
    matched: {
      start: "matched",
      organization: orgId,
      where: and(
        sql`+${organizationId} = ${orgId}`,
        sql`${table}.rowid IN (SELECT * FROM (${own} UNION ALL ${children}) LIMIT ${unlessWalking})`,
        ...filters,
      ),
    },
  };
}

/*
 * A page with filters but no search. Left to itself, SQLite starts from a filter's own index
 * range and sorts every row in it: 149 ms for the 50,000 videos of "Published this year" sorted
 * by Last Updated, where walking the Last Updated index takes 1.4 ms (docs/performance.md,
 * "Filtered pages at 100k"). The walk tests each filter on the row, so how far it reads depends
 * on how the filter and the sort agree, which no count can tell: "More than 100,000 views" (18%
 * of the videos) sorted by Likes, fewest first, reads every video with fewer views before its
 * first match.
 *
 * So the choice, from the filter's count m, the table's rows n and the page's reach
 * (offset + limit); a filter and a sort that ignore each other fill the page after about
 * E = reach x n / m entries:
 * - m > n / 4, and m^2 >= reach x n (E <= m): the walk, to the end if need be. It reads at most
 *   4x the range's rows, and it fills the page.
 * - m^2 >= 8 x reach x n (E <= m / 8): the walk with a budget of m / 4 entries, read ahead into
 *   the `walked` CTE. If the page is full within them, the walk's rows are the page (sorted
 *   again, at most `reach` of them); if not, the range is read, joined by rowid and sorted. A
 *   sort that disagrees with the filter then costs the range plus a quarter of it; one that
 *   ignores or agrees with it reads a few pages' worth of entries instead of sorting the range:
 *   47-69 ms against 7-8 ms for 18,000 videos sorted by Title ("Filtered pages at 100k: a walk
 *   with a budget").
 * - otherwise the range.
 * A filter on the sort column itself is walked always: the walk then reads that filter's range
 * in order, and nothing else.
 *
 * The count with its budget, the walk read ahead and the choice are one-row or bounded CTEs
 * (`filter_count`, `walked`, `search_plan`), which SQLite computes once; the budget is a CTE's
 * column because a LIMIT cannot name the outer query's columns.
 */
const FILTER_COUNT = sql.identifier("filter_count");
const WALKED = sql.identifier("walked");
function filterPlan(
  c: ChildRelation,
  orgId: string,
  filters: ColumnFilter[],
  target: SortTarget,
  descending: boolean,
  reach: number,
  known?: number,
): { plan?: PlannedFilter; walk: SQL | undefined } {
  const { table, organizationId, scope } = c;
  // In the walk only the sort column's own filter may use its index: the others are tested on the row.
  const walked = filters.map((f) => f.test(f.column === target));
  if (filters.some((f) => f.column === target)) return { walk: and(scope(orgId), ...walked) };
  const rowids = sql`SELECT ${table}.rowid AS r FROM ${table} WHERE ${and(scope(orgId), ...asWritten(filters))}`;
  const n = keptRows(table, orgId);
  // Counted up to where the choice is made, unless the caller knows the count.
  const cap = Math.ceil(Math.sqrt(reach * PLANNED_ROWS));
  const matches =
    known === undefined
      ? sql`SELECT count(*) AS m FROM (SELECT 1 FROM (${rowids}) LIMIT max(${n} / 4, ${cap}) + 1)`
      : // D1 binds a JavaScript number as a REAL: m / 4 would then be a fraction, and LIMIT refuses it.
        sql`SELECT CAST(${known} AS INTEGER) AS m`;
  const counted = new QueryBuilder()
    .$with("filter_count", { budget: sql<number>`budget`.as("budget") })
    .as(
      sql`SELECT CASE WHEN m * 4 > n AND m * m >= ${reach} * n THEN n WHEN m * m >= 8 * ${reach} * n THEN m / 4 ELSE 0 END AS budget FROM (${matches}) CROSS JOIN (SELECT ${n} AS n) LIMIT 1`,
    );
  const entries = walkedEntries(
    c,
    orgId,
    { target, descending },
    sql`${and(...walked)}`,
    sql`(SELECT budget FROM ${FILTER_COUNT})`,
  );
  const walkedRows = new QueryBuilder()
    .$with("walked", { r: sql<number>`r`.as("r") })
    .as(sql`SELECT r FROM (${entries}) WHERE kept LIMIT ${reach}`);
  return {
    plan: {
      with: [
        counted,
        walkedRows,
        planChoice(sql`SELECT count(*) >= ${reach} AS walk FROM ${WALKED}`),
      ],
      walk: {
        start: { rowids: sql`SELECT r FROM ${WALKED} WHERE (SELECT walk FROM ${SEARCH_PLAN})` },
        organization: orgId,
        where: undefined,
      },
      // The range's rowids joined to their rows: an IN list of them costs 4x more here (an
      // ephemeral index built, the rows then looked up and sorted): 9.2 against 2.2 ms.
      matched: {
        start: { rowids: sql`${rowids} LIMIT ${unlessWalking}` },
        organization: orgId,
        where: sql`+${organizationId} = ${orgId}`,
      },
    },
    walk: undefined,
  };
}

export const channelWhere = (orgId: string, q: TableQuery): SQL | undefined =>
  and(eq(channels.organizationId, orgId), matchRows(searchIndexes.channels, orgId, q.q));
/**
 * One filter of a query other than its search: its column, and its test with SQLite allowed to
 * read it off that column's index or not (sql-helpers.ts, filterSide; filterPlan below).
 */
export type ColumnFilter = { column: SQLiteColumn; test: (onIndex: boolean) => SQL | undefined };
/** A child table's filters other than its search: those the query sets, in a fixed order. */
type ChildFilters = (q: TableQuery, now: number) => ColumnFilter[];
const present = (filters: ColumnFilter[]) => filters.filter((f) => f.test(true) !== undefined);
const asWritten = (filters: ColumnFilter[]) => filters.map((f) => f.test(true));

const videoFilters: ChildFilters = (q, now) =>
  present([
    { column: videos.channelId, test: (i) => listFilter(videos.channelId, q.channel, i) },
    {
      column: videos.views,
      test: (i) => thresholdFilter(videos.views, q.views && VIEWS_THRESHOLDS[q.views], i),
    },
    { column: videos.publishDate, test: (i) => publishedFilter(videos.publishDate, q, now, i) },
  ]);
export const videoWhere = (
  orgId: string,
  q: TableQuery,
  now: number,
  use: FilterUse = "ordered",
): SQL | undefined =>
  and(...childSearchWhere(videoSearch, orgId, q.q, use), ...asWritten(videoFilters(q, now)));

export const showWhere = (orgId: string, q: TableQuery): SQL | undefined =>
  and(eq(shows.organizationId, orgId), matchRows(searchIndexes.shows, orgId, q.q));
const episodeFilters: ChildFilters = (q, now) =>
  present([
    { column: episodes.showId, test: (i) => listFilter(episodes.showId, q.show, i) },
    {
      column: episodes.totalDownloadsGlobal,
      test: (i) =>
        thresholdFilter(
          episodes.totalDownloadsGlobal,
          q.downloads && DOWNLOADS_THRESHOLDS[q.downloads],
          i,
        ),
    },
    {
      column: episodes.seasonNumber,
      test: (i) => equalFilter(episodes.seasonNumber, q.season || undefined, i),
    },
    { column: episodes.publishDate, test: (i) => publishedFilter(episodes.publishDate, q, now, i) },
  ]);
export const episodeWhere = (
  orgId: string,
  q: TableQuery,
  now: number,
  use: FilterUse = "ordered",
): SQL | undefined =>
  and(...childSearchWhere(episodeSearch, orgId, q.q, use), ...asWritten(episodeFilters(q, now)));

/** How far into the sorted rows a page reaches. */
const pageReach = (a: SliceArgs) => (a.offset ?? 0) + a.limit;

/** A child table's page: SQLite's JSON, with two plans when searched or filtered. */
const childPageOf =
  <T extends SQLiteTable>(child: ChildTable<T>, search: ChildSearch, filters: ChildFilters) =>
  (db: Db, orgId: string, q: TableQuery, a: SliceArgs, now: number, matches?: number) => {
    const set = filters(q, now);
    const reach = pageReach(a);
    if (q.q)
      return childPage(
        db,
        child,
        orgId,
        a,
        searchPlan(search, orgId, q.q, asWritten(set), reach, a.target, matches),
      );
    if (set.length === 0) return childPage(db, child, orgId, a);
    const { plan, walk } = filterPlan(child, orgId, set, a.target, a.descending, reach, matches);
    return childPage(db, child, orgId, { ...a, where: walk ?? a.where }, plan);
  };
const childPages = {
  videos: childPageOf(videoChild, videoSearch, videoFilters),
  episodes: childPageOf(episodeChild, episodeSearch, episodeFilters),
};

/** Whether the query narrows the table (then totals are counted; otherwise they are kept). */
export const isFiltered = (q: TableQuery) =>
  Boolean(
    q.q ||
      q.channel?.length ||
      q.show?.length ||
      q.views ||
      q.downloads ||
      q.season ||
      q.published ||
      q.publishedFrom ||
      q.publishedTo,
  );

/**
 * Totals of a table page. Unfiltered, every figure is kept or indexed: the row count (and the
 * videos' title groups) from table_stats, kept by triggers; each optional-column flag and the
 * freshness one index seek. Filtered, one aggregate over the filtered rows.
 */
function totals(
  db: Db,
  name: TableName,
  orgId: string,
  q: TableQuery,
  where: SQL | undefined,
  scope: OrganizationScope,
  lastUpdated: SQLiteColumn,
  optional: Record<string, SQLiteColumn>,
): Reads<TableTotals & { groups: number }> {
  const table = lastUpdated.table;
  if (isFiltered(q))
    return readOne(
      db.select(countWith(optional, lastUpdated)).from(table).where(where),
      ([row]): TableTotals & { groups: number } => ({
        total: Number(row?.total ?? 0),
        optionalColumns: flags(row, Object.keys(optional)),
        refreshedAt: iso(row?.refreshedAt),
        groups: 0,
      }),
    );
  const stats = (column: SQLiteColumn) =>
    sql<number>`coalesce((SELECT ${column} FROM ${tableStats} WHERE ${and(eq(tableStats.organizationId, orgId), eq(tableStats.tableName, name))}), 0)`;
  const statement = db
    .select({
      total: stats(tableStats.rowCount).as("total"),
      groups: stats(tableStats.titleGroups).as("groups"),
      refreshedAt: sql<
        number | null
      >`(SELECT max(${lastUpdated}) FROM ${table} WHERE ${scope(orgId)})`.as("refreshed_at"),
      ...optionalFlagSeeks(table, scope, orgId, optional),
    })
    .from(sql`(SELECT 1)`);
  return readOne(statement, ([row]) => ({
    total: row?.total ?? 0,
    optionalColumns: flags(row, Object.keys(optional)),
    refreshedAt: iso(row?.refreshedAt),
    groups: row?.groups ?? 0,
  }));
}

const countWith = (optional: Record<string, SQLiteColumn>, lastUpdated: SQLiteColumn) => ({
  total: count().as("total"),
  refreshedAt: sql<number | null>`max(${lastUpdated})`.as("refreshed_at"),
  ...optionalFlagSelect(optional),
});

/** A slice of a table: the filter, the order, the bounds; rows come back with their sort key. */
export type SliceArgs = {
  where: SQL | undefined;
  target: SortTarget;
  descending: boolean;
  limit: number;
  offset?: number;
};
export type KeyedRow = { row: Row; sortValue: unknown; rowid: number };
type Slicer = (db: Db, orgId: string, args: SliceArgs) => Reads<KeyedRow[]>;

/**
 * Reads one slice of each table with its parent's title. Sorted by the parent's title, the
 * parents lead (CROSS JOIN fixes SQLite's loop order) so their title index gives the order;
 * otherwise the rows lead through the sort column's index.
 */
export const slicers: Record<TableName, Slicer> = {
  channels: (db, _orgId, a) =>
    readOne(
      db
        .select({
          c: channels,
          sortValue: sortValue(a.target),
          rowid: rowidOf(channels),
        })
        .from(channels)
        .where(a.where)
        .orderBy(...orderTerms(channels, a.target, a.descending))
        .limit(a.limit)
        .offset(a.offset ?? 0),
      (rows) => rows.map(({ c, ...key }) => ({ row: toChannelRow(c), ...key })),
    ),
  videos: childSlicer(videoChild),
  shows: (db, _orgId, a) =>
    readOne(
      db
        .select({ s: shows, sortValue: sortValue(a.target), rowid: rowidOf(shows) })
        .from(shows)
        .where(a.where)
        .orderBy(...orderTerms(shows, a.target, a.descending))
        .limit(a.limit)
        .offset(a.offset ?? 0),
      (rows) => rows.map(({ s, ...key }) => ({ row: toShowRow(s), ...key })),
    ),
  episodes: childSlicer(episodeChild),
};

/** Each table's filter for a query (the organisation first). */
export const wheres: Record<
  TableName,
  (orgId: string, q: TableQuery, now: number, use?: FilterUse) => SQL | undefined
> = { channels: channelWhere, videos: videoWhere, shows: showWhere, episodes: episodeWhere };

const pageOf =
  (name: TableName) =>
  (
    db: Db,
    orgId: string,
    q: TableQuery,
    limit: number,
    offset: number,
    now: number,
    matches?: number,
  ) => {
    const { target, descending } = sortTarget(sortables[name], q, defaultSort[name]);
    const args = { where: wheres[name](orgId, q, now), target, descending, limit, offset };
    // Videos and episodes, the tables that reach 100,000 rows, come as SQLite's JSON.
    if (name === "videos" || name === "episodes")
      return childPages[name](db, orgId, q, args, now, matches);
    return mapReads(slicers[name](db, orgId, args), (rows) => rows.map((r) => r.row));
  };

/** A table without Merge Same: its totals are its own. */
const plainTotals =
  (
    name: TableName,
    scope: OrganizationScope,
    lastUpdated: SQLiteColumn,
    optional: Record<string, SQLiteColumn>,
  ) =>
  (db: Db, orgId: string, q: TableQuery, now: number): Reads<TableTotals> =>
    totals(
      db,
      name,
      orgId,
      q,
      wheres[name](orgId, q, now, "matched"),
      scope,
      lastUpdated,
      optional,
    );

export const tableSpecs: Record<TableName, TableSpec> = {
  channels: {
    page: pageOf("channels"),
    total: plainTotals(
      "channels",
      byOrganizationId(channels.organizationId),
      channels.lastUpdated,
      channelOptional,
    ),
  },
  videos: {
    page: (db, orgId, q, limit, offset, now, matches) => {
      if (!q.merge) return pageOf("videos")(db, orgId, q, limit, offset, now, matches);
      // Merged rows of unshared titles are read in the plain table's order (merged-videos.ts).
      const { target, descending } = sortTarget(sortables.videos, q, defaultSort.videos);
      const order = orderTerms(videos, target, descending);
      return mergedVideoPage(db, orgId, videoWhere(orgId, q, now), q, order, limit, offset);
    },
    total: (db, orgId, q, now) => {
      const where = videoWhere(orgId, q, now, "matched");
      const t = totals(
        db,
        "videos",
        orgId,
        q,
        where,
        videoChild.scope,
        videos.lastUpdated,
        videoOptional,
      );
      // Merge Same needs to know whether duplicates exist and how many rows remain once merged:
      // kept for the whole table, counted for a filtered one, and only when asked.
      if (!q.merge && !q.duplicates) return t;
      const merged: Reads<number | null> = isFiltered(q)
        ? mergedVideoTotal(db, where)
        : { statements: [], read: () => null };
      return combine(t, merged, (t, counted) => {
        const mergedRows = counted ?? t.groups;
        return {
          total: q.merge ? mergedRows : t.total,
          optionalColumns: t.optionalColumns,
          refreshedAt: t.refreshedAt,
          duplicates: { total: t.total, merged: mergedRows },
        };
      });
    },
  },
  shows: {
    page: pageOf("shows"),
    total: plainTotals(
      "shows",
      byOrganizationId(shows.organizationId),
      shows.lastUpdated,
      showOptional,
    ),
  },
  episodes: {
    page: pageOf("episodes"),
    total: plainTotals("episodes", episodeChild.scope, episodes.lastUpdated, episodeOptional),
  },
};
