import { eq } from "drizzle-orm";
import type { Role } from "../../../shared/schemas/enums";
import { schema } from "../../../worker/db/client";
import { hashPassword } from "../../../worker/lib/crypto/password";
import { createOrganization, db } from "./factories";
import { signIn } from "./http";

export const randomEmail = (prefix = "user") =>
  `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A confirmed user with a password, optionally a member of an organisation. */
export async function createUser(
  opts: {
    email?: string;
    password?: string;
    confirmed?: boolean;
    organizationId?: string;
    role?: Role;
  } = {},
) {
  const email = opts.email ?? randomEmail();
  const password = opts.password ?? "correct horse battery staple";
  const [user] = await db()
    .insert(schema.users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      emailConfirmedAt: opts.confirmed === false ? null : new Date(),
    })
    .returning();
  if (opts.organizationId)
    await db()
      .insert(schema.userOrganizations)
      .values({
        userId: user!.id,
        organizationId: opts.organizationId,
        role: opts.role ?? "standard",
      });
  return { user: user!, email, password };
}

/** An organisation with a signed-in admin and a signed-in standard user. */
export async function createOrgWithMembers() {
  const org = await createOrganization();
  const admin = await createUser({ organizationId: org.id, role: "admin" });
  const member = await createUser({ organizationId: org.id, role: "standard" });
  return {
    org,
    admin: { ...admin, session: await signIn(admin.email, admin.password) },
    member: { ...member, session: await signIn(member.email, member.password) },
  };
}

export const userRow = async (id: string) =>
  (await db().select().from(schema.users).where(eq(schema.users.id, id)))[0]!;
