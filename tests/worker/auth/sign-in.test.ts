import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { meResponseSchema, tokenResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { hashPassword } from "../../../worker/lib/crypto/password";
import { createUser, randomEmail } from "../support/accounts";
import { createOrganization, db } from "../support/factories";
import { call, envelope, refreshCookieFrom } from "../support/http";

describe("POST /api/auth/sign-in", () => {
  it("signs in with the right password: access token in the body, refresh token only in an HttpOnly cookie", async () => {
    const org = await createOrganization();
    const { email, password } = await createUser({ organizationId: org.id, role: "admin" });
    const r = await call("/api/auth/sign-in", { body: { email: email.toUpperCase(), password } });
    expect(r.status).toBe(200);
    const token = tokenResponseSchema.parse(r.json);
    expect(JSON.stringify(r.json)).not.toContain("refresh");
    const cookie = r.res.headers.getSetCookie().find((c) => c.startsWith("crosscast_refresh="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    const me = meResponseSchema.parse(
      (await call("/api/auth/me", { token: token.accessToken })).json,
    );
    expect(me.user.email).toBe(email);
    expect(me.isAdmin).toBe(true);
    expect(me.organization?.id).toBe(org.id);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const { email } = await createUser();
    const wrong = await call("/api/auth/sign-in", {
      body: { email, password: "not the password" },
    });
    const unknown = await call("/api/auth/sign-in", {
      body: { email: randomEmail(), password: "not the password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [envelope(wrong.json), envelope(unknown.json)];
    expect({ ...a, requestId: "" }).toEqual({ ...b, requestId: "" });
    expect(a.reason).toBe("invalid_credentials");
    expect(a.message).toBe("Invalid email or password. Please try again.");
  });

  it("refuses an unconfirmed account only after the password is verified", async () => {
    const { email, password } = await createUser({ confirmed: false });
    const right = await call("/api/auth/sign-in", { body: { email, password } });
    expect(right.status).toBe(403);
    expect(envelope(right.json).message).toBe(
      "Please check your email and confirm your account first.",
    );
    const wrong = await call("/api/auth/sign-in", { body: { email, password: "wrong password!" } });
    expect(envelope(wrong.json).reason).toBe("invalid_credentials");
  });

  it("blocks an expired temporary password but keeps the permanent one working", async () => {
    const { user, email, password } = await createUser();
    await db()
      .update(schema.users)
      .set({
        temporaryPasswordHash: await hashPassword("TempPass12345678"),
        hasTemporaryPassword: true,
        isPasswordReset: true,
        passwordExpiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(schema.users.id, user.id));
    const temp = await call("/api/auth/sign-in", { body: { email, password: "TempPass12345678" } });
    expect(temp.status).toBe(403);
    expect(envelope(temp.json).message).toBe(
      "Temporary password has expired. Please request a new password reset.",
    );
    expect((await call("/api/auth/sign-in", { body: { email, password } })).status).toBe(200);
  });

  it("names the missing or malformed field and writes nothing", async () => {
    const missing = await call("/api/auth/sign-in", { body: { email: "a@b.co" } });
    expect(missing.status).toBe(400);
    expect(envelope(missing.json).field).toBe("password");
    const badEmail = await call("/api/auth/sign-in", {
      body: { email: "not-an-email", password: "x" },
    });
    expect(envelope(badEmail.json).field).toBe("email");
    const wrongType = await call("/api/auth/sign-in", { body: { email: 42, password: ["x"] } });
    expect(wrongType.status).toBe(400);
    const attempts = await db()
      .select()
      .from(schema.authAttempts)
      .where(eq(schema.authAttempts.key, "email:a@b.co"));
    expect(attempts).toEqual([]);
  });

  it("answers malformed JSON with 400 in the envelope", async () => {
    const r = await call("/api/auth/sign-in", {
      body: undefined,
      headers: { "content-type": "application/json" },
      method: "POST",
    });
    expect(r.status).toBe(400);
    const raw = await (await import("cloudflare:test")).SELF.fetch(
      "http://localhost/api/auth/sign-in",
      { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" },
    );
    expect(raw.status).toBe(400);
    expect(envelope(await raw.json()).code).toBe("BAD_REQUEST");
  });

  it("refuses bodies over the limit, with or without Content-Length", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(100 * 1024) });
    const { SELF } = await import("cloudflare:test");
    const sized = await SELF.fetch("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(sized.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await SELF.fetch("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(chunked.status).toBe(413);
    expect(envelope(await chunked.json()).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("accepts a long passphrase", async () => {
    const passphrase = "correct horse battery staple ".repeat(4);
    const { email } = await createUser({ password: passphrase });
    const r = await call("/api/auth/sign-in", { body: { email, password: passphrase } });
    expect(r.status).toBe(200);
    expect(refreshCookieFrom(r.res)).toBeDefined();
  });
});
