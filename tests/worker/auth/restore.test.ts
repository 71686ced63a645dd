import { describe, expect, it } from "vitest";
import {
  meResponseSchema,
  refreshResponseSchema,
  tokenResponseSchema,
} from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers, createUser } from "../support/accounts";
import { db } from "../support/factories";
import { call, envelope, refreshCookieFrom, signIn } from "../support/http";

/*
 * A page load restores its session with POST /api/auth/refresh?include=me: the new access token
 * and what GET /api/auth/me answers, in one round trip (issue 15). Without include=me the answer
 * is the token alone, as before. Either way the refresh token travels only in its cookie.
 */

const refresh = (cookie: string | undefined, query = "") =>
  call(`/api/auth/refresh${query}`, { method: "POST", ...(cookie ? { cookie } : {}) });

/** A member of two organisations with an invitation from a third waiting for their answer. */
async function busyMember() {
  const home = await createOrgWithMembers();
  const second = await createOrgWithMembers();
  const third = await createOrgWithMembers();
  const { member } = home;
  await db()
    .insert(schema.userOrganizations)
    .values({ userId: member.user.id, organizationId: second.org.id, role: "admin" });
  const invited = await call(`/api/orgs/${third.org.id}/members`, {
    body: { email: member.email, role: "standard" },
    token: third.admin.session.accessToken,
  });
  expect(invited.status).toBe(201);
  return { home, member: home.member };
}

describe("restoring a session on page load", () => {
  it("answers the new token and the person exactly as /me would, in one answer", async () => {
    const { home, member } = await busyMember();
    const restored = await refresh(member.session.cookie, "?include=me");
    expect(restored.status).toBe(200);
    const body = refreshResponseSchema.parse(restored.json);
    expect(Object.keys(body).sort()).toEqual(
      ["accessToken", "expiresAt", "expiresIn", "me", "tokenType"].sort(),
    );
    // The person as /me answers with the new token: organisation, role, invitation and all.
    const me = await call("/api/auth/me", { token: body.accessToken });
    expect(me.status).toBe(200);
    expect(body.me).toEqual(meResponseSchema.parse(me.json));
    expect(body.me?.organization?.id).toBe(home.org.id);
    expect(body.me?.user.email).toBe(member.email);
    expect(body.me?.memberships).toHaveLength(2);
    expect(body.me?.invitations).toHaveLength(1);
    // The refresh token is only in the new cookie, never in the body; nor is any password hash.
    const cookie = refreshCookieFrom(restored.res)!;
    const refreshToken = cookie.split("=")[1]!;
    expect(refreshToken.length).toBeGreaterThan(20);
    expect(restored.text).not.toContain(refreshToken);
    expect(restored.text).not.toContain(member.session.cookie.split("=")[1]!);
    expect(restored.text).not.toMatch(/passwordHash|pbkdf2|refreshToken/i);
    // The old cookie stays single-use, and the new one goes on working.
    expect((await refresh(member.session.cookie, "?include=me")).status).toBe(409);
    expect((await refresh(cookie)).status).toBe(200);
  });

  it("without include=me answers the token alone, as it always did", async () => {
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const refreshed = await refresh(session.cookie);
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.json as object).sort()).toEqual(
      Object.keys(tokenResponseSchema.shape).sort(),
    );
  });

  it("a person in no organisation is restored with none", async () => {
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const body = refreshResponseSchema.parse((await refresh(session.cookie, "?include=me")).json);
    expect(body.me?.user.email).toBe(email);
    expect([body.me?.organization, body.me?.membership, body.me?.isAdmin]).toEqual([
      null,
      null,
      false,
    ]);
  });

  it("refuses as a plain refresh does, and a bad include spends no cookie", async () => {
    const none = await refresh(undefined, "?include=me");
    expect([none.status, envelope(none.json).reason]).toEqual([401, "no_session"]);
    const { email, password } = await createUser();
    const session = await signIn(email, password);
    const out = await call("/api/auth/sign-out", { method: "POST", cookie: session.cookie });
    expect(out.status).toBe(204);
    const ended = await refresh(session.cookie, "?include=me");
    expect([ended.status, envelope(ended.json).reason]).toEqual([401, "session_expired"]);
    expect(ended.text).not.toContain(email);

    const again = await signIn(email, password);
    const bad = await refresh(again.cookie, "?include=everything");
    expect(bad.status).toBe(400);
    expect(refreshCookieFrom(bad.res)).toBeUndefined();
    expect((await refresh(again.cookie, "?include=me")).status).toBe(200);
  });
});
