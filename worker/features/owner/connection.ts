import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { channels, youtubeOwnerConnections, youtubeOwnerVideos } from "../../db/schema";
import { ApiError } from "../../errors";
import { decryptSecret, encryptSecret } from "../../lib/crypto/aes-gcm";
import {
  GoogleAuthError,
  missingGrants,
  OWNER_SCOPES,
  refreshAccess,
} from "../../providers/google/oauth";
import type { Fetcher } from "../../providers/transport";

/** The short names people see on Google's consent screen ("yt-analytics.readonly"). */
export const shortScope = (scope: string) => scope.replace("https://www.googleapis.com/auth/", "");

/** A channel of the organisation, or 404 (another organisation's channel is never revealed). */
export async function channelOf(db: Db, organizationId: string, channelId: string) {
  const channel = await db.query.channels.findFirst({
    where: and(eq(channels.id, channelId), eq(channels.organizationId, organizationId)),
    columns: { id: true, externalId: true, title: true },
  });
  if (!channel) throw new ApiError("NOT_FOUND", "Channel not found");
  return channel;
}

/**
 * Ends the owner connection of one of the organisation's channels; the exact daily rows go with
 * it (cascade): what the owner's grant gave is not kept without it.
 */
export const deleteOwnerConnection = (db: Db, channelId: string) =>
  db.delete(youtubeOwnerConnections).where(eq(youtubeOwnerConnections.channelId, channelId));

/** What the channel's Edit dialog shows: never the token. */
export async function ownerConnectionView(db: Db, channelId: string) {
  const row = await db.query.youtubeOwnerConnections.findFirst({
    where: eq(youtubeOwnerConnections.channelId, channelId),
  });
  if (!row) return { connected: false as const };
  const [videos] = await db
    .select({ total: count(), done: count(youtubeOwnerVideos.backfilledAt) })
    .from(youtubeOwnerVideos)
    .where(eq(youtubeOwnerVideos.connectionKey, row.key));
  return {
    connected: true as const,
    email: row.googleEmail,
    status: row.status,
    lastError: row.lastError,
    connectedAt: row.createdAt.toISOString(),
    videosBackfilled: videos?.done ?? 0,
    videos: videos?.total ?? 0,
  };
}

export async function saveOwnerConnection(
  db: Db,
  env: Env,
  input: {
    organizationId: string;
    channelId: string;
    userId: string | null;
    email: string;
    refreshToken: string;
    scopes: string;
  },
) {
  const values = {
    googleEmail: input.email,
    refreshTokenCiphertext: await encryptSecret(input.refreshToken, env.ENCRYPTION_KEY),
    scopes: input.scopes,
    status: "active" as const,
    lastError: null,
    connectedByUserId: input.userId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(youtubeOwnerConnections)
    .values({ organizationId: input.organizationId, channelId: input.channelId, ...values })
    .onConflictDoUpdate({ target: youtubeOwnerConnections.channelId, set: values })
    .returning({ key: youtubeOwnerConnections.key });
  return row!.key;
}

export type OwnerConnection = typeof youtubeOwnerConnections.$inferSelect;

/**
 * A fresh access token for a channel's owner. A refused refresh token (revoked, or a scope
 * unticked since) marks the connection errored, so the channel says to reconnect, and the
 * windows fall back to public counts until then.
 */
export async function ownerAccessToken(
  db: Db,
  env: Env,
  fetcher: Fetcher,
  row: OwnerConnection,
): Promise<string> {
  try {
    const tokens = await refreshAccess(
      env,
      fetcher,
      await decryptSecret(row.refreshTokenCiphertext, env.ENCRYPTION_KEY),
    );
    const missing = missingGrants(tokens.scope, OWNER_SCOPES);
    if (tokens.scope !== undefined && missing.length > 0)
      throw new GoogleAuthError(
        "invalid_grant",
        `The channel owner's Google account no longer grants ${missing.map(shortScope).join(" and ")}. Connect owner analytics again and leave every box ticked.`,
      );
    if (row.status !== "active")
      await db
        .update(youtubeOwnerConnections)
        .set({ status: "active", lastError: null })
        .where(eq(youtubeOwnerConnections.key, row.key));
    return tokens.access_token;
  } catch (error) {
    if (error instanceof GoogleAuthError && error.reason === "invalid_grant") {
      await db
        .update(youtubeOwnerConnections)
        .set({ status: "error", lastError: error.message, updatedAt: new Date() })
        .where(eq(youtubeOwnerConnections.key, row.key));
    }
    throw error;
  }
}

/** Videos whose history is written, for progress. */
export const backfilledVideos = (connectionKey: number) =>
  and(
    eq(youtubeOwnerVideos.connectionKey, connectionKey),
    isNotNull(youtubeOwnerVideos.backfilledAt),
  );
