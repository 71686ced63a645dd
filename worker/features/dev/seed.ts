import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userOrganizations, users } from "../../db/schema";
import { hashPassword } from "../../lib/crypto/password";
import type { Logger } from "../../lib/logger";
import { createOrganizationWithMembers } from "./confirmed-members";

/** The demo logins `npm start` prints. Sandbox only: /dev/seed does not exist in production. */
export const demoUsers = [
  {
    email: "demo.admin@crosscast.test",
    password: "crosscast-demo-admin",
    role: "admin" as const,
    name: "Demo Admin",
  },
  {
    email: "demo.user@crosscast.test",
    password: "crosscast-demo-user",
    role: "standard" as const,
    name: "Demo User",
  },
];
export const DEMO_ORGANIZATION = "Demo Media";

/** Creates the demo organisation and its two users once; later calls change nothing. */
export async function seedDemo(env: Env, db: Db, log: Logger) {
  const existing = await db.query.users.findFirst({ where: eq(users.email, demoUsers[0]!.email) });
  if (existing) {
    const membership = await db.query.userOrganizations.findFirst({
      where: eq(userOrganizations.userId, existing.id),
    });
    return {
      organizationId: membership?.organizationId ?? null,
      adminId: existing.id,
      created: false,
    };
  }
  const organizationId = crypto.randomUUID();
  const rows = await Promise.all(
    demoUsers.map(async (u) => ({
      ...u,
      id: crypto.randomUUID(),
      passwordHash: await hashPassword(u.password),
    })),
  );
  await createOrganizationWithMembers(
    env,
    db,
    log,
    { id: organizationId, name: DEMO_ORGANIZATION },
    rows,
  );
  return { organizationId, adminId: rows[0]!.id, created: true };
}
