import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** A real round trip to D1: throws when the database does not answer. */
export async function pingDatabase(db: Db) {
  await db.run(sql`select 1`);
}
