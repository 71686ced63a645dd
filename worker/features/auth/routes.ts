import { Hono } from "hono";
import { and, eq, ne } from "drizzle-orm";
import { signInBodySchema, signUpBodySchema } from "../../../shared/schemas/auth";
import { changePasswordBodySchema, linkBodySchema, resetRequestBodySchema, setPasswordBodySchema } from "../../../shared/schemas/account";
import type { AppEnv } from "../../env";
import { getDb } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { verifyPassword } from "../../lib/crypto/password";
import { requireUser } from "../../middleware/auth";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./cookies";
import { checkCredentials, invalidCredentials, setPermanentPassword } from "./credentials";
import { accessTokenResponse, signInUser } from "./issue-tokens";
import { consumeLinkToken } from "./link-tokens";
import { accountKey, assertUnderLimit, clearAccountFailures, ipKey, recordAttempt, resetRules, signInRules } from "./rate-limit";
import { clientIp, requestMeta } from "./request-meta";
import { requestSelfReset, SELF_RESET_ANSWER } from "./self-reset";
import { familyOf, revokeFamily, rotateSession } from "./sessions";
import { SIGNUP_ACCEPTED, signUp } from "./signup";
import { findUserById, meResponse } from "./users";

const currentUser = async (db: ReturnType<typeof getDb>, userId: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
  return user;
};

export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up", validate("json", signUpBodySchema), async (c) => {
    await signUp(c, getDb(c.env), c.req.valid("json"));
    return c.json({ message: SIGNUP_ACCEPTED }, 201);
  })
  .get("/confirm", async (c) => {
    const token = c.req.query("token") ?? "";
    const db = getDb(c.env);
    const used = token ? await consumeLinkToken(db, token, ["confirm_email"]) : null;
    if (!used) return c.redirect("/?confirmed=0", 302);
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, used.userId));
    return c.redirect("/?confirmed=1", 302);
  })
  .post("/sign-in", validate("json", signInBodySchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = getDb(c.env);
    const keys = { account: accountKey(email), ip: ipKey(clientIp(c)) };
    await assertUnderLimit(db, keys, signInRules);
    const user = await checkCredentials(db, email, password);
    if (!user) {
      await recordAttempt(db, keys, "signin_failure");
      throw invalidCredentials();
    }
    if (!user.emailConfirmedAt) {
      throw new ApiError("FORBIDDEN", "Please check your email and confirm your account first.", { reason: "email_not_confirmed" });
    }
    await clearAccountFailures(db, email);
    return c.json(await signInUser(c, db, user.id));
  })
  .post("/refresh", async (c) => {
    const token = readRefreshCookie(c);
    if (!token) throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
    try {
      const next = await rotateSession(getDb(c.env), token, requestMeta(c));
      setRefreshCookie(c, next.refreshToken);
      return c.json(await accessTokenResponse(c, next.userId, next.sessionId));
    } catch (error) {
      if (error instanceof ApiError && error.code === "UNAUTHORIZED") clearRefreshCookie(c);
      throw error;
    }
  })
  .post("/sign-out", async (c) => {
    const token = readRefreshCookie(c);
    if (token) {
      const db = getDb(c.env);
      const family = await familyOf(db, token);
      if (family) await revokeFamily(db, family);
    }
    clearRefreshCookie(c);
    return c.body(null, 204);
  })
  .post("/reset-request", validate("json", resetRequestBodySchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = getDb(c.env);
    const keys = { account: accountKey(email), ip: ipKey(clientIp(c)) };
    await assertUnderLimit(db, keys, resetRules);
    await recordAttempt(db, keys, "reset_request");
    await requestSelfReset(c, db, email);
    return c.json({ message: SELF_RESET_ANSWER });
  })
  .post("/link", validate("json", linkBodySchema), async (c) => {
    const db = getDb(c.env);
    const used = await consumeLinkToken(db, c.req.valid("json").token, ["invite", "recovery"]);
    if (!used) throw new ApiError("UNAUTHORIZED", "This link is invalid or has expired.", { reason: "invalid_link" });
    // Following an emailed link proves the address.
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(and(eq(users.id, used.userId)));
    const tokens = await signInUser(c, db, used.userId);
    return c.json({ ...tokens, type: used.kind === "invite" ? ("invite" as const) : ("recovery" as const) });
  })
  .get("/me", requireUser, async (c) => {
    const db = getDb(c.env);
    return c.json(await meResponse(db, await currentUser(db, c.get("userId"))));
  })
  .post("/set-password", requireUser, validate("json", setPasswordBodySchema), async (c) => {
    const db = getDb(c.env);
    const user = await currentUser(db, c.get("userId"));
    if (!user.isNewUser && !user.isPasswordReset) {
      throw new ApiError("FORBIDDEN", "Invalid session. Please request a new password reset.", { reason: "invalid_session" });
    }
    const { newPassword } = c.req.valid("json");
    if (await verifyPassword(newPassword, user.passwordHash)) {
      throw new ApiError("BAD_REQUEST", "New password must be different from your current password.", { reason: "same_password", field: "newPassword" });
    }
    await setPermanentPassword(db, user.id, newPassword);
    return c.json({ message: "Password updated successfully" });
  })
  .post("/password", requireUser, validate("json", changePasswordBodySchema), async (c) => {
    const db = getDb(c.env);
    const user = await currentUser(db, c.get("userId"));
    const { currentPassword, newPassword } = c.req.valid("json");
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new ApiError("BAD_REQUEST", "Current password is incorrect", { reason: "current_password_incorrect", field: "currentPassword" });
    }
    if (currentPassword === newPassword) {
      throw new ApiError("BAD_REQUEST", "New password must be different from your current password.", { reason: "same_password", field: "newPassword" });
    }
    await setPermanentPassword(db, user.id, newPassword);
    // Other devices signed in with the old password are signed out; this one stays.
    const current = await db.query.sessions.findFirst({ where: eq(sessions.id, c.get("sessionId")), columns: { familyId: true } });
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, user.id), ne(sessions.familyId, current?.familyId ?? "")));
    return c.json({ message: "Password updated successfully" });
  });
