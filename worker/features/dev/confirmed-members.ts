import type { Db } from "../../db/client";
import { createOrganization } from "../../db/placement";
import { userOrganizations, users } from "../../db/schema";
import type { Logger } from "../../lib/logger";

/** A sandbox login made ready to use: confirmed, with a password, and a member of one organisation. */
export type ConfirmedMember = {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  role: (typeof userOrganizations.$inferInsert)["role"];
};

/**
 * Creates an organisation (placed as every creation is, or in `chosen`) with confirmed members,
 * all or nothing: the demo seed and the browser tests' organisations (sandbox only).
 */
export const createOrganizationWithMembers = (
  env: Env,
  db: Db,
  log: Logger,
  organization: { id: string; name: string },
  members: ConfirmedMember[],
  chosen?: string,
) =>
  createOrganization(
    env,
    db,
    log,
    organization,
    [
      db.insert(users).values(
        members.map((m) => ({
          id: m.id,
          email: m.email,
          name: m.name,
          passwordHash: m.passwordHash,
          emailConfirmedAt: new Date(),
        })),
      ),
      db
        .insert(userOrganizations)
        .values(
          members.map((m) => ({ userId: m.id, organizationId: organization.id, role: m.role })),
        ),
    ],
    chosen,
  );
