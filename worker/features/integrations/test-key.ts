import {
  connectFailedMessage,
  integrationMessages,
  invalidKeyMessage,
} from "../../../shared/messages-integrations";
import type { IntegrationType } from "../../../shared/schemas/enums";
import { ApiError } from "../../errors";
import { simplecastClient, youtubeClient } from "../../providers/clients";
import { ProviderError } from "../../providers/http";

/**
 * Proves a key with one real, cheap call before it is saved. The spec's test call for YouTube
 * (channels.list mine=true) needs an OAuth token and always fails with a plain API key, so the
 * equivalent here is channels.list forHandle=@YouTube: 1 quota unit, and it fails exactly when
 * the key is invalid, its project lacks the API, or its quota is spent. Simplecast: the podcasts
 * list, which the add-shows dialog needs next anyway.
 */
export async function testApiKey(env: Env, type: IntegrationType, apiKey: string): Promise<void> {
  try {
    if (type === "youtube")
      await youtubeClient(env, apiKey, { maxRetries: 1 }).channelByHandle("@YouTube");
    else await simplecastClient(env, apiKey, { maxRetries: 1 }).podcasts();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "invalid_key" || error.kind === "forbidden")
      throw new ApiError("BAD_REQUEST", invalidKeyMessage(type), {
        reason: "invalid_key",
        field: "apiKey",
      });
    if (error.kind === "quota_exceeded")
      throw new ApiError("BAD_REQUEST", integrationMessages.quotaExceeded, {
        reason: "quota_exceeded",
        field: "apiKey",
      });
    throw new ApiError("BAD_REQUEST", connectFailedMessage(type), {
      reason: "provider_unavailable",
    });
  }
}
