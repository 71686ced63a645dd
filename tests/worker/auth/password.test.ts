import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { hashPassword } from "../../../worker/lib/crypto/password";
import { createUser, userRow } from "../support/accounts";
import { db } from "../support/factories";
import { call, envelope, signIn } from "../support/http";

/** A user in the middle of a reset: signed in with a temporary password. */
async function resettingUser(flag: "isPasswordReset" | "isNewUser" = "isPasswordReset") {
  const created = await createUser();
  await db()
    .update(schema.users)
    .set({
      temporaryPasswordHash: await hashPassword("Temporary12345678"),
      hasTemporaryPassword: true,
      [flag]: true,
      passwordExpiresAt: new Date(Date.now() + 3600_000),
    })
    .where(eq(schema.users.id, created.user.id));
  return { ...created, session: await signIn(created.email, "Temporary12345678") };
}

describe("set-password (welcome and reset pages)", () => {
  it("is refused to a user who is neither new nor resetting, in the words of the page that asked", async () => {
    const { email, password } = await createUser();
    const { accessToken } = await signIn(email, password);
    const reset = await call("/api/auth/set-password", {
      body: { newPassword: "whatever password", type: "recovery" },
      token: accessToken,
    });
    expect(reset.status).toBe(403);
    expect(envelope(reset.json)).toMatchObject({
      reason: "invalid_session_reset",
      message: "Invalid session. Please request a new password reset.",
    });
    const invite = await call("/api/auth/set-password", {
      body: { newPassword: "whatever password", type: "invite" },
      token: accessToken,
    });
    expect(envelope(invite.json)).toMatchObject({
      reason: "invalid_session_invite",
      message: "Invalid session. Please request a new invitation.",
    });
    const untyped = await call("/api/auth/set-password", {
      body: { newPassword: "whatever password" },
      token: accessToken,
    });
    expect(envelope(untyped.json).reason).toBe("invalid_session_reset");
    expect((await call("/api/auth/sign-in", { body: { email, password } })).status).toBe(200);
  });

  it("requires a signed-in user", async () => {
    const r = await call("/api/auth/set-password", { body: { newPassword: "whatever password" } });
    expect(r.status).toBe(401);
    expect(envelope(r.json).reason).toBe("no_session");
  });

  it("refuses the emailed temporary password and the old one as the new password", async () => {
    const { session, password } = await resettingUser();
    for (const newPassword of ["Temporary12345678", password]) {
      const r = await call("/api/auth/set-password", {
        body: { newPassword },
        token: session.accessToken,
      });
      expect(r.status).toBe(400);
      expect(envelope(r.json)).toMatchObject({
        reason: "same_password",
        message: "New password must be different from your current password.",
      });
    }
  });

  it("requires 8 characters", async () => {
    const { session } = await resettingUser();
    const r = await call("/api/auth/set-password", {
      body: { newPassword: "short" },
      token: session.accessToken,
    });
    expect(envelope(r.json)).toMatchObject({ field: "newPassword", reason: "password_too_short" });
  });

  it("sets the password, clears the invitation flags and ends every other session", async () => {
    const { user, email, session } = await resettingUser("isNewUser");
    const elsewhere = await signIn(email, "Temporary12345678");
    const r = await call("/api/auth/set-password", {
      body: { newPassword: "chosen by me at last", type: "invite" },
      token: session.accessToken,
    });
    expect(r.status).toBe(200);
    const after = await userRow(user.id);
    expect([
      after.isNewUser,
      after.hasTemporaryPassword,
      after.temporaryPasswordHash,
      after.passwordExpiresAt,
    ]).toEqual([false, false, null, null]);
    expect((await call("/api/auth/me", { token: session.accessToken })).status).toBe(200);
    expect((await call("/api/auth/me", { token: elsewhere.accessToken })).status).toBe(401);
  });
});

describe("change password (Account Settings)", () => {
  it("verifies the current password and signs out other devices", async () => {
    const { email, password } = await createUser();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const wrong = await call("/api/auth/password", {
      body: { currentPassword: "not it at all", newPassword: "a new long password" },
      token: here.accessToken,
    });
    expect(wrong.status).toBe(400);
    expect(envelope(wrong.json)).toMatchObject({
      reason: "current_password_incorrect",
      message: "Current password is incorrect",
      field: "currentPassword",
    });
    const ok = await call("/api/auth/password", {
      body: { currentPassword: password, newPassword: "a new long password" },
      token: here.accessToken,
    });
    expect(ok.status).toBe(200);
    expect((await call("/api/auth/me", { token: here.accessToken })).status).toBe(200);
    expect((await call("/api/auth/me", { token: elsewhere.accessToken })).status).toBe(401);
    expect(
      (await call("/api/auth/refresh", { method: "POST", cookie: elsewhere.cookie })).status,
    ).toBe(401);
    expect((await call("/api/auth/sign-in", { body: { email, password } })).status).toBe(401);
    expect(
      (await call("/api/auth/sign-in", { body: { email, password: "a new long password" } }))
        .status,
    ).toBe(200);
  });

  it("refuses the same password", async () => {
    const { email, password } = await createUser();
    const s = await signIn(email, password);
    const r = await call("/api/auth/password", {
      body: { currentPassword: password, newPassword: password },
      token: s.accessToken,
    });
    expect(envelope(r.json)).toMatchObject({
      reason: "same_password",
      message: "New password must be different from your current password.",
    });
  });

  it("requires 8 characters for the new password and all fields", async () => {
    const { email, password } = await createUser();
    const s = await signIn(email, password);
    const short = envelope(
      (
        await call("/api/auth/password", {
          body: { currentPassword: password, newPassword: "short" },
          token: s.accessToken,
        })
      ).json,
    );
    expect(short).toMatchObject({ field: "newPassword", reason: "password_too_short" });
    expect(
      envelope(
        (
          await call("/api/auth/password", {
            body: { newPassword: "long enough pass" },
            token: s.accessToken,
          })
        ).json,
      ).field,
    ).toBe("currentPassword");
  });

  it("counts wrong current passwords like failed sign-ins, so a stolen token cannot guess faster", async () => {
    const { email, password } = await createUser();
    const s = await signIn(email, password);
    // Five failures are free; the sixth attempt comes before the first wait has passed.
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call("/api/auth/password", {
            body: { currentPassword: `guess number ${i}`, newPassword: "a new long password" },
            token: s.accessToken,
          })
        ).status,
      ).toBe(400);
    }
    const limited = await call("/api/auth/password", {
      body: { currentPassword: password, newPassword: "a new long password" },
      token: s.accessToken,
    });
    expect(limited.status).toBe(429);
    expect(envelope(limited.json).message).toBe(
      "Too many failed attempts. Please try again later.",
    );
  });
});
