import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { googleConnections } from "../../db/schema";

/** Forgets the organisation's Google account (its refresh token goes with the row). */
export async function deleteConnection(organizationId: string, db: Db) {
  await db.delete(googleConnections).where(eq(googleConnections.organizationId, organizationId));
}
