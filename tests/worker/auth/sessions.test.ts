import { env } from "cloudflare:test";
import { eq, isNotNull } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { tokenResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { signAccessToken, verifyAccessToken } from "../../../worker/features/auth/jwt";
import { fromBase64 } from "../../../worker/lib/crypto/encoding";
import { createUser } from "../support/accounts";
import { db } from "../support/factories";
import { call, envelope, refreshCookieFrom, signIn } from "../support/http";

const refresh = (cookie: string) => call("/api/auth/refresh", { method: "POST", cookie });

describe("refresh tokens", () => {
  it("rotate on every use: the new cookie works, the old one is single-use", async () => {
    const { email, password } = await createUser();
    const first = await signIn(email, password);
    const r1 = await refresh(first.cookie);
    expect(r1.status).toBe(200);
    const second = refreshCookieFrom(r1.res)!;
    expect(second).not.toBe(first.cookie);
    const token = tokenResponseSchema.parse(r1.json);
    expect((await call("/api/auth/me", { token: token.accessToken })).status).toBe(200);
    // The old cookie again, at once (as a second tab would): refused, and no new cookie; the
    // family lives on because this is inside the concurrent-refresh grace window.
    const again = await refresh(first.cookie);
    expect(again.status).toBe(409);
    expect(envelope(again.json).reason).toBe("refresh_token_rotated");
    expect(refreshCookieFrom(again.res)).toBeUndefined();
    const third = await refresh(second);
    expect(third.status).toBe(200);
    // An exchanged cookie never buys another session: still the conflict, never a new cookie.
    const reused = await refresh(second);
    expect([reused.status, refreshCookieFrom(reused.res)]).toEqual([409, undefined]);
  });

  it("revoke the whole family when an already-used token comes back (theft)", async () => {
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const rotated = await refresh(session.cookie);
    const newest = refreshCookieFrom(rotated.res)!;
    // Move the rotation out of the concurrent-tab grace window, then replay the old token.
    await db()
      .update(schema.sessions)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(isNotNull(schema.sessions.rotatedAt));
    const replay = await refresh(session.cookie);
    expect(replay.status).toBe(401);
    expect(envelope(replay.json).reason).toBe("refresh_token_reused");
    // The legitimate holder's newer token and access token die with the family.
    expect((await refresh(newest)).status).toBe(401);
    expect(
      (await call("/api/auth/me", { token: tokenResponseSchema.parse(rotated.json).accessToken }))
        .status,
    ).toBe(401);
  });

  it("tell a twin request racing within the grace window to retry instead of revoking", async () => {
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const winner = await refresh(session.cookie);
    const twin = await refresh(session.cookie);
    expect(twin.status).toBe(409);
    expect(envelope(twin.json).reason).toBe("refresh_token_rotated");
    expect((await refresh(refreshCookieFrom(winner.res)!)).status).toBe(200);
  });

  it("end with sign-out: the cookie is cleared and neither token works", async () => {
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const out = await call("/api/auth/sign-out", { method: "POST", cookie: session.cookie });
    expect(out.status).toBe(204);
    expect(out.res.headers.getSetCookie().join(";")).toMatch(/crosscast_refresh=;/);
    expect((await refresh(session.cookie)).status).toBe(401);
    expect((await call("/api/auth/me", { token: session.accessToken })).status).toBe(401);
  });

  it("are required to refresh at all", async () => {
    const r = await call("/api/auth/refresh", { method: "POST" });
    expect(r.status).toBe(401);
    expect(
      (
        await call("/api/auth/refresh", {
          method: "POST",
          cookie: "crosscast_refresh=forged-value-123",
        })
      ).status,
    ).toBe(401);
  });
});

describe("access tokens", () => {
  it("verify only under the secret that signed them, whichever secret was used before", async () => {
    // The imported key is kept per secret: a rotated JWT_SECRET must not verify old tokens,
    // and going back must not reuse the other secret's key.
    const first = btoa("first-secret-first-secret-32byte");
    const second = btoa("second-secret-second-secret-32by");
    const claims = { userId: crypto.randomUUID(), sessionId: crypto.randomUUID() };
    const { token } = await signAccessToken(claims, first);
    expect(await verifyAccessToken(token, first)).toEqual(claims);
    expect(await verifyAccessToken(token, second)).toBeNull();
    const { token: other } = await signAccessToken(claims, second);
    expect(await verifyAccessToken(other, first)).toBeNull();
    expect(await verifyAccessToken(token, first)).toEqual(claims);
    expect(await verifyAccessToken(other, second)).toEqual(claims);
  });

  const key = () => fromBase64(env.JWT_SECRET);

  it("reject a tampered token", async () => {
    const { email, password } = await createUser();
    const { accessToken } = await signIn(email, password);
    const [h, p, s] = accessToken.split(".");
    const payload = JSON.parse(atob(p!.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...payload, sub: crypto.randomUUID() }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    expect((await call("/api/auth/me", { token: `${h}.${forged}.${s}` })).status).toBe(401);
  });

  it("reject an expired token", async () => {
    const { user, email, password } = await createUser();
    await signIn(email, password);
    const [session] = await db()
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    const { token } = await signAccessToken(
      { userId: user.id, sessionId: session!.id },
      env.JWT_SECRET,
      Date.now() - 16 * 60_000,
    );
    const r = await call("/api/auth/me", { token });
    expect(r.status).toBe(401);
    expect(envelope(r.json).code).toBe("UNAUTHORIZED");
  });

  it("reject alg none and tokens signed with another key", async () => {
    const { user, email, password } = await createUser();
    await signIn(email, password);
    const [session] = await db()
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    const claims = { sid: session!.id };
    const none = new UnsecuredJWT(claims)
      .setSubject(user.id)
      .setIssuer("crosscast")
      .setAudience("crosscast-api")
      .setExpirationTime("10m")
      .encode();
    expect((await call("/api/auth/me", { token: none })).status).toBe(401);
    const otherKey = new TextEncoder().encode("another-secret-another-secret-32b");
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("crosscast")
      .setAudience("crosscast-api")
      .setExpirationTime("10m")
      .sign(otherKey);
    expect((await call("/api/auth/me", { token: foreign })).status).toBe(401);
    const good = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("crosscast")
      .setAudience("crosscast-api")
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(key());
    expect((await call("/api/auth/me", { token: good })).status).toBe(200);
  });
});
