import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentDatabaseSizes } from "../db/schema";
import { contentBindings, contentD1, placementBindings } from "../lib/content-databases";
import { checkDatabaseCapacity } from "../lib/database-capacity";
import type { Logger } from "../lib/logger";

/**
 * The hourly capacity check over every database (issue 17's capacity plan): each one's size is
 * logged (a warning from 80% on), and the content databases' sizes are stored in the primary
 * database (content_database_sizes), where placement picks the least-used one for a new
 * organisation. One database failing to answer does not stop the others being measured.
 */
export async function recordDatabaseSizes(env: Env, primary: Db, log: Logger): Promise<number> {
  const placed = new Set(placementBindings(env));
  const measuredAt = new Date();
  let stored = 0;
  for (const binding of contentBindings(env)) {
    const capacity = await checkDatabaseCapacity(contentD1(env, binding), binding, log).catch(
      (error: unknown) => {
        log.error("database_capacity: not measured", { binding, error: String(error) });
        return null;
      },
    );
    if (!capacity || !placed.has(binding)) continue;
    await primary
      .insert(contentDatabaseSizes)
      .values({ binding, bytes: capacity.bytes, measuredAt })
      .onConflictDoUpdate({
        target: contentDatabaseSizes.binding,
        set: { bytes: sql`excluded.bytes`, measuredAt: sql`excluded.measured_at` },
      });
    stored++;
  }
  return stored;
}
