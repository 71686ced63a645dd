import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../../shared/schemas/enums";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { verifyAccessToken } from "./jwt";
import { isSessionLive, sessionMembership } from "./sessions";

const unauthorized = () =>
  new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });

/** The bearer access token's claims (signature and expiry checked), or 401. */
async function bearerClaims(c: Context<AppEnv>) {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(token, c.env.JWT_SECRET);
  if (!claims) throw unauthorized();
  return claims;
}

/** Requires a valid bearer access token whose session is still live; sets userId and sessionId. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await bearerClaims(c);
  if (!(await isSessionLive(c.var.db, claims.sessionId, claims.userId))) throw unauthorized();
  c.set("userId", claims.userId);
  c.set("sessionId", claims.sessionId);
  await next();
});

/**
 * For /api/orgs/:orgId/*, in place of requireUser: the live session and the caller's membership
 * in one statement (one D1 round trip). No session is 401; not a member (or no such
 * organisation) is 404, never 403, so a foreign organisation's existence is not revealed.
 */
export const orgScope = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await bearerClaims(c);
  // Mounted under /orgs/:orgId, so the parameter is always there.
  const orgId = c.req.param("orgId") ?? "";
  const access = await sessionMembership(c.var.db, { ...claims, orgId });
  if (!access) throw unauthorized();
  c.set("userId", claims.userId);
  c.set("sessionId", claims.sessionId);
  if (!access.membership) throw new ApiError("NOT_FOUND", "Organization not found");
  c.set("org", access.membership.organization);
  c.set("role", access.membership.role);
  await next();
});

/** Admin-only actions: checked on the server, always (hiding a button is not a check). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const role: Role | undefined = c.get("role");
  if (role !== "admin")
    throw new ApiError("FORBIDDEN", "You need admin permissions to access organization settings.", {
      reason: "admin_required",
    });
  await next();
});
