import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { meResponseSchema, tokenResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { createUser, randomEmail, userRow } from "../support/accounts";
import { db } from "../support/factories";
import { call, envelope, signIn } from "../support/http";

const mailSchema = z.object({ messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), kind: z.string() })) });
const mailbox = async (to: string) => mailSchema.parse((await call(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json).messages;
const linkToken = (text: string) => /access_token=([^&\s]+)/.exec(text)?.[1] ?? "";
const tempPassword = (text: string) => /temporary password: (\S+)/i.exec(text)?.[1] ?? "";

describe("sign-up", () => {
  it("creates the user and an organisation they administer, and emails a confirmation link that confirms", async () => {
    const email = randomEmail("new");
    const r = await call("/api/auth/sign-up", { body: { email, password: "a good long password" } });
    expect(r.status).toBe(201);
    expect((await call("/api/auth/sign-in", { body: { email, password: "a good long password" } })).status).toBe(403);
    const [mail] = await mailbox(email);
    expect(mail?.kind).toBe("confirmation");
    const link = /http:\/\/localhost(\/api\/auth\/confirm\?token=\S+)/.exec(mail!.text)![1]!;
    const confirm = await call(link);
    expect(confirm.status).toBe(302);
    expect(confirm.res.headers.get("location")).toBe("/?confirmed=1");
    expect((await call(link)).res.headers.get("location")).toBe("/?confirmed=0");
    const session = await signIn(email, "a good long password");
    const me = meResponseSchema.parse((await call("/api/auth/me", { token: session.accessToken })).json);
    expect(me.isAdmin).toBe(true);
    expect(me.organization?.name).toBe(`${email.split("@")[0]}'s organization`);
  });

  it("answers an existing email exactly like a new one, and tells the owner by email", async () => {
    const { email, user } = await createUser();
    const r = await call("/api/auth/sign-up", { body: { email, password: "another long password" } });
    expect(r.status).toBe(201);
    expect((await mailbox(email))[0]?.kind).toBe("existing_account");
    expect((await userRow(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it("is refused on the data-center brand, and nothing is written", async () => {
    const email = randomEmail("dc");
    const r = await call("/api/auth/sign-up", { body: { email, password: "a good long password" }, host: "datacenter.example.com" });
    expect(r.status).toBe(403);
    expect(envelope(r.json).reason).toBe("signup_disabled");
    expect(await db().select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
  });

  it("requires 8 characters", async () => {
    const r = await call("/api/auth/sign-up", { body: { email: randomEmail(), password: "short" } });
    expect(r.status).toBe(400);
    expect(envelope(r.json).message).toBe("password: Password must be at least 8 characters long");
  });
});

describe("self reset", () => {
  it("answers an unknown email exactly like a known one", async () => {
    const { email } = await createUser();
    const known = await call("/api/auth/reset-request", { body: { email } });
    const unknown = await call("/api/auth/reset-request", { body: { email: randomEmail() } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json).toEqual({ message: "If an account with that email exists, a password reset email with a temporary password has been sent." });
  });

  it("emails a temporary password that signs in to the forced reset, keeps the old password working, and clears the flags once set", async () => {
    const { email, password, user } = await createUser();
    await call("/api/auth/reset-request", { body: { email } });
    const [mail] = await mailbox(email);
    expect(mail?.kind).toBe("self_reset");
    const temp = tempPassword(mail!.text);
    expect(temp).toHaveLength(16);
    expect((await call("/api/auth/sign-in", { body: { email, password } })).status).toBe(200);
    const session = await signIn(email, temp);
    const me = meResponseSchema.parse((await call("/api/auth/me", { token: session.accessToken })).json);
    expect(me.user.isPasswordReset).toBe(true);
    const set = await call("/api/auth/set-password", { body: { newPassword: "my brand new password" }, token: session.accessToken });
    expect(set.status).toBe(200);
    const after = await userRow(user.id);
    expect([after.isPasswordReset, after.hasTemporaryPassword, after.temporaryPasswordHash, after.passwordExpiresAt]).toEqual([false, false, null, null]);
    expect((await call("/api/auth/sign-in", { body: { email, password: temp } })).status).toBe(401);
    expect((await call("/api/auth/sign-in", { body: { email, password: "my brand new password" } })).status).toBe(200);
  });

  it("sends a single-use recovery link that signs the user in to set a password", async () => {
    const { email } = await createUser();
    await call("/api/auth/reset-request", { body: { email } });
    const token = linkToken((await mailbox(email))[0]!.text);
    const r = await call("/api/auth/link", { body: { token } });
    expect(r.status).toBe(200);
    expect(z.object({ type: z.literal("recovery") }).parse(r.json).type).toBe("recovery");
    tokenResponseSchema.parse(r.json);
    const again = await call("/api/auth/link", { body: { token } });
    expect(again.status).toBe(401);
    expect(envelope(again.json).reason).toBe("invalid_link");
  });

  it("refuses set-password to a user who is not resetting or new", async () => {
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const r = await call("/api/auth/set-password", { body: { newPassword: "whatever password" }, token: session.accessToken });
    expect(r.status).toBe(403);
    expect(envelope(r.json).reason).toBe("invalid_session");
  });

  it("is rate limited per email", async () => {
    const { email } = await createUser();
    for (let i = 0; i < 3; i++) expect((await call("/api/auth/reset-request", { body: { email } })).status).toBe(200);
    const r = await call("/api/auth/reset-request", { body: { email } });
    expect(r.status).toBe(429);
    expect((await mailbox(email)).length).toBe(3);
  });
});

describe("change password (Account Settings)", () => {
  it("verifies the current password and signs out other devices", async () => {
    const { email, password } = await createUser();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const wrong = await call("/api/auth/password", { body: { currentPassword: "not it at all", newPassword: "a new long password" }, token: here.accessToken });
    expect(wrong.status).toBe(400);
    expect(envelope(wrong.json).message).toBe("Current password is incorrect");
    const ok = await call("/api/auth/password", { body: { currentPassword: password, newPassword: "a new long password" }, token: here.accessToken });
    expect(ok.status).toBe(200);
    expect((await call("/api/auth/me", { token: here.accessToken })).status).toBe(200);
    expect((await call("/api/auth/me", { token: elsewhere.accessToken })).status).toBe(401);
    expect((await call("/api/auth/sign-in", { body: { email, password: "a new long password" } })).status).toBe(200);
  });

  it("requires 8 characters for the new password and all fields", async () => {
    const { email, password } = await createUser();
    const s = await signIn(email, password);
    expect(envelope((await call("/api/auth/password", { body: { currentPassword: password, newPassword: "short" }, token: s.accessToken })).json).field).toBe("newPassword");
    expect(envelope((await call("/api/auth/password", { body: { newPassword: "long enough pass" }, token: s.accessToken })).json).field).toBe("currentPassword");
  });
});
