import type { Logger } from "./logger";

/**
 * D1's size cap per database, which "cannot be further increased" (platform-limits reference,
 * row "D1 database size"). Taken as 10 × 10⁹ bytes, as the capacity plan does.
 */
export const D1_DATABASE_LIMIT_BYTES = 10e9;
/** From this share on, a database counts as full for planning (docs/performance.md). */
export const CAPACITY_ALERT_SHARE = 0.8;

export type DatabaseCapacity = {
  binding: string;
  bytes: number;
  percent: number;
  alert: boolean;
};

/** How full a database of `bytes` is, and whether that calls for the 80% alert. */
export function databaseCapacity(binding: string, bytes: number): DatabaseCapacity {
  const share = bytes / D1_DATABASE_LIMIT_BYTES;
  return {
    binding,
    bytes,
    percent: Math.round(share * 1000) / 10,
    alert: share >= CAPACITY_ALERT_SHARE,
  };
}

/**
 * Reads the database's size from the `size_after` D1 returns with every statement's result (the
 * cheapest statement there is reads no row) and logs it: `database_capacity` at warn level from
 * 80% on, so an alert on that log line fires before the database refuses writes; at info level
 * otherwise, so the growth can be followed. A database that reports no size logs nothing.
 */
export async function checkDatabaseCapacity(
  d1: D1Database,
  binding: string,
  log: Logger,
): Promise<DatabaseCapacity | null> {
  const result = await d1.prepare("SELECT 1").run();
  const bytes = result.meta.size_after;
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return null;
  const capacity = databaseCapacity(binding, bytes);
  const fields = { binding, bytes, percent: capacity.percent };
  if (capacity.alert)
    log.warn("database_capacity", { ...fields, limitBytes: D1_DATABASE_LIMIT_BYTES });
  else log.info("database_capacity", fields);
  return capacity;
}
