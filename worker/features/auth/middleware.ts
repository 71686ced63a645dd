import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { $ZodError } from "zod/v4/core";
import type { Role } from "../../../shared/schemas/enums";
import { combine, type Reads, runReads } from "../../db/reads";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { badRequest } from "../../lib/openapi";
import { verifyAccessToken } from "./jwt";
import {
  isSessionLive,
  type OrgAccess,
  sessionMembership,
  sessionMembershipRead,
} from "./sessions";

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

type Claims = { userId: string; sessionId: string };

/**
 * What the session-and-membership row decides: no live session is 401; not a member (or no such
 * organisation) is 404, never 403, so a foreign organisation's existence is not revealed;
 * otherwise the caller and the organisation are set on the context.
 */
function enterOrg(c: Context<AppEnv>, claims: Claims, access: OrgAccess) {
  if (!access) throw unauthorized();
  c.set("userId", claims.userId);
  c.set("sessionId", claims.sessionId);
  if (!access.membership) throw new ApiError("NOT_FOUND", "Organization not found");
  c.set("org", access.membership.organization);
  c.set("role", access.membership.role);
}

// Mounted under /orgs/:orgId, so the parameter is always there.
const orgIdOf = (c: Context<AppEnv>) => c.req.param("orgId") ?? "";

/**
 * For /api/orgs/:orgId/*, in place of requireUser: the live session and the caller's membership
 * in one statement (one D1 round trip).
 */
export const orgScope = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await bearerClaims(c);
  enterOrg(c, claims, await sessionMembership(c.var.db, { ...claims, orgId: orgIdOf(c) }));
  await next();
});

/*
 * orgScope inside a route's own round trip, for the busiest reads (a table page): the middleware
 * checks only the token (no database), and the handler sends the session-and-membership statement
 * in the same D1 batch as its reads (`readInOrg`). The reads' results are used only once the
 * access check passed, so the caller sees exactly what orgScope would answer (401, 404) and
 * nothing of the organisation's data otherwise.
 */
export const orgToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set("claims", await bearerClaims(c));
  await next();
});

/** The access check and the route's reads of the organisation in one batch (after orgToken). */
export async function readInOrg<T>(
  c: Context<AppEnv>,
  reads: (orgId: string) => Reads<T>,
): Promise<T> {
  const claims = c.get("claims");
  const orgId = orgIdOf(c);
  const { access, value } = await runReads(
    c.var.db,
    combine(
      sessionMembershipRead(c.var.db, { ...claims, orgId }),
      reads(orgId),
      (access, value) => ({
        access,
        value,
      }),
    ),
  );
  enterOrg(c, claims, access);
  return value;
}

/**
 * The validation hook of orgToken's routes: a request that fails validation is still answered as
 * orgScope would first (401, 404), and only a member's request gets the 400 naming the field.
 */
export function checkOrgFirst(
  result: { success: boolean; error?: unknown },
  c: Context<AppEnv>,
): Promise<never> | undefined {
  return result.success ? undefined : refuseInvalid(c, result.error as $ZodError);
}
async function refuseInvalid(c: Context<AppEnv>, error: $ZodError): Promise<never> {
  const claims = c.get("claims");
  enterOrg(c, claims, await sessionMembership(c.var.db, { ...claims, orgId: orgIdOf(c) }));
  throw badRequest(error);
}

/** Admin-only actions: checked on the server, always (hiding a button is not a check). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const role: Role | undefined = c.get("role");
  if (role !== "admin")
    throw new ApiError("FORBIDDEN", "You need admin permissions to access organization settings.", {
      reason: "admin_required",
    });
  await next();
});
