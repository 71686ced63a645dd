import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { $ZodError } from "zod/v4/core";
import type { Role } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import {
  handleFor,
  organizationMoving,
  rememberBinding,
  rememberedBinding,
} from "../../db/directory";
import { combine, type Reads, runReads } from "../../db/reads";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { PRIMARY_BINDING } from "../../lib/content-databases";
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
  if (!(await isSessionLive(c.var.primary, claims.sessionId, claims.userId))) throw unauthorized();
  c.set("userId", claims.userId);
  c.set("sessionId", claims.sessionId);
  await next();
});

type Claims = { userId: string; sessionId: string };

/**
 * What the session-and-membership row decides: no live session is 401; not a member (or no such
 * organisation) is 404, never 403, so a foreign organisation's existence is not revealed; a
 * member of an organisation being moved is 503 (the move is a short freeze); otherwise the
 * caller and the organisation are set on the context, and `db` becomes the organisation's content
 * database. Answers that database's binding.
 */
function enterOrg(c: Context<AppEnv>, claims: Claims, access: OrgAccess): string {
  if (!access) throw unauthorized();
  c.set("userId", claims.userId);
  c.set("sessionId", claims.sessionId);
  // The reason lets a page that was open while its person was removed know to read /me again.
  if (!access.membership)
    throw new ApiError("NOT_FOUND", "Organization not found", { reason: "not_a_member" });
  const { organization, role, placement } = access.membership;
  if (placement.movingTo) throw organizationMoving();
  c.set("org", organization);
  c.set("role", role);
  c.set("db", handleFor(c.env, c.var.primary, placement.binding));
  rememberBinding(organization.id, placement.binding);
  return placement.binding;
}

// Mounted under /orgs/:orgId, so the parameter is always there.
const orgIdOf = (c: Context<AppEnv>) => c.req.param("orgId") ?? "";

/**
 * For /api/orgs/:orgId/*, in place of requireUser: the live session, the caller's membership and
 * the organisation's content database in one statement (one round trip on the primary database).
 */
export const orgScope = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await bearerClaims(c);
  enterOrg(c, claims, await sessionMembership(c.var.primary, { ...claims, orgId: orgIdOf(c) }));
  await next();
});

/*
 * orgScope inside a route's own round trip, for the busiest reads (a table page): the middleware
 * checks only the token (no database), and the handler runs the access check alongside its reads
 * (`readInOrg`). The reads' results are used only once the access check passed, so the caller
 * sees exactly what orgScope would answer (401, 404, 503) and nothing of the organisation's data
 * otherwise.
 */
export const orgToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set("claims", await bearerClaims(c));
  await next();
});

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * The access check and the route's reads of the organisation (after orgToken). The check is on
 * the primary database and the reads on the organisation's content database, so they cannot share
 * a batch; in the steady state they still cost one round trip: the reads go to the database this
 * isolate last saw for the organisation, in parallel with the check, and are kept only when the
 * check's directory answer names the same database. Otherwise (the isolate's first request for
 * the organisation, or after a move) they run again on the right one once the check passed.
 */
export async function readInOrg<T>(
  c: Context<AppEnv>,
  reads: (db: Db, orgId: string) => Reads<T>,
): Promise<T> {
  const claims = c.get("claims");
  const orgId = orgIdOf(c);
  const primary = c.var.primary;
  const guess = rememberedBinding(orgId);
  const check = sessionMembershipRead(primary, { ...claims, orgId });
  if (guess === PRIMARY_BINDING) {
    // Content in the primary database (created before the split): check and reads share a batch.
    const both = combine(check, reads(primary, orgId), (access, value) => ({ access, value }));
    const { access, value } = await runReads(primary, both);
    if (enterOrg(c, claims, access) === PRIMARY_BINDING) return value;
    return runReads(c.var.db, reads(c.var.db, orgId));
  }
  // Settled at once, so a failure of the early reads is never an unhandled rejection; it only
  // counts if the check passes and names that database.
  const early = guess
    ? settle(
        Promise.resolve().then(() => {
          const db = handleFor(c.env, primary, guess);
          return runReads(db, reads(db, orgId));
        }),
      )
    : null;
  const binding = enterOrg(c, claims, await runReads(primary, check));
  if (early && guess === binding) {
    const result = await early;
    if (result.ok) return result.value;
    throw result.error;
  }
  return runReads(c.var.db, reads(c.var.db, orgId));
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
  enterOrg(c, claims, await sessionMembership(c.var.primary, { ...claims, orgId: orgIdOf(c) }));
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
