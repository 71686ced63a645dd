import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, updatedAt } from "./columns";
import { organizations } from "./organizations";

/*
 * Which database holds an organisation's content (docs/content-databases.md). These tables live
 * in the primary database only. `binding` is a Worker binding name: "DB" (the primary database,
 * where every organisation created before the split keeps its content until it is moved) or one
 * of the names listed in the CONTENT_DATABASES variable.
 */
export const organizationDatabases = sqliteTable(
  "organization_databases",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    binding: text("binding").notNull(),
    /** The target while a move is under way (requests and jobs for the organisation wait). */
    movingTo: text("moving_to"),
    updatedAt: updatedAt(),
  },
  (table) => [index("organization_databases_binding").on(table.binding)],
);

/** Each content database's last measured size (hourly cron), read by placement. */
export const contentDatabaseSizes = sqliteTable("content_database_sizes", {
  binding: text("binding").primaryKey(),
  bytes: integer("bytes").notNull(),
  measuredAt: timestamp("measured_at").notNull(),
});
