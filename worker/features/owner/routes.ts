import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { ownerApi as routes } from "../../../shared/api/owner";
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
  OWNER_SCOPES,
} from "../../providers/google/oauth";
import { providerFetch } from "../../providers/transport";
import { ownChannel } from "../../providers/youtube/owner-channel";
import { requireAdmin } from "../auth/middleware";
import { membershipOf } from "../auth/users";
import { audit } from "../organization/audit";
import { startOwnerBackfill } from "./backfill";
import {
  channelOf,
  deleteOwnerConnection,
  ownerConnectionView,
  saveOwnerConnection,
  shortScope,
} from "./connection";

/*
 * Connecting a channel's owner (docs/design.md, "Owner analytics"): per channel, through Google's
 * consent screen, with the one callback URL the Google client already has registered
 * (/api/google/callback). This flow's state rides in its own cookie, so it never disturbs an
 * organisation's Drive connection started in another tab.
 */

export const OWNER_COOKIE = "crosscast_owner_oauth";
const CALLBACK_PATH = "/api/google/callback";
/** Sign-in scopes (the account's address, shown on the channel) plus the owner's read access. */
const REQUESTED = ["openid", "email", ...OWNER_SCOPES];
const pendingSchema = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  channelId: z.string(),
  expiresAt: z.number(),
});
const redirectUri = (c: Context<AppEnv>) => `${new URL(c.req.url).origin}${CALLBACK_PATH}`;
/** Back to the dashboard, which says what happened (codes only: no text travels in the URL). */
const dashboardUrl = (result: string, channelId: string, extra: Record<string, string> = {}) =>
  `/dashboard?${new URLSearchParams({ owner: result, channel: channelId, ...extra })}`;

const admin = { middleware: [requireAdmin] };

/** Admin routes under /api/orgs/:orgId/channels/:channelId/owner (shared/api/owner.ts). */
export const ownerRoutes = newRouter()
  .openapi({ ...routes.view, ...admin }, async (c) => {
    const db = c.var.db;
    const channel = await channelOf(db, c.get("org").id, c.req.valid("param").channelId);
    return reply(c, routes.view, await ownerConnectionView(db, channel.id));
  })
  .openapi({ ...routes.connect, ...admin }, async (c) => {
    const channel = await channelOf(c.var.db, c.get("org").id, c.req.valid("param").channelId);
    let auth: ReturnType<typeof createAuthorization>;
    try {
      auth = createAuthorization(c.env, new URL(c.req.url).origin, redirectUri(c), REQUESTED);
    } catch (error) {
      if (error instanceof GoogleAuthError)
        throw new ApiError("BAD_REQUEST", error.message, { reason: error.reason });
      throw error;
    }
    const pending: z.infer<typeof pendingSchema> = {
      state: auth.state,
      codeVerifier: auth.codeVerifier,
      organizationId: c.get("org").id,
      userId: c.get("userId"),
      channelId: channel.id,
      expiresAt: Date.now() + 600_000,
    };
    setCookie(c, OWNER_COOKIE, await encryptSecret(JSON.stringify(pending), c.env.ENCRYPTION_KEY), {
      httpOnly: true,
      secure: new URL(c.req.url).protocol === "https:",
      sameSite: "Lax",
      path: CALLBACK_PATH,
      maxAge: 600,
    });
    return reply(c, routes.connect, { authorizationUrl: auth.url });
  })
  .openapi({ ...routes.disconnect, ...admin }, async (c) => {
    const db = c.var.db;
    const org = c.get("org");
    const channel = await channelOf(db, org.id, c.req.valid("param").channelId);
    await deleteOwnerConnection(db, channel.id);
    await audit(c.var.primary, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "youtube_owner.disconnected",
      targetType: "channel",
      targetId: channel.id,
    });
    return reply(c, routes.disconnect, { connected: false as const });
  });

/**
 * The owner flow's half of GET /api/google/callback. Null when the request is not this flow's
 * (no cookie of ours, or another flow's state), so the Drive connection's handler carries on.
 */
export async function ownerCallback(c: Context<AppEnv>, raw: string): Promise<Response | null> {
  let pending: z.infer<typeof pendingSchema>;
  try {
    pending = pendingSchema.parse(JSON.parse(await decryptSecret(raw, c.env.ENCRYPTION_KEY)));
  } catch {
    return null;
  }
  const { code, state, error } = c.req.query();
  if (state !== pending.state) return null;
  deleteCookie(c, OWNER_COOKIE, { path: CALLBACK_PATH });
  const back = (result: string, extra?: Record<string, string>) =>
    c.redirect(dashboardUrl(result, pending.channelId, extra), 302);
  if (error) return back("denied");
  if (!code || pending.expiresAt < Date.now()) return back("expired");
  const primary = c.var.primary;
  const membership = await membershipOf(primary, pending.userId, pending.organizationId);
  if (membership?.role !== "admin") return back("forbidden");
  // Outside /api/orgs/:orgId, so the organisation's content database is looked up here.
  const db = await organizationContent(c.env, primary, pending.organizationId).then(
    (content) => content.db,
    () => null,
  );
  if (!db) return back("failed");
  const channel = await channelOf(db, pending.organizationId, pending.channelId).catch(() => null);
  if (!channel) return back("channel_gone");
  const fetcher = providerFetch(c.env);
  try {
    const tokens = await exchangeCode(c.env, fetcher, code, pending.codeVerifier, redirectUri(c));
    // A partial grant is refused here, naming what is missing, and nothing is stored.
    const missing = missingGrants(tokens.scope, OWNER_SCOPES);
    if (missing.length > 0)
      return back("missing_scopes", { missing: missing.map(shortScope).join(",") });
    if (!tokens.refresh_token) return back("no_refresh_token");
    // The token must be the tracked channel's owner: another channel's figures would be wrong.
    const own = await ownChannel(fetcher, tokens.access_token);
    if (!own) return back("no_channel");
    if (own.externalId !== channel.externalId)
      return back("wrong_channel", { granted: own.title.slice(0, 100) });
    const email = await fetchAccountEmail(fetcher, tokens.access_token);
    await saveOwnerConnection(db, c.env, {
      organizationId: pending.organizationId,
      channelId: channel.id,
      userId: pending.userId,
      email,
      refreshToken: tokens.refresh_token,
      scopes: tokens.scope ?? "",
    });
    await audit(primary, {
      organizationId: pending.organizationId,
      actorUserId: pending.userId,
      action: "youtube_owner.connected",
      targetType: "channel",
      targetId: channel.id,
      details: { email },
    });
    // The exact history comes in the background; Recent activity shows its progress.
    await startOwnerBackfill(c.env, db, pending.organizationId, channel.id, pending.userId);
    return back("connected");
  } catch (e) {
    c.get("log").warn("owner: connect failed", {
      error: e instanceof Error ? e.message : String(e),
    });
    return back("failed");
  }
}
