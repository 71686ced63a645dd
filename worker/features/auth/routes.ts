import type { Context } from "hono";
import { authApi as routes } from "../../../shared/api/auth";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { verifyPassword } from "../../lib/crypto/password";
import { newRouter, reply } from "../../lib/openapi";
import { endBoardAccess, familyOfSession } from "../../rooms/access";
import { acceptAccountInvitations } from "../organization/invitations";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./cookies";
import {
  checkCredentials,
  confirmEmail,
  invalidCredentials,
  proveAddress,
  setPermanentPassword,
  withdrawPendingReset,
} from "./credentials";
import { accessTokenResponse, signInUser } from "./issue-tokens";
import { consumeLinkToken } from "./link-tokens";
import { requireUser } from "./middleware";
import {
  accountKey,
  assertUnderLimit,
  ipKey,
  recordAttempt,
  resetRules,
  signUpRules,
} from "./rate-limit";
import { clientIp, requestMeta } from "./request-meta";
import { requestSelfReset, SELF_RESET_ANSWER } from "./self-reset";
import { familyOf, revokeFamily, revokeOtherSessions, rotateSession } from "./sessions";
import { assertMayTrySignIn, forgiveSignInFailures, recordSignInFailure } from "./sign-in-throttle";
import { assertSignupAllowed, SIGNUP_ACCEPTED, signUp } from "./signup";
import { findUserById, meResponse } from "./users";
import { authReason } from "./validation-reason";

/** After a password change: every other sign-in ends, with its open boards. */
async function endOtherSignIns(c: Context<AppEnv>, db: Db, userId: string) {
  await revokeOtherSessions(db, userId, c.get("sessionId"));
  const current = await familyOfSession(db, c.get("sessionId"));
  await endBoardAccess(c.env, db, {
    userId,
    reason: "access_ended",
    ...(current ? { exceptFamilyId: current } : {}),
  });
}

/** One sign-in ended (signed out, or revoked for a reused refresh token): its boards close. */
async function closeSignInBoards(
  c: Context<AppEnv>,
  db: Db,
  family: { userId: string; familyId: string },
) {
  await endBoardAccess(c.env, db, {
    userId: family.userId,
    familyId: family.familyId,
    reason: "access_ended",
  });
}

const currentUser = async (db: Db, userId: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
  return user;
};

const samePassword = () =>
  new ApiError("BAD_REQUEST", "New password must be different from your current password.", {
    reason: "same_password",
    field: "newPassword",
  });

/** set-password outside a welcome or reset: the words depend on which page asked (spec section 5). */
const invalidSession = (type: "invite" | "recovery" | undefined) =>
  type === "invite"
    ? new ApiError("FORBIDDEN", "Invalid session. Please request a new invitation.", {
        reason: "invalid_session_invite",
      })
    : new ApiError("FORBIDDEN", "Invalid session. Please request a new password reset.", {
        reason: "invalid_session_reset",
      });

/** Rate-limit keys of a request: the account (email) and the caller's address. */
const limitKeys = (c: Parameters<typeof clientIp>[0], email: string) => ({
  account: accountKey(email),
  ip: ipKey(clientIp(c)),
});

// A new password shorter than the minimum carries the reason the client shows the spec's words for.
const router = newRouter({ reason: authReason });
for (const path of ["/auth/me", "/auth/set-password", "/auth/password"])
  router.use(path, requireUser);

/** /api/auth/*: the routes of shared/api/auth.ts. */
export const authRoutes = router
  .openapi(routes.signUp, async (c) => {
    assertSignupAllowed(c);
    const input = c.req.valid("json");
    const db = c.var.primary;
    const keys = limitKeys(c, input.email);
    await assertUnderLimit(db, keys, signUpRules);
    await recordAttempt(db, keys, "signup");
    await signUp(c, db, input);
    return reply(c, routes.signUp, { message: SIGNUP_ACCEPTED });
  })
  .openapi(routes.confirm, async (c) => {
    const token = c.req.valid("query").token ?? "";
    const db = c.var.primary;
    const used =
      token.length >= 10 && token.length <= 200
        ? await consumeLinkToken(db, token, ["confirm_email"])
        : null;
    if (!used) return c.redirect("/?confirmed=0", 302);
    // The sign-up password stays: the link went to the address it was chosen for.
    await confirmEmail(db, used.userId);
    return c.redirect("/?confirmed=1", 302);
  })
  .openapi(routes.signIn, async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.primary;
    const ip = clientIp(c);
    await assertMayTrySignIn(c, db, email, ip);
    const match = await checkCredentials(db, email, password);
    if (!match) {
      await recordSignInFailure(db, email, ip);
      throw invalidCredentials();
    }
    const { user, via } = match;
    if (via === "temporary") {
      await proveAddress(db, user);
      // Signing in with the invitation's temporary password is accepting that invitation.
      if (user.isNewUser) await acceptAccountInvitations(db, user);
    } else {
      if (!user.emailConfirmedAt)
        throw new ApiError("FORBIDDEN", "Please check your email and confirm your account first.", {
          reason: "email_not_confirmed",
        });
      await withdrawPendingReset(db, user);
    }
    await forgiveSignInFailures(db, email, ip);
    return reply(c, routes.signIn, await signInUser(c, db, user.id));
  })
  .openapi(routes.refresh, async (c) => {
    const token = readRefreshCookie(c);
    if (!token)
      throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
    try {
      const db = c.var.primary;
      const next = await rotateSession(db, token, requestMeta(c));
      setRefreshCookie(c, next.refreshToken);
      const tokens = await accessTokenResponse(c, next.userId, next.sessionId);
      if (c.req.valid("query").include !== "me") return reply(c, routes.refresh, tokens);
      // A page load restoring its session: /me's answer now, not a round trip later.
      const me = await meResponse(db, await currentUser(db, next.userId));
      return reply(c, routes.refresh, { ...tokens, me });
    } catch (error) {
      if (error instanceof ApiError && error.code === "UNAUTHORIZED") clearRefreshCookie(c);
      // A refresh token that came back revoked its whole sign-in: its open boards close too.
      if (error instanceof ApiError && error.reason === "refresh_token_reused") {
        const db = c.var.primary;
        const family = await familyOf(db, token);
        if (family) await closeSignInBoards(c, db, family);
      }
      throw error;
    }
  })
  .openapi(routes.signOut, async (c) => {
    const token = readRefreshCookie(c);
    if (token) {
      const db = c.var.primary;
      const family = await familyOf(db, token);
      if (family) {
        await revokeFamily(db, family.familyId);
        await closeSignInBoards(c, db, family);
      }
    }
    clearRefreshCookie(c);
    return c.body(null, 204);
  })
  .openapi(routes.resetRequest, async (c) => {
    const { email } = c.req.valid("json");
    const db = c.var.primary;
    const keys = limitKeys(c, email);
    await assertUnderLimit(db, keys, resetRules);
    await recordAttempt(db, keys, "reset_request");
    await requestSelfReset(c, db, email);
    return reply(c, routes.resetRequest, { message: SELF_RESET_ANSWER });
  })
  .openapi(routes.link, async (c) => {
    const db = c.var.primary;
    const used = await consumeLinkToken(db, c.req.valid("json").token, ["invite", "recovery"]);
    if (!used)
      throw new ApiError("UNAUTHORIZED", "This link is invalid or has expired.", {
        reason: "invalid_link",
      });
    const linked = await currentUser(db, used.userId);
    await proveAddress(db, linked);
    if (used.kind === "invite") await acceptAccountInvitations(db, linked);
    const tokens = await signInUser(c, db, used.userId);
    return reply(c, routes.link, {
      ...tokens,
      type: used.kind === "invite" ? "invite" : "recovery",
    });
  })
  .openapi(routes.me, async (c) => {
    const db = c.var.primary;
    const { organizationId } = c.req.valid("query");
    const user = await currentUser(db, c.get("userId"));
    return reply(c, routes.me, await meResponse(db, user, organizationId));
  })
  .openapi(routes.setPassword, async (c) => {
    const db = c.var.primary;
    const user = await currentUser(db, c.get("userId"));
    const { newPassword, type } = c.req.valid("json");
    if (!user.isNewUser && !user.isPasswordReset) throw invalidSession(type);
    // Neither the old password nor the emailed temporary one may become the permanent password.
    if (await verifyPassword(newPassword, user.passwordHash)) throw samePassword();
    if (
      user.temporaryPasswordHash &&
      (await verifyPassword(newPassword, user.temporaryPasswordHash))
    )
      throw samePassword();
    await setPermanentPassword(db, user.id, newPassword);
    // A reset may mean the account was in someone else's hands: end every other session.
    await endOtherSignIns(c, db, user.id);
    return reply(c, routes.setPassword, { message: "Password updated successfully" });
  })
  .openapi(routes.changePassword, async (c) => {
    const db = c.var.primary;
    const user = await currentUser(db, c.get("userId"));
    const { currentPassword, newPassword } = c.req.valid("json");
    // Checking the current password is a sign-in attempt (the spec verifies it by signing in), so
    // a stolen access token cannot be used to guess it faster than the sign-in form allows.
    const ip = clientIp(c);
    await assertMayTrySignIn(c, db, user.email, ip);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      await recordSignInFailure(db, user.email, ip);
      throw new ApiError("BAD_REQUEST", "Current password is incorrect", {
        reason: "current_password_incorrect",
        field: "currentPassword",
      });
    }
    if (currentPassword === newPassword) throw samePassword();
    await setPermanentPassword(db, user.id, newPassword);
    // Other devices signed in with the old password are signed out; this one stays.
    await endOtherSignIns(c, db, user.id);
    return reply(c, routes.changePassword, { message: "Password updated successfully" });
  });
