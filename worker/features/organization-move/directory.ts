/*
 * The move's three writes to the directory (organization_databases, primary database). Each is
 * one statement guarded by the state it expects, so two operators, or a re-run racing a stale
 * one, cannot switch an organisation twice or clear another move's mark.
 */

export type DirectoryEntry = { binding: string; movingTo: string | null };

export class MoveRefused extends Error {}

export async function readDirectory(primary: D1Database, org: string): Promise<DirectoryEntry> {
  const row = await primary
    .prepare("SELECT binding, moving_to FROM organization_databases WHERE organization_id = ?1")
    .bind(org)
    .first<{ binding: string; moving_to: string | null }>();
  if (!row) throw new MoveRefused(`No organisation with id "${org}" is in the directory.`);
  return { binding: row.binding, movingTo: row.moving_to };
}

async function expectOne(result: Promise<D1Result>, what: string) {
  const { meta } = await result;
  if (meta.changes !== 1) {
    throw new MoveRefused(`The directory changed under the move (${what}); run it again.`);
  }
}

/** Step 1: requests for the organisation answer 503 and its jobs wait from here on. */
export const markMoving = (primary: D1Database, org: string, from: string, to: string) =>
  expectOne(
    primary
      .prepare(
        "UPDATE organization_databases SET moving_to = ?1, updated_at = ?2 " +
          "WHERE organization_id = ?3 AND binding = ?4 AND moving_to IS NULL",
      )
      .bind(to, Date.now(), org, from)
      .run(),
    "marking the move",
  );

/** Step 4: the target becomes the organisation's database and the freeze ends, in one statement. */
export const switchDatabase = (primary: D1Database, org: string, from: string, to: string) =>
  expectOne(
    primary
      .prepare(
        "UPDATE organization_databases SET binding = ?1, moving_to = NULL, updated_at = ?2 " +
          "WHERE organization_id = ?3 AND binding = ?4 AND moving_to = ?1",
      )
      .bind(to, Date.now(), org, from)
      .run(),
    "switching",
  );

/** Abort: the organisation stays where it is and is no longer frozen. */
export const clearMoving = (primary: D1Database, org: string, to: string) =>
  expectOne(
    primary
      .prepare(
        "UPDATE organization_databases SET moving_to = NULL, updated_at = ?1 " +
          "WHERE organization_id = ?2 AND moving_to = ?3",
      )
      .bind(Date.now(), org, to)
      .run(),
    "clearing the move",
  );
