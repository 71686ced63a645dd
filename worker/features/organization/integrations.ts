import { eq } from "drizzle-orm";
import type { IntegrationType } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { integrations } from "../../db/schema";
import { encryptSecret } from "../../lib/crypto/aes-gcm";

const mask = (last4: string) => `••••${last4}`;

/** What the browser may see of the keys: type, status and a mask. Never the key. */
export async function integrationViews(db: Db, organizationId: string) {
  const rows = await db
    .select()
    .from(integrations)
    .where(eq(integrations.organizationId, organizationId));
  return rows.map((r) => ({
    type: r.type,
    status: r.status,
    mask: mask(r.apiKeyLast4),
    lastCheckedAt: r.lastCheckedAt?.toISOString() ?? null,
    lastError: r.lastError,
  }));
}

/**
 * Saves a key encrypted (AES-GCM). Changing a key in Organization Settings sets the status to
 * pending until the next successful call proves it (spec section 4).
 */
export async function saveApiKey(
  db: Db,
  encryptionKey: string,
  organizationId: string,
  type: IntegrationType,
  apiKey: string,
  status: "pending" | "active" = "pending",
) {
  const values = {
    apiKeyCiphertext: await encryptSecret(apiKey, encryptionKey),
    apiKeyLast4: apiKey.slice(-4),
    status,
    lastError: null,
    lastCheckedAt: status === "active" ? new Date() : null,
    updatedAt: new Date(),
  };
  await db
    .insert(integrations)
    .values({ organizationId, type, ...values })
    .onConflictDoUpdate({ target: [integrations.organizationId, integrations.type], set: values });
}
