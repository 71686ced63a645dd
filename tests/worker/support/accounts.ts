import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { Role } from "../../../shared/schemas/enums";
import { schema } from "../../../worker/db/client";
import { hashPassword } from "../../../worker/lib/crypto/password";
import { type ContentBinding, createOrganization, db } from "./factories";
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
export async function createOrgWithMembers(
  options: { binding?: ContentBinding; id?: string } = {},
) {
  const org = await createOrganization(undefined, options);
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

/** A whole 1x1 PNG (signature, IHDR, IDAT, IEND), as the upload check requires. */
export const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** Uploads an avatar as the browser does (multipart). */
export async function uploadAvatar(
  token: string,
  bytes: Uint8Array,
  name = "me.png",
  type = "image/png",
) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  const res = await SELF.fetch("http://localhost/api/account/avatar", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, json: (await res.json()) as unknown };
}
