import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { googleApi as routes } from "../../../shared/api/google";
import { organizationContent } from "../../db/directory";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { decryptSecret, encryptSecret } from "../../lib/crypto/aes-gcm";
import { newRouter, reply } from "../../lib/openapi";
import {
  createAuthorization,
  exchangeCode,
  fetchAccountEmail,
  GoogleAuthError,
  missingGrants,
} from "../../providers/google/oauth";
import { providerFetch } from "../../providers/transport";
import { requireAdmin } from "../auth/middleware";
import { membershipOf } from "../auth/users";
import { audit } from "../organization/audit";
import { OWNER_COOKIE, ownerCallback } from "../owner/routes";
import { connectionView, saveConnection } from "./connection";
import { deleteConnection } from "./queries";

const STATE_COOKIE = "crosscast_google_oauth";
const CALLBACK_PATH = "/api/google/callback";
const pendingSchema = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  expiresAt: z.number(),
});
const redirectUri = (c: Context<AppEnv>) => `${new URL(c.req.url).origin}${CALLBACK_PATH}`;
const settingsUrl = (result: string) => `/organization-settings?google=${result}`;

const admin = { middleware: [requireAdmin] };

/** The organisation's Google account: admin routes under /api/orgs/:orgId/google. */
export const googleOrgRoutes = newRouter()
  .openapi({ ...routes.view, ...admin }, async (c) =>
    reply(c, routes.view, await connectionView(c.var.db, c.get("org").id)),
  )
  .openapi({ ...routes.connect, ...admin }, async (c) => {
    let auth: ReturnType<typeof createAuthorization>;
    try {
      auth = createAuthorization(c.env, new URL(c.req.url).origin, redirectUri(c));
    } catch (error) {
      if (error instanceof GoogleAuthError)
        throw new ApiError("BAD_REQUEST", error.message, { reason: error.reason });
      throw error;
    }
    // State and PKCE verifier ride in an encrypted, short-lived cookie only the callback receives.
    const pending = {
      state: auth.state,
      codeVerifier: auth.codeVerifier,
      organizationId: c.get("org").id,
      userId: c.get("userId"),
      expiresAt: Date.now() + 600_000,
    };
    setCookie(c, STATE_COOKIE, await encryptSecret(JSON.stringify(pending), c.env.ENCRYPTION_KEY), {
      httpOnly: true,
      secure: new URL(c.req.url).protocol === "https:",
      sameSite: "Lax", // Google's redirect back is a top-level cross-site navigation
      path: CALLBACK_PATH,
      maxAge: 600,
    });
    return reply(c, routes.connect, { authorizationUrl: auth.url });
  })
  .openapi({ ...routes.disconnect, ...admin }, async (c) => {
    const org = c.get("org");
    await deleteConnection(org.id, c.var.db);
    await audit(c.var.primary, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "google.disconnected",
      targetType: "google_connection",
    });
    return reply(c, routes.disconnect, { connected: false });
  });

/** GET /api/google/callback: Google sends the browser back here (no bearer token on a redirect). */
export const googleCallbackRoutes = newRouter().openapi(routes.callback, async (c) => {
  // One registered callback URL serves both flows: a channel owner's, when its state matches.
  const owner = getCookie(c, OWNER_COOKIE);
  const ownerAnswer = owner ? await ownerCallback(c, owner) : null;
  if (ownerAnswer) return ownerAnswer;
  const raw = getCookie(c, STATE_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: CALLBACK_PATH });
  const { code, state, error } = c.req.valid("query");
  if (!raw) return c.redirect(settingsUrl("expired"), 302);
  let pending: z.infer<typeof pendingSchema>;
  try {
    pending = pendingSchema.parse(JSON.parse(await decryptSecret(raw, c.env.ENCRYPTION_KEY)));
  } catch {
    return c.redirect(settingsUrl("expired"), 302);
  }
  if (error) return c.redirect(settingsUrl("denied"), 302);
  if (!code || state !== pending.state || pending.expiresAt < Date.now())
    return c.redirect(settingsUrl("expired"), 302);
  const primary = c.var.primary;
  // The person who started the flow must still be an admin of that organisation.
  const membership = await membershipOf(primary, pending.userId, pending.organizationId);
  if (membership?.role !== "admin") return c.redirect(settingsUrl("forbidden"), 302);
  // Outside /api/orgs/:orgId, so the organisation's content database is looked up here.
  const db = await organizationContent(c.env, primary, pending.organizationId).then(
    (content) => content.db,
    () => null,
  );
  if (!db) return c.redirect(settingsUrl("failed"), 302);
  const fetcher = providerFetch(c.env);
  try {
    const tokens = await exchangeCode(c.env, fetcher, code, pending.codeVerifier, redirectUri(c));
    // Caught here, at connect time: a partial grant would otherwise "connect" and fail later.
    if (missingGrants(tokens.scope).length > 0)
      return c.redirect(settingsUrl("missing_scopes"), 302);
    if (!tokens.refresh_token) return c.redirect(settingsUrl("no_refresh_token"), 302);
    const email = await fetchAccountEmail(fetcher, tokens.access_token);
    await saveConnection(
      db,
      c.env,
      pending.organizationId,
      pending.userId,
      email,
      tokens.refresh_token,
      tokens.scope ?? "",
    );
    await audit(primary, {
      organizationId: pending.organizationId,
      actorUserId: pending.userId,
      action: "google.connected",
      targetType: "google_connection",
      details: { email },
    });
    return c.redirect(settingsUrl("connected"), 302);
  } catch (e) {
    c.get("log").warn("google: connect failed", {
      error: e instanceof Error ? e.message : String(e),
    });
    return c.redirect(settingsUrl("failed"), 302);
  }
});
