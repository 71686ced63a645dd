import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { channels, youtubeOwnerConnections } from "../../db/schema";
import { installedSandbox } from "../../lib/sandbox";
import { OWNER_SCOPES } from "../../providers/google/oauth";
import { startOwnerBackfill } from "../owner/backfill";
import { saveOwnerConnection } from "../owner/connection";

/** The demo channel whose owner is connected; the other demo channels stay public. */
export const DEMO_OWNER_HANDLE = "@demomedia-daily";
const DEMO_OWNER_ACCOUNT = "demomedia-daily@gmail.com";

/**
 * Development only: connects the demo's owner channel as its owner would through Google's
 * consent (a sandbox refresh token for the account that owns it), then queues the same backfill
 * a real connection starts. Nothing happens if it is connected already or not ingested yet.
 */
export async function connectDemoOwner(
  env: Env,
  db: Db,
  organizationId: string,
  userId: string | null,
) {
  const channel = await db.query.channels.findFirst({
    where: and(eq(channels.organizationId, organizationId), eq(channels.handle, DEMO_OWNER_HANDLE)),
    columns: { id: true },
  });
  if (!channel) return { connected: false };
  const existing = await db.query.youtubeOwnerConnections.findFirst({
    where: eq(youtubeOwnerConnections.channelId, channel.id),
    columns: { key: true },
  });
  if (existing) return { connected: true };
  const scopes = ["openid", "https://www.googleapis.com/auth/userinfo.email", ...OWNER_SCOPES];
  await saveOwnerConnection(db, env, {
    organizationId,
    channelId: channel.id,
    userId,
    email: DEMO_OWNER_ACCOUNT,
    refreshToken: installedSandbox().googleRefreshTokenFor(DEMO_OWNER_ACCOUNT, scopes),
    scopes: scopes.join(" "),
  });
  await startOwnerBackfill(env, db, organizationId, channel.id, userId);
  return { connected: true };
}
