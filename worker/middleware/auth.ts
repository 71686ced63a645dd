import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/schemas/enums";
import { getDb } from "../db/client";
import { organizations, userOrganizations } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { verifyAccessToken } from "../features/auth/jwt";
import { isSessionLive } from "../features/auth/sessions";

const unauthorized = () =>
  new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });

/** Requires a valid bearer access token whose session is still live; sets userId and sessionId. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(token, c.env.JWT_SECRET);
  if (!claims || !(await isSessionLive(getDb(c.env), claims.sessionId))) throw unauthorized();
  c.set("userId", claims.userId);
  c.set("sessionId", claims.sessionId);
  await next();
});

/**
 * For /api/orgs/:orgId/*: resolves the caller's membership once. Not a member (or no such
 * organisation) is 404, never 403, so a foreign organisation's existence is not revealed.
 */
export const orgScope = createMiddleware<AppEnv>(async (c, next) => {
  const orgId = c.req.param("orgId");
  const userId = c.get("userId");
  if (!orgId || !userId) throw new ApiError("NOT_FOUND", "Organization not found");
  const [row] = await getDb(c.env)
    .select({ role: userOrganizations.role, organization: organizations })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(and(eq(userOrganizations.organizationId, orgId), eq(userOrganizations.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError("NOT_FOUND", "Organization not found");
  c.set("org", row.organization);
  c.set("role", row.role);
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
