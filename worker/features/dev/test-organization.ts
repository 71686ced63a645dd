import { z } from "zod";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { placementBindings } from "../../lib/content-databases";
import { randomToken } from "../../lib/crypto/encoding";
import { hashPassword } from "../../lib/crypto/password";
import type { Logger } from "../../lib/logger";
import { createOrganizationWithMembers } from "./confirmed-members";

/** What a browser test file may ask for: a name prefix, so its rows are easy to find when it fails. */
export const testOrganizationBodySchema = z
  .object({
    label: z.string().trim().min(1).max(40).default("e2e"),
    // A content database to use instead of placement's choice, so a bench can put organisations
    // side by side on purpose (bench/capacity-orgs.bench.mjs). One of CONTENT_DATABASES.
    database: z.string().min(1).max(64).optional(),
  })
  .strict();
export type TestOrganizationBody = z.infer<typeof testOrganizationBodySchema>;

/**
 * A fresh organisation with a confirmed admin and a confirmed standard user, each with a random
 * permanent password (returned once, to the caller). Sandbox only, like /dev/seed: every browser
 * test file makes its own, so files share no rows and pass alone, in any order and twice on one
 * server. Sign-up cannot serve here: it is rate limited per address and needs a mailbox round trip.
 */
export async function createTestOrganization(
  env: Env,
  db: Db,
  log: Logger,
  { label, database }: TestOrganizationBody,
) {
  if (database !== undefined && !placementBindings(env).includes(database))
    throw new ApiError(
      "BAD_REQUEST",
      `database: "${database}" is not one of the content databases (${placementBindings(env).join(", ")})`,
      { field: "database" },
    );
  const organizationId = crypto.randomUUID();
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const tag = `${slug}-${crypto.randomUUID().slice(0, 8)}`;
  const people = await Promise.all(
    (["admin", "standard"] as const).map(async (role) => {
      const password = `pw-${randomToken()}`;
      return {
        id: crypto.randomUUID(),
        role,
        email: `${tag}-${role}@crosscast.test`,
        name: `${label} ${role === "admin" ? "Admin" : "User"}`,
        password,
        passwordHash: await hashPassword(password),
      };
    }),
  );
  const name = `${label} organization ${tag.slice(-8)}`;
  await createOrganizationWithMembers(env, db, log, { id: organizationId, name }, people, database);
  const [admin, user] = people.map(({ id, email, name, password }) => ({
    id,
    email,
    name,
    password,
  }));
  return { organization: { id: organizationId, name }, admin: admin!, user: user! };
}
