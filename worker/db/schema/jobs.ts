import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { jobStatuses } from "../../../shared/schemas/enums";
import { users } from "./accounts";
import { createdAt, id, timestamp } from "./columns";
import { organizations } from "./organizations";

/** Every ingestion/refresh job's state, shown to the organisation ("Recent activity"). */
export const ingestionJobs = sqliteTable(
  "ingestion_jobs",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    target: text("target", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /**
     * Makes a job unique per target and cron slot (e.g. "refresh.channel:<id>:<slot>"), so cron
     * firing twice in one hour enqueues nothing twice. Null for user-started jobs.
     */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: jobStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    progress: text("progress", { mode: "json" }).$type<{
      processed: number;
      total?: number;
      d1Statements?: number;
    }>(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    quotaUnits: integer("quota_units").notNull().default(0),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
    /**
     * Until when a queued or running job counts as alive. Set on enqueue, start and retry; a
     * job past it lost its process or its message (worker/jobs/leases.ts resumes or fails it),
     * and no longer blocks a new refresh of its target.
     */
    leaseExpiresAt: timestamp("lease_expires_at"),
  },
  (t) => [
    index("ingestion_jobs_org_created").on(t.organizationId, t.createdAt),
    index("ingestion_jobs_org_status").on(t.organizationId, t.status),
    uniqueIndex("ingestion_jobs_dedupe").on(t.dedupeKey),
    index("ingestion_jobs_status_lease").on(t.status, t.leaseExpiresAt),
  ],
);
