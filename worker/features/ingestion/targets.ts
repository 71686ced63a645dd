import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shows } from "../../db/schema";
import { PermanentJobError } from "../../jobs/job-state";

/** The Simplecast podcast id behind a tracked show (refreshes address shows by our id). */
export async function refreshShowTarget(
  db: Db,
  organizationId: string,
  showId: string,
): Promise<string> {
  const row = await db.query.shows.findFirst({
    where: and(eq(shows.id, showId), eq(shows.organizationId, organizationId)),
    columns: { externalId: true },
  });
  if (!row) throw new PermanentJobError("show_not_found", "The show no longer exists");
  return row.externalId;
}
