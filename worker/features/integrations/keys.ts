import { and, eq } from "drizzle-orm";
import { integrationMissingMessage } from "../../../shared/messages-integrations";
import type { IntegrationType } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { integrations } from "../../db/schema";
import { PermanentJobError } from "../../jobs/job-state";
import { decryptSecret } from "../../lib/crypto/aes-gcm";

/** The organisation's decrypted API key for a provider (only inside the Worker, never returned). */
export async function integrationKey(
  db: Db,
  env: Env,
  organizationId: string,
  type: IntegrationType,
): Promise<string> {
  const row = await db.query.integrations.findFirst({
    where: and(eq(integrations.organizationId, organizationId), eq(integrations.type, type)),
  });
  if (!row) throw new PermanentJobError("integration_missing", integrationMissingMessage[type]);
  return decryptSecret(row.apiKeyCiphertext, env.ENCRYPTION_KEY);
}

/** Records what the provider said about the key on a real call. */
export async function markIntegration(
  db: Db,
  organizationId: string,
  type: IntegrationType,
  status: "active" | "error",
  lastError: string | null = null,
) {
  await db
    .update(integrations)
    .set({ status, lastError, lastCheckedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(integrations.organizationId, organizationId), eq(integrations.type, type)));
}
