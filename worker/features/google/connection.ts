import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { googleConnections } from "../../db/schema";
import { ApiError } from "../../errors";
import { decryptSecret, encryptSecret } from "../../lib/crypto/aes-gcm";
import { GoogleAuthError, missingGrants, refreshAccess } from "../../providers/google/oauth";
import type { Fetcher } from "../../providers/transport";

export async function connectionView(db: Db, organizationId: string) {
  const row = await db.query.googleConnections.findFirst({
    where: eq(googleConnections.organizationId, organizationId),
  });
  if (!row) return { connected: false as const };
  return {
    connected: true as const,
    email: row.googleEmail,
    status: row.status,
    scopes: row.scopes.split(" "),
    lastError: row.lastError,
    connectedAt: row.createdAt.toISOString(),
  };
}

export async function saveConnection(
  db: Db,
  env: Env,
  organizationId: string,
  userId: string,
  email: string,
  refreshToken: string,
  scopes: string,
) {
  const values = {
    googleEmail: email,
    refreshTokenCiphertext: await encryptSecret(refreshToken, env.ENCRYPTION_KEY),
    scopes,
    status: "active" as const,
    lastError: null,
    connectedByUserId: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(googleConnections)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: googleConnections.organizationId, set: values });
}

/**
 * A fresh access token for the organisation's Google account. A refused refresh token marks the
 * connection as errored (so the banner and settings say so) and asks for a reconnect.
 */
export async function googleAccessToken(
  db: Db,
  env: Env,
  fetcher: Fetcher,
  organizationId: string,
): Promise<string> {
  const row = await db.query.googleConnections.findFirst({
    where: eq(googleConnections.organizationId, organizationId),
  });
  if (!row)
    throw new ApiError(
      "BAD_REQUEST",
      "No Google account is connected. An administrator can connect one in Organization Settings.",
      { reason: "google_not_connected" },
    );
  try {
    const tokens = await refreshAccess(
      env,
      fetcher,
      await decryptSecret(row.refreshTokenCiphertext, env.ENCRYPTION_KEY),
    );
    // Access can shrink after connecting (older connections, a changed grant): say so plainly.
    if (tokens.scope !== undefined && missingGrants(tokens.scope).length > 0)
      throw new GoogleAuthError(
        "invalid_grant",
        "The connected Google account no longer lets Crosscast create files in Drive. An administrator needs to connect Google again in Organization Settings and leave every box ticked.",
      );
    if (row.status !== "active")
      await db
        .update(googleConnections)
        .set({ status: "active", lastError: null })
        .where(eq(googleConnections.id, row.id));
    return tokens.access_token;
  } catch (error) {
    if (
      error instanceof GoogleAuthError &&
      (error.reason === "invalid_grant" || error.reason === "not_configured")
    ) {
      // Shown on the connection in Organization Settings, so an admin learns what to do.
      await db
        .update(googleConnections)
        .set({ status: "error", lastError: error.message, updatedAt: new Date() })
        .where(eq(googleConnections.id, row.id));
      throw new ApiError("BAD_REQUEST", error.message, {
        reason:
          error.reason === "invalid_grant" ? "google_reconnect_required" : "google_not_configured",
      });
    }
    // An outage of Google's token endpoint (or its network): a later attempt may succeed.
    throw new ApiError("UNAVAILABLE", "Google could not be reached. Please try again.", {
      reason: "google_unavailable",
    });
  }
}
