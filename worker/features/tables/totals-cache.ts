import { eq, sql } from "drizzle-orm";
import type { TableQuery } from "../../../shared/schemas/tables";
import type { TableName } from "../../../shared/table-columns";
import type { Db } from "../../db/client";
import { type Reads, readOne } from "../../db/reads";
import { tableStats } from "../../db/schema";
import { VersionedCache } from "../../lib/versioned-cache";
import { isFiltered, type TableTotals } from "./specs";
import { presetClock } from "./sql-helpers";

/*
 * Totals of filtered table pages, kept per isolate while the organisation's rows are unchanged.
 *
 * A filtered page's totals (count, freshness, optional-column flags, merged rows) are computed
 * over every matched row: at 100,000 videos a search for a common word reads about 8,000 rows
 * spread over the whole table, most of a searched page's time. They do not depend on the sort or
 * the page, so a person paging or re-sorting a search asked for the same figures again each time.
 *
 * The organisation's write versions (table_stats.version, bumped by a trigger on every insert,
 * update and delete of channels, videos, shows and episodes; migrations/0012) are read in the
 * page's own batch, so the versions and the page are one snapshot. Totals computed in a batch are
 * kept under that batch's versions; a later page whose versions are the same uses them, and one
 * whose versions differ reads the page and its totals again in one batch (both fresh, one
 * snapshot). Versions cover every table of the organisation: a write to any of them retires its
 * kept totals, which is simpler to trust than per-table dependencies and costs one recount.
 */

/** The organisation's write versions, one string (`channels:12,videos:40,...`). */
export function contentVersions(db: Db, orgId: string): Reads<string> {
  const entries = db
    .select({
      entry: sql<string>`${tableStats.tableName} || ':' || ${tableStats.version}`.as("entry"),
    })
    .from(tableStats)
    .where(eq(tableStats.organizationId, orgId))
    .orderBy(tableStats.tableName)
    .as("entries");
  return readOne(
    db.select({ versions: sql<string | null>`group_concat(${entries.entry}, ',')` }).from(entries),
    ([row]) => row?.versions ?? "",
  );
}

/**
 * The cache key of a query's totals, or null when they are not kept (unfiltered totals are
 * already read from kept figures and indexes). A "published in the last N days" preset moves
 * with the clock: it is resolved to the minute (presetClock), and its totals are kept for that
 * minute only.
 */
export function totalsKey(
  orgId: string,
  table: TableName,
  q: TableQuery,
  now: number,
): string | null {
  if (!isFiltered(q)) return null;
  // Every field that narrows the rows or shapes the totals, in a fixed order; not sort or page.
  return JSON.stringify([
    orgId,
    table,
    q.q ?? null,
    q.channel ?? null,
    q.show ?? null,
    q.views ?? null,
    q.downloads ?? null,
    q.season ?? null,
    q.published ? `${q.published}@${presetClock(now)}` : null,
    q.publishedFrom ?? null,
    q.publishedTo ?? null,
    // The range's days are the zone's: the same dates in another zone are other rows.
    q.publishedFrom || q.publishedTo ? (q.timeZone ?? "UTC") : null,
    q.merge ?? null,
    q.duplicates ?? null,
  ]);
}

/**
 * The isolate's cache: an isolate serves many requests, and every one may use it. An entry is a
 * few hundred bytes; 2,000 of them stay well under a megabyte of the isolate's 128 MB.
 */
export const keptTotals = new VersionedCache<TableTotals>(2_000);
