import { eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { episodes, organizationKeys, videos } from "./schema";

/*
 * How a statement picks one organisation's rows so that SQLite reads them off the table's sort
 * indexes. Videos' and episodes' indexes lead with the organisation's integer key in this database
 * (organizationKeys; migrations 0015 and 0016), the other tables' with its id.
 */

/** The condition selecting one organisation's rows through the table's indexes. */
export type OrganizationScope = (orgId: string | SQL) => SQL;

/**
 * The organisation's key in this database, as one scalar subquery: SQLite evaluates it once per
 * statement and uses its value as the index range's bound. NULL (no row matches) for an
 * organisation this database holds no key for.
 */
export const organizationKey = (orgId: string | SQL): SQL =>
  sql`(SELECT ${organizationKeys.key} FROM ${organizationKeys} WHERE ${organizationKeys.organizationId} = ${orgId})`;

/** A table whose indexes lead with the organisation's id. */
export const byOrganizationId =
  (column: SQLiteColumn): OrganizationScope =>
  (orgId) =>
    eq(column, orgId);

/** One organisation's videos, through the indexes led by its key. */
export const videosOf: OrganizationScope = (orgId) =>
  sql`${videos.orgKey} = ${organizationKey(orgId)}`;

/** One organisation's episodes, through the indexes led by its key. */
export const episodesOf: OrganizationScope = (orgId) =>
  sql`${episodes.orgKey} = ${organizationKey(orgId)}`;
