import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkResponseSchema, meResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { createUser, randomEmail, userRow } from "../support/accounts";
import { db } from "../support/factories";
import { call, callFrom, envelope, signIn } from "../support/http";
import { linkToken, mailbox, tempPassword } from "../support/mail";

const ANSWER = {
  message:
    "If an account with that email exists, a password reset email with a temporary password has been sent.",
};
const requestReset = (email: string, from?: { "cf-connecting-ip": string }) =>
  from
    ? callFrom(from["cf-connecting-ip"], "/api/auth/reset-request", { body: { email } })
    : call("/api/auth/reset-request", { body: { email } });
const me = async (token: string) =>
  meResponseSchema.parse((await call("/api/auth/me", { token })).json);

describe("self reset", () => {
  it("answers an unknown email exactly like a known one (status and body)", async () => {
    const { email } = await createUser();
    const known = await requestReset(email);
    const unknown = await requestReset(randomEmail());
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.json).toEqual(ANSWER);
    expect(unknown.json).toEqual(known.json);
    expect(known.res.headers.get("content-type")).toBe(unknown.res.headers.get("content-type"));
  });

  it("emails a temporary password and a recovery link; only the hash is stored", async () => {
    const { email, user } = await createUser();
    await requestReset(email);
    const [mail] = await mailbox(email);
    expect(mail?.kind).toBe("self_reset");
    expect(mail?.subject).toBe("Your Crosscast password reset");
    const temp = tempPassword(mail!.text);
    expect(temp).toHaveLength(16);
    expect(mail!.text).toMatch(/http:\/\/localhost\/#access_token=[A-Za-z0-9_-]{43}&type=recovery/);
    const row = await userRow(user.id);
    expect(row.isPasswordReset).toBe(true);
    expect(row.temporaryPasswordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(JSON.stringify(row)).not.toContain(temp);
    expect(row.passwordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it("signs in with the temporary password to the forced reset, then the new password replaces both", async () => {
    const { email, password, user } = await createUser();
    await requestReset(email);
    const temp = tempPassword((await mailbox(email))[0]!.text);
    const session = await signIn(email, temp);
    expect((await me(session.accessToken)).user.isPasswordReset).toBe(true);
    const set = await call("/api/auth/set-password", {
      body: { newPassword: "my brand new password", type: "recovery" },
      token: session.accessToken,
    });
    expect(set.status).toBe(200);
    const after = await userRow(user.id);
    expect([
      after.isPasswordReset,
      after.hasTemporaryPassword,
      after.temporaryPasswordHash,
      after.passwordExpiresAt,
    ]).toEqual([false, false, null, null]);
    expect((await call("/api/auth/sign-in", { body: { email, password: temp } })).status).toBe(401);
    expect((await call("/api/auth/sign-in", { body: { email, password } })).status).toBe(401);
    expect(
      (await call("/api/auth/sign-in", { body: { email, password: "my brand new password" } }))
        .status,
    ).toBe(200);
  });

  it("cannot lock the owner out: their password still works and withdraws the stranger's reset", async () => {
    const { email, password } = await createUser();
    await requestReset(email);
    const mail = (await mailbox(email))[0]!;
    const session = await signIn(email, password);
    expect((await me(session.accessToken)).user.isPasswordReset).toBe(false);
    expect(
      (await call("/api/auth/sign-in", { body: { email, password: tempPassword(mail.text) } }))
        .status,
    ).toBe(401);
    expect((await call("/api/auth/link", { body: { token: linkToken(mail.text) } })).status).toBe(
      401,
    );
  });

  it("sends a single-use recovery link that signs the user in to set a password", async () => {
    const { email } = await createUser();
    await requestReset(email);
    const token = linkToken((await mailbox(email))[0]!.text);
    const r = await call("/api/auth/link", { body: { token } });
    expect(r.status).toBe(200);
    const link = linkResponseSchema.parse(r.json);
    expect(link.type).toBe("recovery");
    expect((await me(link.accessToken)).user.isPasswordReset).toBe(true);
    const again = await call("/api/auth/link", { body: { token } });
    expect(again.status).toBe(401);
    expect(envelope(again.json).reason).toBe("invalid_link");
  });

  it("refuses an expired link and a confirmation token used as a recovery link", async () => {
    const { email, user } = await createUser();
    await requestReset(email);
    const token = linkToken((await mailbox(email))[0]!.text);
    await db()
      .update(schema.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.authTokens.userId, user.id));
    expect(envelope((await call("/api/auth/link", { body: { token } })).json).reason).toBe(
      "invalid_link",
    );
    const signUpEmail = randomEmail();
    await call("/api/auth/sign-up", {
      body: { email: signUpEmail, password: "a good long password" },
    });
    const confirmToken = decodeURIComponent(
      /token=(\S+)/.exec((await mailbox(signUpEmail))[0]!.text)![1]!,
    );
    expect((await call("/api/auth/link", { body: { token: confirmToken } })).status).toBe(401);
  });

  it("proves the address of an unconfirmed account and discards the password nobody proved", async () => {
    // Someone signed up with this address before its owner did; the owner resets.
    const email = randomEmail("prehijack");
    await call("/api/auth/sign-up", { body: { email, password: "the squatter's password" } });
    await requestReset(email);
    const temp = tempPassword((await mailbox(email)).find((m) => m.kind === "self_reset")!.text);
    const session = await signIn(email, temp);
    expect((await me(session.accessToken)).user.isPasswordReset).toBe(true);
    expect(
      (await call("/api/auth/sign-in", { body: { email, password: "the squatter's password" } }))
        .status,
    ).toBe(401);
  });

  it("is rate limited per email and per address, known or not", async () => {
    const { email } = await createUser();
    const ghost = randomEmail("ghost");
    // Tests in one file share the database: this one speaks from its own addresses.
    const from = { "cf-connecting-ip": "192.0.2.43" };
    for (let i = 0; i < 3; i++) {
      expect((await requestReset(email, from)).status).toBe(200);
      expect((await requestReset(ghost, from)).status).toBe(200);
    }
    const [known, unknown] = [await requestReset(email, from), await requestReset(ghost, from)];
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect({ ...envelope(known.json), requestId: "" }).toEqual({
      ...envelope(unknown.json),
      requestId: "",
    });
    expect((await mailbox(email)).length).toBe(3);
    const ip = "192.0.2.44";
    for (let i = 0; i < 10; i++)
      expect((await requestReset(randomEmail(), { "cf-connecting-ip": ip })).status).toBe(200);
    expect((await requestReset(randomEmail(), { "cf-connecting-ip": ip })).status).toBe(429);
  });
});
