import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, organizations } from "../../db/schema";
import { DEMO_ORGANIZATION } from "./seed";

/** The development outbox, newest first (the mailbox page and the browser tests read it). */
export const recentMail = (db: Db, to?: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.toAddress, to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(200);

/** A seeded organisation's id: the one asked for, or the demo organisation. */
export async function seededOrganizationId(db: Db, organizationId?: string) {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      organizationId
        ? eq(organizations.id, organizationId)
        : eq(organizations.name, DEMO_ORGANIZATION),
    );
  return org?.id ?? null;
}
