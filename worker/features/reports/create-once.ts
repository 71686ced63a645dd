import { and, eq, gt, sql } from "drizzle-orm";
import type { CreateReport } from "../../../shared/schemas/reports";
import type { Db } from "../../db/client";
import { reports } from "../../db/schema";

/** A second identical submission within this window is the same click arriving twice. */
export const DUPLICATE_SUBMISSION_WINDOW_MS = 10_000;

const column = (c: { name: string }) => sql.identifier(c.name);
type ReportStatus = (typeof reports.$inferSelect)["status"];

/**
 * Records a one-time report unless the same person submitted the same report (title, platform,
 * range, selection) moments ago: a double click or a retried request then gets the report the
 * first submission created. The check and the insert are one statement, and D1 runs one
 * statement at a time, so two submissions arriving together cannot both insert.
 */
export async function createReportOnce(
  db: Db,
  args: { organizationId: string; userId: string; body: CreateReport },
  now = Date.now(),
  attempt = 0,
): Promise<{ id: string; status: ReportStatus; created: boolean }> {
  const { organizationId, userId, body } = args;
  const dateRange = JSON.stringify(body.dateRange);
  const selected = JSON.stringify(body.selectedEntities);
  const sameSubmission = and(
    eq(reports.organizationId, organizationId),
    eq(reports.createdByUserId, userId),
    eq(reports.exportType, "one-time"),
    eq(reports.platform, body.platform),
    eq(reports.title, body.title),
    sql`${reports.dateRange} = ${dateRange}`,
    sql`${reports.selectedEntities} = ${selected}`,
    gt(reports.createdAt, new Date(now - DUPLICATE_SUBMISSION_WINDOW_MS)),
  );
  const id = crypto.randomUUID();
  const inserted = await db.all<{ id: string }>(sql`
    insert into ${reports} (${column(reports.id)}, ${column(reports.organizationId)},
      ${column(reports.title)}, ${column(reports.platform)}, ${column(reports.exportType)},
      ${column(reports.dateRange)}, ${column(reports.selectedEntities)},
      ${column(reports.createdByUserId)}, ${column(reports.createdAt)})
    select ${id}, ${organizationId}, ${body.title}, ${body.platform}, 'one-time', ${dateRange},
      ${selected}, ${userId}, ${now}
    where not exists (select 1 from ${reports} where ${sameSubmission})
    returning ${column(reports.id)}`);
  if (inserted.length) return { id, status: "queued", created: true };
  const [existing] = await db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(sameSubmission)
    .limit(1);
  if (existing) return { ...existing, created: false };
  // The twin was deleted between the two statements: try once more (it no longer blocks).
  if (attempt > 0) throw new Error("report submission kept colliding with a vanishing twin");
  return createReportOnce(db, args, now, attempt + 1);
}
